import type { ConfigService } from '@nestjs/config';
import { discoveryConfig } from '../../src/config/discovery.config';
import type { RootConfig } from '../../src/config';
import { DiscoveryService } from '../../src/discovery/discovery.service';

/** Sets the environment for one config read. */
function withEnv<T>(env: Record<string, string | undefined>, read: () => T): T {
  const saved = { ...process.env };
  Object.assign(process.env, env);
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete process.env[k];
  try {
    return read();
  } finally {
    process.env = saved;
  }
}

describe('discovery configuration and schedule', () => {
  it('runs every 60 minutes by default, and not at all under NODE_ENV=test', () => {
    expect(withEnv({ NODE_ENV: 'production', DISCOVERY_INTERVAL_MINUTES: undefined }, () => discoveryConfig())).toEqual({ intervalMinutes: 60, windowSeconds: 300, minUsers: 3, lookbackDays: 30 });
    expect(withEnv({ NODE_ENV: 'test', DISCOVERY_INTERVAL_MINUTES: undefined }, () => discoveryConfig()).intervalMinutes).toBe(0);
    expect(withEnv({ NODE_ENV: 'test', DISCOVERY_INTERVAL_MINUTES: '15', DISCOVERY_MIN_USERS: '5' }, () => discoveryConfig())).toMatchObject({ intervalMinutes: 15, minUsers: 5 });
  });

  it('refuses a bad value at boot, naming the variable', () => {
    expect(() => withEnv({ DISCOVERY_INTERVAL_MINUTES: 'hourly' }, () => discoveryConfig())).toThrow(/DISCOVERY_INTERVAL_MINUTES="hourly"/);
    expect(() => withEnv({ DISCOVERY_MIN_USERS: '0' }, () => discoveryConfig())).toThrow(/DISCOVERY_MIN_USERS/);
  });

  describe('the schedule', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    const service = (intervalMinutes: number) => {
      const config = { getOrThrow: () => ({ intervalMinutes, windowSeconds: 300, minUsers: 3, lookbackDays: 30 }) } as unknown as ConfigService<RootConfig, true>;
      // only the schedule is under test: run() is replaced, so the job's collaborators are never reached
      const none = undefined as never;
      const s = new DiscoveryService(config, none, none, none, none, none, none, none);
      const run = jest.spyOn(s, 'run').mockResolvedValue({ ran: false } as Awaited<ReturnType<DiscoveryService['run']>>);
      return { s, run };
    };

    it('runs once per interval, and stops at shutdown', async () => {
      const { s, run } = service(15);
      s.onModuleInit();
      jest.advanceTimersByTime(15 * 60_000 - 1);
      expect(run).not.toHaveBeenCalled();
      jest.advanceTimersByTime(1);
      expect(run).toHaveBeenCalledTimes(1);
      jest.advanceTimersByTime(15 * 60_000);
      expect(run).toHaveBeenCalledTimes(2);
      await s.beforeApplicationShutdown();
      jest.advanceTimersByTime(60 * 60_000);
      expect(run).toHaveBeenCalledTimes(2);
    });

    it('sets no timer when the interval is 0', () => {
      const { s, run } = service(0);
      s.onModuleInit();
      jest.advanceTimersByTime(24 * 60 * 60_000);
      expect(run).not.toHaveBeenCalled();
    });
  });
});

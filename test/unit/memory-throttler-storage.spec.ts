import { expect, jest } from '@jest/globals';
import { ThrottlerStorageService } from '@nestjs/throttler';
import { MemoryThrottlerStorage, SWEEP_INTERVAL_MS } from '../../src/throttle/memory-throttler-storage';
import { prng } from '../../bench/prng';

/** The library storage's sweep, private in its typings (@nestjs/throttler is pinned: package.json). */
interface LibrarySweep {
  evictIdleRecords(now: number): void;
}

/** A key as the rate-limit guard makes them, with its throttler's settings (fixed per key, as in the service). */
interface KeySpec {
  key: string;
  name: string;
  ttl: number;
  limit: number;
  blockDuration: number;
}

describe("MemoryThrottlerStorage (the library's counting rules at a cost that does not grow with the window)", () => {
  const START = Date.UTC(2026, 10, 23, 9, 0, 0);
  beforeEach(() => jest.useFakeTimers({ now: START }));
  afterEach(() => jest.useRealTimers());

  // blockDuration 0: refused hit by hit; = ttl: the guard's default; longer or shorter than the window
  const settings: [string, Omit<KeySpec, 'key' | 'name'>][] = [
    ['refused hit by hit (blockDuration 0)', { ttl: 1000, limit: 3, blockDuration: 0 }],
    ['blocked for the window (blockDuration = ttl)', { ttl: 1000, limit: 4, blockDuration: 1000 }],
    ['blocked beyond the window', { ttl: 2000, limit: 2, blockDuration: 3500 }],
    ['a block shorter than the window (its hits are forgotten when it ends)', { ttl: 3000, limit: 3, blockDuration: 1000 }],
    ['a minute window', { ttl: 60_000, limit: 5, blockDuration: 60_000 }],
  ];

  it.each(settings)('answers every request as ThrottlerStorageService does: %s', async (_name, s) => {
    const rand = prng(Object.values(s).reduce((a, b) => a + b, 7));
    const library = new ThrottlerStorageService();
    const ours = new MemoryThrottlerStorage();
    const keys: KeySpec[] = ['alice', 'bob', 'carol'].map((who, i) => ({ key: `expansion:${who}`, name: i === 2 ? 'synonyms' : 'expansion', ...s }));
    let refused = 0;
    let swept = 0;
    for (let i = 0; i < 3000; i++) {
      const k = keys[Math.floor(rand() * keys.length)];
      // bursts (same millisecond), pauses up to twice the window, and now and then the clock set back
      const r = rand();
      const step = r < 0.4 ? 0 : r < 0.88 ? Math.floor(rand() * (s.ttl / 4)) : r < 0.98 ? Math.floor(rand() * 2 * Math.max(s.ttl, s.blockDuration)) : -Math.floor(rand() * s.ttl);
      jest.setSystemTime(Date.now() + step);
      const expected = await library.increment(k.key, k.ttl, k.limit, k.blockDuration, k.name);
      const actual = await ours.increment(k.key, k.ttl, k.limit, k.blockDuration, k.name);
      expect(actual).toEqual(expected);
      if (expected.isBlocked) refused++;
      // the sweep at random moments (its timer fires once a minute; here also mid-window and mid-block): both drop
      // the same keys, and count them again from zero when they return
      if (rand() < 0.05) {
        const before = library.storage.size;
        (library as unknown as LibrarySweep).evictIdleRecords(Date.now());
        ours.evictIdle(Date.now());
        expect(ours.size).toBe(library.storage.size);
        swept += before - library.storage.size;
      }
    }
    expect(swept).toBeGreaterThan(0);
    // the sequence reached both sides of the limit
    expect(refused).toBeGreaterThan(100);
    expect(refused).toBeLessThan(2900);
    library.onApplicationShutdown();
    ours.onApplicationShutdown();
  });

  it('counts a minute of steady traffic within the limit and refuses beyond it', () => {
    const ours = new MemoryThrottlerStorage();
    // 100 requests a second for 90 s against 1000 a minute: allowed until the window holds 1000 live hits
    let firstRefusal = -1;
    let last = { totalHits: 0, isBlocked: false, timeToBlockExpire: 0, timeToExpire: 0 };
    for (let i = 0; i < 9000; i++) {
      last = ours.count('expansion:busy', 60_000, 1000, 0, 'expansion', START + i * 10);
      if (last.isBlocked && firstRefusal < 0) firstRefusal = i;
    }
    expect(firstRefusal).toBe(1000);
    // a minute on, the oldest hits expire one by one: every tenth request or so is let through again
    expect(last.isBlocked).toBe(true);
    expect(last.timeToBlockExpire).toBeGreaterThan(0);
    expect(last.timeToBlockExpire).toBeLessThanOrEqual(60);
  });

  it('holds at most about twice the live hits of a busy key, however long it stays busy', () => {
    const ours = new MemoryThrottlerStorage();
    // a service account allowed 1,000 a minute, at 20 a second for an hour, and refused hit by hit
    for (let i = 0; i < 72_000; i++) ours.count('expansion:service', 60_000, 1000, 0, 'expansion', START + i * 50);
    expect(ours.heldTimes).toBeLessThanOrEqual(2 * 1000 + 64);
    expect(ours.heldTimes).toBeGreaterThanOrEqual(1000);
  });

  it('drops idle keys on its sweep, as the library does, and stops sweeping at shutdown', async () => {
    const ours = new MemoryThrottlerStorage();
    await ours.increment('expansion:a', 1000, 5, 1000, 'expansion');
    await ours.increment('expansion:b', 120_000, 5, 1000, 'expansion');
    expect(ours.size).toBe(2);
    jest.advanceTimersByTime(SWEEP_INTERVAL_MS);
    // a's window and hits are over; b's two-minute window is not
    expect(ours.size).toBe(1);
    jest.advanceTimersByTime(2 * SWEEP_INTERVAL_MS);
    expect(ours.size).toBe(0);
    ours.onApplicationShutdown();
    expect(jest.getTimerCount()).toBe(0);
  });
});

import { registerAs } from '@nestjs/config';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { toInt, validateEnv } from './validate-env';

/** Discovery's defaults (docs/CURATION.md, "Discovery"): every hour outside tests, off in tests. */
export const DEFAULT_DISCOVERY = { intervalMinutes: 60, windowSeconds: 300, minUsers: 3, lookbackDays: 30 } as const;

class DiscoveryEnv {
  @IsOptional() @Transform(toInt) @IsInt() @Min(0) @Max(10_080) DISCOVERY_INTERVAL_MINUTES?: number;
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(86_400) DISCOVERY_WINDOW_SECONDS: number = DEFAULT_DISCOVERY.windowSeconds;
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(1_000_000) DISCOVERY_MIN_USERS: number = DEFAULT_DISCOVERY.minUsers;
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(3650) DISCOVERY_LOOKBACK_DAYS: number = DEFAULT_DISCOVERY.lookbackDays;
}

export interface DiscoveryConfig {
  /** Minutes between scheduled runs; 0 turns the schedule off (POST /admin/discovery/run still works). */
  intervalMinutes: number;
  /** A query followed within this many seconds in the same session is a reformulation. */
  windowSeconds: number;
  /** A reformulated pair needs at least this many distinct users. */
  minUsers: number;
  /** Only expansion events of the last this many days are mined. */
  lookbackDays: number;
}

export const discoveryConfig = registerAs('discovery', (): DiscoveryConfig => {
  const env = validateEnv(DiscoveryEnv);
  const testing = process.env.NODE_ENV === 'test';
  return {
    intervalMinutes: env.DISCOVERY_INTERVAL_MINUTES ?? (testing ? 0 : DEFAULT_DISCOVERY.intervalMinutes),
    windowSeconds: env.DISCOVERY_WINDOW_SECONDS,
    minUsers: env.DISCOVERY_MIN_USERS,
    lookbackDays: env.DISCOVERY_LOOKBACK_DAYS,
  };
});

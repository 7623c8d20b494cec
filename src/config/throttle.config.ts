import { registerAs } from '@nestjs/config';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import { toInt, validateEnv } from './validate-env';

/** The spec's limits: requests per user per group per window. */
export const DEFAULT_THROTTLE = { windowMs: 60_000, limits: { expansion: 100, synonyms: 50, analytics: 20, admin: 10 } } as const;

/**
 * How long a request waits for Redis before it is counted in memory instead: with the rest of the guard's work, a
 * request waits under 50 ms for a Redis that does not answer. Redis answers a healthy network in about a millisecond.
 */
export const DEFAULT_REDIS_COMMAND_TIMEOUT_MS = 40;

class ThrottleEnv {
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(10_000_000) RATE_LIMIT_EXPANSION: number = DEFAULT_THROTTLE.limits.expansion;
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(10_000_000) RATE_LIMIT_SYNONYMS: number = DEFAULT_THROTTLE.limits.synonyms;
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(10_000_000) RATE_LIMIT_ANALYTICS: number = DEFAULT_THROTTLE.limits.analytics;
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(10_000_000) RATE_LIMIT_ADMIN: number = DEFAULT_THROTTLE.limits.admin;
  @IsOptional() @Transform(toInt) @IsInt() @Min(1000) @Max(86_400_000) RATE_LIMIT_WINDOW_MS: number = DEFAULT_THROTTLE.windowMs;
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(10_000) REDIS_COMMAND_TIMEOUT_MS: number = DEFAULT_REDIS_COMMAND_TIMEOUT_MS;
  @IsOptional() @IsIn(['true', 'false']) READY_REQUIRES_REDIS: string = 'true';
  @IsOptional() @Matches(/^[A-Za-z0-9_.-]{1,40}$/, { message: 'RATE_LIMIT_KEY_PREFIX must be 1 to 40 letters, digits, dots, dashes or underscores' }) RATE_LIMIT_KEY_PREFIX: string = 'qes';
}

/** Requests per window per user, one number per route group (the spec's four limits). */
export interface ThrottleConfig {
  windowMs: number;
  limits: { expansion: number; synonyms: number; analytics: number; admin: number };
  /** Milliseconds a request waits for Redis (REDIS_URL) before counting in memory. */
  redisCommandTimeoutMs: number;
  /**
   * Readiness fails while the configured Redis does not answer (default). False: it stays ready and reports Redis
   * as degraded, since limits are then counted in the instance's memory.
   */
  readyRequiresRedis: boolean;
  /** First part of every rate-limit key (`<prefix>:<group>:user:<sub>`): deployments sharing one Redis keep apart. */
  keyPrefix: string;
}

export const throttleConfig = registerAs('throttle', (): ThrottleConfig => {
  const env = validateEnv(ThrottleEnv);
  return {
    windowMs: env.RATE_LIMIT_WINDOW_MS,
    limits: {
      expansion: env.RATE_LIMIT_EXPANSION,
      synonyms: env.RATE_LIMIT_SYNONYMS,
      analytics: env.RATE_LIMIT_ANALYTICS,
      admin: env.RATE_LIMIT_ADMIN,
    },
    redisCommandTimeoutMs: env.REDIS_COMMAND_TIMEOUT_MS,
    readyRequiresRedis: env.READY_REQUIRES_REDIS === 'true',
    keyPrefix: env.RATE_LIMIT_KEY_PREFIX,
  };
});

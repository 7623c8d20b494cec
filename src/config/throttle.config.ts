import { registerAs } from '@nestjs/config';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { toInt, validateEnv } from './validate-env';

class ThrottleEnv {
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(10_000_000) RATE_LIMIT_EXPANSION: number = 100;
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(10_000_000) RATE_LIMIT_SYNONYMS: number = 50;
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(10_000_000) RATE_LIMIT_ANALYTICS: number = 20;
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(10_000_000) RATE_LIMIT_ADMIN: number = 10;
  @IsOptional() @Transform(toInt) @IsInt() @Min(1000) @Max(86_400_000) RATE_LIMIT_WINDOW_MS: number = 60_000;
}

/** Requests per window per user, one number per route group (the spec's four limits). */
export interface ThrottleConfig {
  windowMs: number;
  limits: { expansion: number; synonyms: number; analytics: number; admin: number };
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
  };
});

import { registerAs } from '@nestjs/config';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, Min, MinLength } from 'class-validator';
import { toInt, validateEnv } from './validate-env';

class AuthEnv {
  @IsOptional() @IsString() @MinLength(32, { message: 'JWT_SECRET must be at least 32 characters' }) JWT_SECRET?: string;
  @IsOptional() @IsString() JWT_PUBLIC_KEY?: string;
  @IsOptional() @IsString() JWT_PRIVATE_KEY?: string;
  @IsOptional() @IsString() JWT_ISSUER?: string;
  @IsOptional() @IsString() JWT_AUDIENCE?: string;
  @IsOptional() @Transform(toInt) @IsInt() @Min(0) @Max(1_000_000) JWT_CACHE_SIZE: number = 10_000;
}

export interface AuthConfig {
  /** HS256 shared secret; undefined when RS256 is configured or a development secret is to be generated. */
  secret?: string;
  /** RS256 public key (PEM) used to verify tokens. */
  publicKey?: string;
  /** RS256 private key (PEM), only needed by `npm run token` to sign. */
  privateKey?: string;
  issuer?: string;
  audience?: string;
  /** verified tokens kept until their exp (LRU); 0 turns the cache off */
  tokenCacheSize: number;
}

/** PEM keys in one-line env values carry "\n" escapes. */
const pem = (v?: string) => v?.replace(/\\n/g, '\n');

export const authConfig = registerAs('auth', (): AuthConfig => {
  const env = validateEnv(AuthEnv);
  return {
    secret: env.JWT_SECRET,
    publicKey: pem(env.JWT_PUBLIC_KEY),
    privateKey: pem(env.JWT_PRIVATE_KEY),
    issuer: env.JWT_ISSUER,
    audience: env.JWT_AUDIENCE,
    tokenCacheSize: env.JWT_CACHE_SIZE,
  };
});

import { registerAs } from '@nestjs/config';
import { IsOptional, IsString, MinLength } from 'class-validator';
import { validateEnv } from './validate-env';

class AuthEnv {
  @IsOptional() @IsString() @MinLength(32, { message: 'JWT_SECRET must be at least 32 characters' }) JWT_SECRET?: string;
  @IsOptional() @IsString() JWT_PUBLIC_KEY?: string;
  @IsOptional() @IsString() JWT_PRIVATE_KEY?: string;
  @IsOptional() @IsString() JWT_ISSUER?: string;
  @IsOptional() @IsString() JWT_AUDIENCE?: string;
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
  };
});

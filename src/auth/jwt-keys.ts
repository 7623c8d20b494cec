import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from '../config/app.config';
import type { AuthConfig } from '../config/auth.config';

export interface JwtKeys {
  algorithm: 'HS256' | 'RS256';
  verifyKey: string;
  /** The key `npm run token` signs with; absent for RS256 without a private key. */
  signKey?: string;
  /** True when the development secret was generated or read from the data directory. */
  developmentSecret: boolean;
  issuer?: string;
  audience?: string;
}

export const DEV_SECRET_FILE = 'jwt-secret';

/**
 * RS256 when JWT_PUBLIC_KEY is set, else HS256 with JWT_SECRET. Outside production a missing secret is
 * created once and kept in the data directory, so tokens survive restarts; production refuses to start.
 */
export function resolveJwtKeys(auth: Omit<AuthConfig, 'tokenCacheSize'>, app: Pick<AppConfig, 'nodeEnv' | 'dataDir'>): JwtKeys {
  const common = { issuer: auth.issuer, audience: auth.audience };
  if (auth.publicKey) {
    return { algorithm: 'RS256', verifyKey: auth.publicKey, signKey: auth.privateKey, developmentSecret: false, ...common };
  }
  if (auth.secret) return { algorithm: 'HS256', verifyKey: auth.secret, signKey: auth.secret, developmentSecret: false, ...common };
  if (app.nodeEnv === 'production') {
    throw new Error('Invalid configuration:\n  JWT_SECRET or JWT_PUBLIC_KEY must be set when NODE_ENV=production');
  }
  const file = join(app.dataDir, DEV_SECRET_FILE);
  let secret: string;
  if (existsSync(file)) {
    secret = readFileSync(file, 'utf8').trim();
  } else {
    mkdirSync(app.dataDir, { recursive: true });
    secret = randomBytes(48).toString('base64url');
    writeFileSync(file, `${secret}\n`, { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  return { algorithm: 'HS256', verifyKey: secret, signKey: secret, developmentSecret: true, ...common };
}

import { createPrivateKey, createPublicKey, randomBytes } from 'node:crypto';
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

/** A key that does not parse is named with its variable, not as an OpenSSL decoder error. */
function checkPem(variable: string, pem: string, kind: 'public' | 'private'): void {
  try {
    const key = kind === 'public' ? createPublicKey(pem) : createPrivateKey(pem);
    if (key.asymmetricKeyType !== 'rsa') throw new Error(`an ${String(key.asymmetricKeyType)} key`);
  } catch (err) {
    const why = err instanceof Error && /^an /.test(err.message) ? err.message : 'not a PEM key';
    throw new Error(
      `Invalid configuration:\n  ${variable}: ${why}; expected an RSA ${kind} key in PEM form ("-----BEGIN ${kind === 'public' ? 'PUBLIC' : 'PRIVATE'} KEY-----", line breaks as \\n in one-line values)`,
    );
  }
}

/**
 * RS256 when JWT_PUBLIC_KEY is set, else HS256 with JWT_SECRET. Outside production a missing secret is
 * created once and kept in the data directory, so tokens survive restarts; production refuses to start.
 */
export function resolveJwtKeys(auth: Omit<AuthConfig, 'tokenCacheSize'>, app: Pick<AppConfig, 'nodeEnv' | 'dataDir'>): JwtKeys {
  const common = { issuer: auth.issuer, audience: auth.audience };
  if (auth.publicKey) {
    checkPem('JWT_PUBLIC_KEY', auth.publicKey, 'public');
    if (auth.privateKey) checkPem('JWT_PRIVATE_KEY', auth.privateKey, 'private');
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

import { createSign, createHmac } from 'node:crypto';
import type { JwtKeys } from './jwt-keys';
import type { Role } from './roles';

export interface TokenRequest {
  sub: string;
  roles: Role[];
  /** Lifetime in seconds. */
  expiresIn: number;
}

const b64url = (input: string | Buffer) => Buffer.from(input).toString('base64url');

/** Signs a token with the configured key (used by `npm run token`, the start-up banner and tests). */
export function signToken(keys: JwtKeys, req: TokenRequest, now = Math.floor(Date.now() / 1000)): string {
  if (!keys.signKey) throw new Error('No signing key: set JWT_PRIVATE_KEY to sign RS256 tokens');
  const payload: Record<string, unknown> = { sub: req.sub, roles: req.roles, iat: now, exp: now + req.expiresIn };
  if (keys.issuer) payload.iss = keys.issuer;
  if (keys.audience) payload.aud = keys.audience;
  const head = b64url(JSON.stringify({ alg: keys.algorithm, typ: 'JWT' }));
  const body = b64url(JSON.stringify(payload));
  const input = `${head}.${body}`;
  const signature =
    keys.algorithm === 'HS256'
      ? createHmac('sha256', keys.signKey).update(input).digest()
      : createSign('RSA-SHA256').update(input).sign(keys.signKey);
  return `${input}.${b64url(signature)}`;
}

/** "90", "90s", "15m", "1h", "7d" → seconds. */
export function parseDuration(text: string): number {
  const m = /^(\d+)\s*([smhd]?)$/.exec(text.trim());
  if (!m) throw new Error(`Invalid duration "${text}" (use e.g. 90s, 15m, 1h, 7d)`);
  const unit = { '': 1, s: 1, m: 60, h: 3600, d: 86400 }[m[2] as '' | 's' | 'm' | 'h' | 'd'];
  return Number(m[1]) * unit;
}

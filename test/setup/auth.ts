import { createHmac } from 'node:crypto';
import type { JwtKeys } from '../../src/auth/jwt-keys';
import type { Role } from '../../src/auth/roles';
import { signToken } from '../../src/auth/token-signer';

/** Tokens and the Authorization header, for every e2e test: the one place a test gets or forges a token. */

export const TEST_SECRET = 'test-secret-of-at-least-thirty-two-characters!';

const TEST_KEYS: JwtKeys = { algorithm: 'HS256', verifyKey: TEST_SECRET, signKey: TEST_SECRET, developmentSecret: false };

/** A valid token of the test apps (HS256, TEST_SECRET) for a user with these roles. */
export function testToken(sub: string, roles: Role[], expiresIn = 3600): string {
  return signToken(TEST_KEYS, { sub, roles, expiresIn });
}

/** The Authorization header that carries a bearer token. */
export function bearer(token: string): { Authorization: string } {
  return { Authorization: `Bearer ${token}` };
}

const base64url = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');

/** A JWT signed by hand with HMAC-SHA256, whatever its claims or header: for the tests of tokens the service must refuse. */
export function hs256Token(payload: object, secret: string = TEST_SECRET, header: object = { alg: 'HS256', typ: 'JWT' }): string {
  const input = `${base64url(header)}.${base64url(payload)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

/** A JWT with an empty signature (alg=none). */
export function unsignedToken(payload: object): string {
  return `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(payload)}.`;
}

/** Now in JWT seconds. */
export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

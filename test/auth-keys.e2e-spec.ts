import { generateKeyPairSync } from 'node:crypto';
import { signToken } from '../src/auth/token-signer';
import { ROUTES } from './client';
import { hs256Token, nowSeconds } from './setup/auth';
import { createTestApp, type TestApp } from './setup/create-test-app';

describe('RS256 tokens, issuer/audience and CORS', () => {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  let t: TestApp;
  const rs = (claims: { iss?: string; aud?: string } = { iss: 'search-idp', aud: 'query-expansion' }) =>
    signToken({ algorithm: 'RS256', verifyKey: publicKey, signKey: privateKey, developmentSecret: false, issuer: claims.iss, audience: claims.aud }, { sub: 'rita', roles: ['user'], expiresIn: 60 });

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        JWT_SECRET: '',
        JWT_PUBLIC_KEY: publicKey.replace(/\n/g, '\\n'),
        JWT_ISSUER: 'search-idp',
        JWT_AUDIENCE: 'query-expansion',
        CORS_ORIGINS: 'https://search.example.com',
      },
    });
  });
  afterAll(() => t.close());

  it('accepts an RS256 token with the configured issuer and audience', async () => {
    const res = await t.api.synonyms.list({}, rs());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ synonyms: [], total: 0 });
  });

  it('refuses a wrong issuer or audience', async () => {
    for (const claims of [{ iss: 'elsewhere', aud: 'query-expansion' }, { iss: 'search-idp', aud: 'another-api' }]) {
      const res = await t.api.synonyms.list({}, rs(claims));
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('INVALID_TOKEN');
    }
  });

  it('refuses an HS256 token signed with the public key (algorithm confusion)', async () => {
    const forged = hs256Token({ sub: 'mallory', roles: ['admin'], exp: nowSeconds() + 60, iss: 'search-idp', aud: 'query-expansion' }, publicKey);
    const res = await t.api.synonyms.list({}, forged);
    expect(res.status).toBe(401);
  });

  it('answers a CORS preflight for a configured origin only', async () => {
    const ok = await t.api.raw('options', ROUTES.expand).set('Origin', 'https://search.example.com').set('Access-Control-Request-Method', 'POST');
    expect(ok.headers['access-control-allow-origin']).toBe('https://search.example.com');
    const other = await t.api.raw('options', ROUTES.expand).set('Origin', 'https://evil.example.com').set('Access-Control-Request-Method', 'POST');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    // the preflight is answered by CORS itself: 204, no version negotiation or routing after it
    expect(ok.status).toBe(204);
  });

  it('names the allowed origin and the exposed headers on an ordinary answer, which keeps its security, version and request-id headers', async () => {
    const res = await t.api.raw('get', '/health/live').set('Origin', 'https://search.example.com');
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('https://search.example.com');
    expect(res.headers['access-control-expose-headers']).toContain('X-RateLimit-Remaining');
    expect(res.headers['access-control-expose-headers']).toContain('API-Version');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['api-version']).toBeDefined();
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

import { createHmac, generateKeyPairSync } from 'node:crypto';
import request from 'supertest';
import { signToken } from '../src/auth/token-signer';
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
      JWT_SECRET: '',
      JWT_PUBLIC_KEY: publicKey.replace(/\n/g, '\\n'),
      JWT_ISSUER: 'search-idp',
      JWT_AUDIENCE: 'query-expansion',
      CORS_ORIGINS: 'https://search.example.com',
    });
  });
  afterAll(() => t.close());

  it('accepts an RS256 token with the configured issuer and audience', async () => {
    const res = await request(t.http).get('/query-expansion/synonyms').set('Authorization', `Bearer ${rs()}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ synonyms: [], total: 0 });
  });

  it('refuses a wrong issuer or audience', async () => {
    for (const claims of [{ iss: 'elsewhere', aud: 'query-expansion' }, { iss: 'search-idp', aud: 'another-api' }]) {
      const res = await request(t.http).get('/query-expansion/synonyms').set('Authorization', `Bearer ${rs(claims)}`);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('INVALID_TOKEN');
    }
  });

  it('refuses an HS256 token signed with the public key (algorithm confusion)', async () => {
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const input = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: 'mallory', roles: ['admin'], exp: Math.floor(Date.now() / 1000) + 60, iss: 'search-idp', aud: 'query-expansion' })}`;
    const forged = `${input}.${createHmac('sha256', publicKey).update(input).digest('base64url')}`;
    const res = await request(t.http).get('/query-expansion/synonyms').set('Authorization', `Bearer ${forged}`);
    expect(res.status).toBe(401);
  });

  it('answers a CORS preflight for a configured origin only', async () => {
    const ok = await request(t.http).options('/query-expansion/expand').set('Origin', 'https://search.example.com').set('Access-Control-Request-Method', 'POST');
    expect(ok.headers['access-control-allow-origin']).toBe('https://search.example.com');
    const other = await request(t.http).options('/query-expansion/expand').set('Origin', 'https://evil.example.com').set('Access-Control-Request-Method', 'POST');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});

import { expect } from '@jest/globals';
import { TOKEN_CACHE } from '../src/auth/auth.tokens';
import { JwtStrategy } from '../src/auth/jwt.strategy';
import type { TokenCache } from '../src/auth/token-cache';
import { createTestApp, type TestApp } from './setup/create-test-app';

/** The cache of verified tokens in the running service (docs/API.md, "Authentication and permissions"). */
describe('Verified-token cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  const list = (token: string) => t.api.synonyms.list({ limit: 1 }, token);

  it('verifies a token once, then serves it from the cache', async () => {
    const validate = jest.spyOn(JwtStrategy.prototype, 'validate');
    const token = t.token('cache-user', ['user']);
    expect((await list(token)).status).toBe(200);
    expect((await list(token)).status).toBe(200);
    expect((await list(token)).status).toBe(200);
    expect(validate).toHaveBeenCalledTimes(1);
    expect(t.app.get<TokenCache>(TOKEN_CACHE).get(token)).toEqual({ id: 'cache-user', roles: ['user'] });
  });

  it('never serves a token whose signature was changed from the cache', async () => {
    const token = t.token('cache-sig', ['admin']);
    expect((await list(token)).status).toBe(200);
    const last = token.slice(-1);
    const altered = token.slice(0, -1) + (last === 'A' ? 'B' : 'A');
    const res = await list(altered);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('INVALID_TOKEN');
  });

  it('refuses a cached token once it has expired', async () => {
    const token = t.token('cache-exp', ['user'], 60);
    expect((await list(token)).status).toBe(200);
    const realNow = Date.now();
    // past exp and past the 30 s clock tolerance of the verification
    jest.spyOn(Date, 'now').mockReturnValue(realNow + 120_000);
    const res = await list(token);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('TOKEN_EXPIRED');
    expect(t.app.get<TokenCache>(TOKEN_CACHE).get(token)).toBeUndefined();
  });
});

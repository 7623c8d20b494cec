import { randomUUID } from 'node:crypto';
import { expect } from '@jest/globals';
import { expansionRequest } from './factories';
import { createTestApp, type TestApp } from './setup/create-test-app';

/** Set by `npm run test:mysql` (the suite that runs against the real MariaDB and Redis servers). */
const REDIS_URL = process.env.REDIS_URL;
const stores: [string, Record<string, string>][] = [['in memory', {}]];
if (REDIS_URL) stores.push(['in Redis', { REDIS_URL }]);

describe.each(stores)('Rate limits, counted %s', (_store, extraEnv) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_SYNONYMS: '3', RATE_LIMIT_ADMIN: '2', RATE_LIMIT_EXPANSION: '2', ...extraEnv } });
  });
  afterAll(() => t.close());

  it('counts per user and per group, not per route, and answers the request over the limit with 429', async () => {
    const alice = t.token(`alice-${randomUUID()}`, ['admin']);
    const bob = t.token(`bob-${randomUUID()}`, ['admin']);

    const first = await t.api.synonyms.list({}, alice);
    expect(first.status).toBe(200);
    expect(first.headers['x-ratelimit-limit']).toBe('3');
    expect(first.headers['x-ratelimit-remaining']).toBe('2');
    const reset = Number(first.headers['x-ratelimit-reset']);
    expect(reset).toBeGreaterThan(0);
    expect(reset).toBeLessThanOrEqual(60);

    // A different route of the same group spends the same budget.
    const second = await t.api.synonyms.create({ term: `a-${randomUUID()}`, synonym: 'b' }, alice);
    expect(second.status).toBe(200);
    expect(second.headers['x-ratelimit-remaining']).toBe('1');
    await t.api.synonyms.get(1, alice);

    const over = await t.api.synonyms.list({}, alice);
    expect(over.status).toBe(429);
    expect(over.body).toEqual({ error: 'Too Many Requests', message: expect.stringContaining('synonyms'), code: 'RATE_LIMIT_EXCEEDED', details: { group: 'synonyms', retry_after: expect.any(Number) } });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.headers['x-ratelimit-remaining']).toBe('0');

    // Another user has a budget of their own; another group is untouched for alice.
    const other = await t.api.synonyms.list({}, bob);
    expect(other.status).toBe(200);
    expect(other.headers['x-ratelimit-remaining']).toBe('2');
    const admin = await t.api.admin.auditLog({}, alice);
    expect(admin.status).toBe(200);
    expect(admin.headers['x-ratelimit-limit']).toBe('2');
    expect(admin.headers['x-ratelimit-remaining']).toBe('1');
  });

  it('puts expand and feedback in one expansion group', async () => {
    const carol = t.token(`carol-${randomUUID()}`, ['user']);
    const expanded = await t.api.expand(expansionRequest(), carol);
    expect(expanded.status).toBe(200);
    expect(expanded.headers['x-ratelimit-limit']).toBe('2');
    const rated = await t.api.feedback.rate({ expansion_id: expanded.body.expansion_id, was_helpful: true }, carol);
    expect(rated.status).toBe(200);
    expect(rated.headers['x-ratelimit-remaining']).toBe('0');
    const over = await t.api.expand(expansionRequest(), carol);
    expect(over.status).toBe(429);
    expect(over.body.details?.group).toBe('expansion');
  });

  it('does not limit /health', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await t.api.health();
      expect(res.status).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    }
  });
});

if (REDIS_URL) {
describe('Rate limits shared between instances through Redis', () => {
  it('lets two instances spend one budget', async () => {
    // one deployment: the same key prefix on both
    const env = { RATE_LIMIT_ADMIN: '3', REDIS_URL, RATE_LIMIT_KEY_PREFIX: `qes-shared-${process.pid}` };
    const a = await createTestApp({ env });
    const b = await createTestApp({ env });
    try {
      const token = a.token(`shared-${randomUUID()}`, ['admin']);
      const statuses: number[] = [];
      for (const t of [a, b, a, b]) {
        statuses.push((await t.api.admin.auditLog({}, token)).status);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('keeps the counts of deployments with different RATE_LIMIT_KEY_PREFIX apart on one Redis', async () => {
    const a = await createTestApp({ env: { RATE_LIMIT_ADMIN: '2', REDIS_URL, RATE_LIMIT_KEY_PREFIX: `qes-a-${process.pid}` } });
    const b = await createTestApp({ env: { RATE_LIMIT_ADMIN: '2', REDIS_URL, RATE_LIMIT_KEY_PREFIX: `qes-b-${process.pid}` } });
    try {
      const token = a.token(`apart-${randomUUID()}`, ['admin']);
      const statuses: number[] = [];
      for (const t of [a, a, b, b, a]) statuses.push((await t.api.admin.auditLog({}, token)).status);
      expect(statuses).toEqual([200, 200, 200, 200, 429]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
}

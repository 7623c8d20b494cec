import { expect } from '@jest/globals';
import { ROUTES } from './client';
import { Lifecycle } from '../src/health/lifecycle';
import { createTestApp, type TestApp } from './setup/create-test-app';

/** Liveness and readiness probes (docs/API.md, "Health and docs"). */
describe('Health probes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('liveness checks the process only; readiness the database, the index and the lifecycle; /health is readiness', async () => {
    const live = await t.api.health('live');
    expect(live.status).toBe(200);
    expect(live.body.status).toBe('ok');
    expect(Object.keys(live.body.details)).toEqual(['process']);
    const ready = await t.api.health('ready');
    expect(ready.status).toBe(200);
    // Redis is checked when the run configures it (the MySQL/Redis suite does)
    const redis = process.env.REDIS_URL ? { redis: { status: 'up' } } : {};
    expect(ready.body.details).toEqual({ database: { status: 'up' }, expansion_index: { status: 'up' }, lifecycle: { status: 'up' }, ...redis });
    const alias = await t.api.health();
    expect(alias.body.details).toEqual(ready.body.details);
    for (const res of [live, ready, alias]) expect(res.headers['x-ratelimit-limit']).toBeUndefined();
  });

  it('shows the probes in the OpenAPI document without a lock', async () => {
    const { paths } = (await t.api.docs.json()).body;
    for (const p of [ROUTES.health, `${ROUTES.health}/live`, `${ROUTES.health}/ready`]) expect(paths[p].get.security).toEqual([]);
    expect(paths[ROUTES.expand].post.security).toEqual([{ bearer: [] }]);
  });
});

describe('Health probes while shutting down, and with Redis unreachable', () => {
  it('readiness answers 503 with the Terminus body once the service drains; liveness stays 200', async () => {
    const t = await createTestApp();
    try {
      t.app.get(Lifecycle).drain();
      const ready = await t.api.health('ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({ status: 'error', error: { lifecycle: { status: 'down', message: 'shutting down' } }, details: { database: { status: 'up' } } });
      expect((await t.api.health()).status).toBe(503);
      expect((await t.api.health('live')).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('readiness names Redis when the configured Redis does not answer', async () => {
    // nothing listens on this port
    const t = await createTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:6399' } });
    try {
      const ready = await t.api.health('ready');
      expect(ready.status).toBe(503);
      expect(ready.body.error).toEqual({ redis: { status: 'down', message: 'unreachable' } });
      expect((await t.api.health('live')).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('with READY_REQUIRES_REDIS=false, an unreachable Redis is reported as degraded and readiness stays 200', async () => {
    const t = await createTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:6399', READY_REQUIRES_REDIS: 'false' } });
    try {
      const ready = await t.api.health('ready');
      expect(ready.status).toBe(200);
      expect(ready.body.details.redis).toEqual({ status: 'up', degraded: true, message: 'unreachable; rate limits counted per instance' });
    } finally {
      await t.close();
    }
  });
});

describe('Swagger examples', () => {
  it("expand's named examples work as sent: 200 with results, no user_id to mismatch", async () => {
    const t = await createTestApp();
    try {
      const doc = (await t.api.docs.json()).body as unknown as { paths: Record<string, { post: { requestBody: { content: Record<string, { examples: Record<string, { value: Record<string, unknown> }> }> } } }> };
      const examples = doc.paths[ROUTES.expand].post.requestBody.content['application/json'].examples;
      expect(Object.keys(examples).length).toBeGreaterThanOrEqual(2);
      const token = t.token('swagger-user', ['user']);
      for (const { value } of Object.values(examples)) {
        expect(value).not.toHaveProperty('user_id');
        const res = await t.api.expand(value, token);
        expect(res.status).toBe(200);
        expect(res.body.expanded_queries.length).toBeGreaterThan(0);
      }
    } finally {
      await t.close();
    }
  });
});

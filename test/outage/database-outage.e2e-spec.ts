import { expect } from '@jest/globals';
import { ExpansionRecorder } from '../../src/expansion/expansion-recorder.service';
import { synonymBody } from '../factories';
import { createTestApp, type TestApp } from '../setup/create-test-app';
import { LossyLink } from '../setup/lossy-link';
import { MariaDbServer } from '../setup/servers';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until `done` holds, failing at the deadline. */
async function eventually(what: string, done: () => Promise<boolean>, deadlineMs = 15_000): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${deadlineMs} ms`);
    await sleep(100);
  }
}

/** What a request that needs the unreachable database answers (docs/API.md, "Errors"). */
const UNAVAILABLE = { error: 'Service Unavailable', code: 'SERVICE_UNAVAILABLE', message: expect.any(String), details: { dependency: 'database', retry_after: 5 } };

/**
 * The service while its MariaDB server is down (README, "Operating it"): a server of the test's own, killed as in a
 * crash and started again on the same data and port.
 */
describe('A database outage', () => {
  let db: MariaDbServer;
  let t: TestApp;
  let curator: string;
  let user: string;

  beforeAll(async () => {
    db = await MariaDbServer.create();
    t = await createTestApp({ env: { DB_HOST: '127.0.0.1', DB_PORT: String(db.port) } });
    curator = t.token('outage-curator', ['curator']);
    user = t.token('outage-user', ['user']);
  }, 60_000);
  afterAll(async () => {
    try {
      await t?.close();
    } finally {
      await db?.remove();
    }
  });

  let synonymId: number;
  const outageExpansions: string[] = [];

  it('serves the catalogue and expansions while the server runs', async () => {
    synonymId = await t.api.synonyms.createdId(synonymBody({ term: 'outage', synonym: 'incident' }), curator);
    // several pooled connections at once, all idle when the server goes
    await Promise.all(Array.from({ length: 6 }, () => t.api.synonyms.list({}, user).expect(200)));
    expect((await t.api.expand({ query: 'outage report' }, user)).status).toBe(200);
  });

  it('answers 503 SERVICE_UNAVAILABLE with Retry-After where the database is needed, and expands from memory', async () => {
    await db.kill();
    for (const res of [await t.api.synonyms.list({}, user), await t.api.synonyms.get(synonymId, user), await t.api.synonyms.create(synonymBody(), curator)]) {
      expect(res.status).toBe(503);
      expect(res.body).toEqual(UNAVAILABLE);
      expect(res.headers['retry-after']).toBe('5');
    }
    for (let i = 0; i < 3; i++) {
      const res = await t.api.expand({ query: 'outage report' }, user);
      expect(res.status).toBe(200);
      // the catalogue entry comes from the in-memory index
      expect(res.body.expanded_queries.flatMap((q) => q.synonyms_used.map((u) => u.synonym_id))).toContain(synonymId);
      outageExpansions.push(res.body.expansion_id);
    }
    const ready = await t.api.health('ready');
    expect(ready.status).toBe(503);
    expect(ready.body.error).toHaveProperty('database');
  });

  it('answers the first requests after the restart, and records the expansions answered during the outage', async () => {
    await db.start();
    expect((await t.api.synonyms.list({}, user)).status).toBe(200);
    expect((await t.api.synonyms.get(synonymId, user)).status).toBe(200);
    expect((await t.api.synonyms.create(synonymBody(), curator)).status).toBe(200);
    const recorded = async () => {
      const rows: { id: string }[] = await t.dataSource.query(`SELECT id FROM expansion_events WHERE id IN (${outageExpansions.map(() => '?').join(',')})`, outageExpansions);
      return rows.length === outageExpansions.length;
    };
    await eventually('the outage expansions in expansion_events', recorded);
    expect(t.app.get(ExpansionRecorder).pendingCount).toBe(0);
    expect((await t.api.health('ready')).status).toBe(200);
  });
});

/**
 * Pooled connections that died without the service seeing it (the network dropped them, or the server's host went
 * away and came back): each is checked before use and replaced, so no request gets the dead one.
 */
describe('Stale pooled connections', () => {
  let db: MariaDbServer;
  let link: LossyLink;
  let t: TestApp;

  beforeAll(async () => {
    db = await MariaDbServer.create();
    link = await LossyLink.to(db.port);
    t = await createTestApp({ env: { DB_HOST: '127.0.0.1', DB_PORT: String(link.port) } });
  }, 60_000);
  afterAll(async () => {
    try {
      await t?.close();
    } finally {
      await link?.close();
      await db?.remove();
    }
  });

  it('replaces connections the network dropped instead of failing requests on them', async () => {
    const user = t.token('stale-user', ['user']);
    // every connection of the pool (10) opened and idle
    await Promise.all(Array.from({ length: 10 }, () => t.dataSource.query('SELECT SLEEP(0.05)')));
    link.dropAll();
    await sleep(1200);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await t.api.synonyms.list({}, user)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
  });
});

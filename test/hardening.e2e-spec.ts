import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect } from '@jest/globals';
import type { CreateSynonymDto } from '../src/synonyms/dto/create-synonym.dto';
import { ExpansionRecorder } from '../src/expansion/expansion-recorder.service';
import { ROUTES, unchecked } from './client';
import { expansionRequest } from './factories';
import { createTestApp, type TestApp } from './setup/create-test-app';

/** Inputs that once produced a 500, a silent misreading or a loophole; each must now get a clear answer. */
describe('Hardening against bad and adversarial input', () => {
  let t: TestApp;
  let curator: string;
  let admin: string;
  let user: string;
  const create = (body: CreateSynonymDto) => t.api.synonyms.createdId(body, curator);

  beforeAll(async () => {
    // Counts in memory, also under test:mysql: unauthenticated requests are counted per client address, and in
    // Redis every run on the machine shares 127.0.0.1's key, so a run less than a minute before (another
    // checkout's, or CI's previous Node line) would start this app blocked. rate-limits.e2e-spec covers Redis.
    t = await createTestApp({ env: { RATE_LIMIT_ANALYTICS: '5', REDIS_URL: '' } });
    curator = t.token('cora', ['curator']);
    admin = t.token('ada', ['admin', 'analyst']);
    user = t.token('uma', ['user']);
  });
  afterAll(() => t.close());

  describe('PUT /synonyms/{id}', () => {
    it.each(['confidence', 'tags', 'status', 'version', 'domain', 'notes'])('refuses %s: null with 400 naming the field', async (field) => {
      const id = await create({ term: `null-${field}`, synonym: 'x' });
      const res = await t.api.synonyms.update(id, unchecked({ [field]: null }), curator);
      expect(res.status).toBe(400);
      expect(res.body.details).toMatchObject({ field, provided_value: null });
    });

    it('lifts a department restriction with null', async () => {
      const id = await create({ term: 'lift', synonym: 'raise', department: 'Ops' });
      await t.api.synonyms.update(id, { department: null }, curator).expect(200);
      expect((await t.api.synonyms.get(id, user)).body.department).toBeNull();
    });

    it('refuses a reason alone with NOTHING_TO_UPDATE and writes no audit entry', async () => {
      const id = await create({ term: 'reason-only', synonym: 'why' });
      const res = await t.api.synonyms.update(id, { reason: 'just because' }, curator);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('NOTHING_TO_UPDATE');
      const audit = await t.api.admin.auditLog({ synonym_id: id }, admin);
      expect(audit.body.total).toBe(1);
    });
  });

  describe('POST /synonyms', () => {
    it('refuses a term that grows past its column once normalised', async () => {
      const res = await t.api.synonyms.create({ term: '½'.repeat(200), synonym: 'half' }, curator);
      expect(res.status).toBe(400);
      expect(res.body.details?.field).toBe('term');
    });

    it('refuses a scope that grows past its column once lower-cased', async () => {
      const res = await t.api.synonyms.create({ term: 'scope', synonym: 'range', domain: 'a'.repeat(50), user_role: 'b'.repeat(50), department: 'İ'.repeat(100) }, curator);
      expect(res.status).toBe(400);
      expect(res.body.details?.field).toBe('department');
    });

    it('refuses blank tags and control characters in a department', async () => {
      expect((await t.api.synonyms.create({ term: 't1', synonym: 's1', tags: ['  ', 'a'] }, curator)).body.details?.field).toBe('tags');
      expect((await t.api.synonyms.create({ term: 't2', synonym: 's2', department: 'Ops\u0000' }, curator)).body.details?.field).toBe('department');
    });
  });

  describe('POST /expand and /feedback', () => {
    it('refuses control characters or odd names in domain and user_role', async () => {
      for (const body of [{ query: 'ML', domain: 'tech\u0000' }, { query: 'ML', user_role: '\ud800' }]) {
        const res = await t.api.expand(body, user);
        expect(res.status).toBe(400);
      }
    });

    it('refuses a blank user_id from a service token', async () => {
      const res = await t.api.expand({ query: 'ML', user_id: '   ' }, t.token('svc', ['service']));
      expect(res.status).toBe(400);
      expect(res.body.details?.field).toBe('user_id');
    });

    it('accepts only the canonical result id, and counts a synonym once per user and expansion', async () => {
      const id = await create({ term: 'retrospective', synonym: 'sprint review', domain: 'technical', confidence: 0.6 });
      const expanded = await t.api.expand({ query: 'retrospective notes', enabled_strategies: ['synonym_expansion'], expansion_settings: { confidence_threshold: 0 } }, user);
      const eid = expanded.body.expansion_id;
      expect(expanded.body.expanded_queries.length).toBeGreaterThanOrEqual(2);
      const padded = await t.api.feedback.rate({ expansion_id: `${eid}.01`, was_helpful: false }, user);
      expect(padded.status).toBe(404);
      for (const rated of [`${eid}.1`, `${eid}.2`, eid]) {
        await t.api.feedback.rate({ expansion_id: rated, was_helpful: false }, user).expect(200);
      }
      const entry = (await t.api.synonyms.get(id, user)).body;
      expect(entry.usage_count).toBe(1);
      expect(entry.relevance_score).toBeCloseTo((10 * 0.6) / 11, 6);
    });

    it('leaves the entry version (ETag) alone when users rate it', async () => {
      const id = await create({ term: 'etagword', synonym: 'tagword' });
      const expanded = await t.api.expand({ query: 'etagword', enabled_strategies: ['synonym_expansion'], expansion_settings: { confidence_threshold: 0 } }, user);
      await t.api.feedback.rate({ expansion_id: expanded.body.expansion_id, was_helpful: true }, user).expect(200);
      const res = await t.api.synonyms.update(id, { notes: 'still version 1' }, curator).set('If-Match', '"1"');
      expect(res.status).toBe(200);
      expect((await t.api.synonyms.get(id, user)).body.usage_count).toBe(1);
    });

    it('records an expansion with fifty long results (the stored event stays small)', async () => {
      const query = `ml api db sla kpi config mgmt dept crm erp ci cd ui ux qa hr pr ${'数据库 '.repeat(200)}`.slice(0, 1000);
      const res = await t.api.expand({ query, expansion_settings: { max_expansions: 50, confidence_threshold: 0 } }, user);
      expect(res.status).toBe(200);
      await t.app.get(ExpansionRecorder).flush();
      const rows = await t.dataSource.query<{ id: string; results: unknown }[]>('SELECT id, results FROM expansion_events WHERE id = ?', [res.body.expansion_id]);
      expect(rows).toHaveLength(1);
      expect(String(rows[0].results).length).toBeLessThan(65_535);
      expect(t.app.get(ExpansionRecorder).pendingCount).toBe(0);
    });
  });

  describe('dates and numbers in queries', () => {
    it.each(['start_date=2024-W01', 'start_date=2024-W01-1', 'end_date=2024-366', 'start_date=20240101', 'end_date=2026-02-31T99:00'])('refuses %s with 400', async (q) => {
      const token = t.token(`dates-${q}`, ['admin']);
      for (const res of [await t.api.analytics.expansion(q, token), await t.api.admin.auditLog(q, token)]) {
        expect(res.status).toBe(400);
        expect(res.body.code).toBe('VALIDATION_ERROR');
      }
    });

    it('reads a bare audit-log end date as the whole day', async () => {
      await create({ term: 'today', synonym: 'this day' });
      const day = new Date().toISOString().slice(0, 10);
      const res = await t.api.admin.auditLog({ start_date: day, end_date: day }, admin);
      expect(res.body.total).toBeGreaterThan(0);
    });

    it.each(['limit=0x10', 'limit=1e2', 'offset=%205', 'user_id='])('refuses %s', async (q) => {
      const res = await t.api.admin.auditLog(q, admin);
      expect(res.status).toBe(400);
    });
  });

  describe('request bodies the parser refuses', () => {
    it('answers a compressed-looking body that is not compressed with a 4xx envelope and a request id', async () => {
      const res = await t.api.raw('post', ROUTES.expand, user).set('Content-Type', 'application/json').set('Content-Encoding', 'gzip').send('garbage');
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body).toMatchObject({ error: expect.any(String), message: expect.any(String), code: expect.stringMatching(/^[A-Z_]+$/) });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('still accepts a real gzip body', async () => {
      const res = await t.api
        .expand(unchecked(gzipSync(JSON.stringify(expansionRequest()))), user)
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', 'gzip')
        .serialize((body: unknown) => body as string);
      expect(res.status).toBe(200);
      expect(res.body.original_query).toBe('ML deployment');
    });

    it('gives malformed JSON a request id too', async () => {
      const res = await t.api.raw('post', ROUTES.expand, user).set('Content-Type', 'application/json').send('{"query":');
      expect(res.status).toBe(400);
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });
  });

  describe('bulk paths and files', () => {
    it('refuses a file name longer than the file system allows with INVALID_FILE_PATH', async () => {
      for (const res of [await t.api.admin.bulkImport({ file_path: 'a'.repeat(300) }, admin), await t.api.admin.export({ output_path: 'a'.repeat(300) }, admin)]) {
        expect(res.status).toBe(400);
        expect(res.body.code).toBe('INVALID_FILE_PATH');
      }
    });

    it('reports a deeply nested JSON import file without a server error', async () => {
      const dir = join(t.dataDir, 'imports');
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'deep.json'), `[${'['.repeat(20_000)}${']'.repeat(20_000)}]`);
      const res = await t.api.admin.bulkImport({ file_path: 'deep.json', import_format: 'json' }, admin);
      expect(res.status).toBeLessThan(500);
      if (res.status === 200) expect(res.body.result.successful_imports).toBe(0);
    });
  });

  describe('rate limits without a valid token', () => {
    it('counts failed authentications against the client address', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        statuses.push((await t.api.analytics.expansion({}, 'not-a-token')).status);
      }
      expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(statuses.slice(5)).toEqual([429, 429]);
    });
  });
});

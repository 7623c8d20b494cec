import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { ExpansionRecorder } from '../src/expansion/expansion-recorder.service';
import { createTestApp, type TestApp } from './setup/create-test-app';

/** Inputs that once produced a 500, a silent misreading or a loophole; each must now get a clear answer. */
describe('Hardening against bad and adversarial input', () => {
  let t: TestApp;
  let curator: string;
  let admin: string;
  let user: string;
  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
  const create = async (body: object) => (await request(t.http).post('/query-expansion/synonyms').set(auth(curator)).send(body).expect(200)).body.synonym_id as number;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ANALYTICS: '5' });
    curator = t.token('cora', ['curator']);
    admin = t.token('ada', ['admin', 'analyst']);
    user = t.token('uma', ['user']);
  });
  afterAll(() => t.close());

  describe('PUT /synonyms/{id}', () => {
    it.each(['confidence', 'tags', 'status', 'version', 'domain', 'notes'])('refuses %s: null with 400 naming the field', async (field) => {
      const id = await create({ term: `null-${field}`, synonym: 'x' });
      const res = await request(t.http).put(`/query-expansion/synonyms/${id}`).set(auth(curator)).send({ [field]: null });
      expect(res.status).toBe(400);
      expect(res.body.details).toMatchObject({ field, provided_value: null });
    });

    it('lifts a department restriction with null', async () => {
      const id = await create({ term: 'lift', synonym: 'raise', department: 'Ops' });
      await request(t.http).put(`/query-expansion/synonyms/${id}`).set(auth(curator)).send({ department: null }).expect(200);
      expect((await request(t.http).get(`/query-expansion/synonyms/${id}`).set(auth(user))).body.department).toBeNull();
    });

    it('refuses a reason alone with NOTHING_TO_UPDATE and writes no audit entry', async () => {
      const id = await create({ term: 'reason-only', synonym: 'why' });
      const res = await request(t.http).put(`/query-expansion/synonyms/${id}`).set(auth(curator)).send({ reason: 'just because' });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('NOTHING_TO_UPDATE');
      const audit = await request(t.http).get(`/query-expansion/admin/audit-log?synonym_id=${id}`).set(auth(admin));
      expect(audit.body.total).toBe(1);
    });
  });

  describe('POST /synonyms', () => {
    it('refuses a term that grows past its column once normalised', async () => {
      const res = await request(t.http).post('/query-expansion/synonyms').set(auth(curator)).send({ term: '½'.repeat(200), synonym: 'half' });
      expect(res.status).toBe(400);
      expect(res.body.details.field).toBe('term');
    });

    it('refuses a scope that grows past its column once lower-cased', async () => {
      const res = await request(t.http)
        .post('/query-expansion/synonyms')
        .set(auth(curator))
        .send({ term: 'scope', synonym: 'range', domain: 'a'.repeat(50), user_role: 'b'.repeat(50), department: 'İ'.repeat(100) });
      expect(res.status).toBe(400);
      expect(res.body.details.field).toBe('department');
    });

    it('refuses blank tags and control characters in a department', async () => {
      expect((await request(t.http).post('/query-expansion/synonyms').set(auth(curator)).send({ term: 't1', synonym: 's1', tags: ['  ', 'a'] })).body.details.field).toBe('tags');
      expect((await request(t.http).post('/query-expansion/synonyms').set(auth(curator)).send({ term: 't2', synonym: 's2', department: 'Ops\u0000' })).body.details.field).toBe('department');
    });
  });

  describe('POST /expand and /feedback', () => {
    it('refuses control characters or odd names in domain and user_role', async () => {
      for (const body of [{ query: 'ML', domain: 'tech\u0000' }, { query: 'ML', user_role: '\ud800' }]) {
        const res = await request(t.http).post('/query-expansion/expand').set(auth(user)).send(body);
        expect(res.status).toBe(400);
      }
    });

    it('refuses a blank user_id from a service token', async () => {
      const res = await request(t.http).post('/query-expansion/expand').set(auth(t.token('svc', ['service']))).send({ query: 'ML', user_id: '   ' });
      expect(res.status).toBe(400);
      expect(res.body.details.field).toBe('user_id');
    });

    it('accepts only the canonical result id, and counts a synonym once per user and expansion', async () => {
      const id = await create({ term: 'retrospective', synonym: 'sprint review', domain: 'technical', confidence: 0.6 });
      const expanded = await request(t.http).post('/query-expansion/expand').set(auth(user)).send({ query: 'retrospective notes', enabled_strategies: ['synonym_expansion'], expansion_settings: { confidence_threshold: 0 } });
      const eid = expanded.body.expansion_id as string;
      expect(expanded.body.expanded_queries.length).toBeGreaterThanOrEqual(2);
      const padded = await request(t.http).post('/query-expansion/feedback').set(auth(user)).send({ expansion_id: `${eid}.01`, was_helpful: false });
      expect(padded.status).toBe(404);
      for (const rated of [`${eid}.1`, `${eid}.2`, eid]) {
        await request(t.http).post('/query-expansion/feedback').set(auth(user)).send({ expansion_id: rated, was_helpful: false }).expect(200);
      }
      const entry = (await request(t.http).get(`/query-expansion/synonyms/${id}`).set(auth(user))).body;
      expect(entry.usage_count).toBe(1);
      expect(entry.relevance_score).toBeCloseTo((10 * 0.6) / 11, 6);
    });

    it('leaves the entry version (ETag) alone when users rate it', async () => {
      const id = await create({ term: 'etagword', synonym: 'tagword' });
      const expanded = await request(t.http).post('/query-expansion/expand').set(auth(user)).send({ query: 'etagword', enabled_strategies: ['synonym_expansion'], expansion_settings: { confidence_threshold: 0 } });
      await request(t.http).post('/query-expansion/feedback').set(auth(user)).send({ expansion_id: expanded.body.expansion_id, was_helpful: true }).expect(200);
      const res = await request(t.http).put(`/query-expansion/synonyms/${id}`).set(auth(curator)).set('If-Match', '"1"').send({ notes: 'still version 1' });
      expect(res.status).toBe(200);
      expect((await request(t.http).get(`/query-expansion/synonyms/${id}`).set(auth(user))).body.usage_count).toBe(1);
    });

    it('records an expansion with fifty long results (the stored event stays small)', async () => {
      const query = `ml api db sla kpi config mgmt dept crm erp ci cd ui ux qa hr pr ${'数据库 '.repeat(200)}`.slice(0, 1000);
      const res = await request(t.http).post('/query-expansion/expand').set(auth(user)).send({ query, expansion_settings: { max_expansions: 50, confidence_threshold: 0 } });
      expect(res.status).toBe(200);
      await t.app.get(ExpansionRecorder).flush();
      const rows = await t.dataSource.query('SELECT id, results FROM expansion_events WHERE id = ?', [res.body.expansion_id]);
      expect(rows).toHaveLength(1);
      expect(String(rows[0].results).length).toBeLessThan(65_535);
      expect(t.app.get(ExpansionRecorder).pendingCount).toBe(0);
    });
  });

  describe('dates and numbers in queries', () => {
    it.each(['start_date=2024-W01', 'start_date=2024-W01-1', 'end_date=2024-366', 'start_date=20240101', 'end_date=2026-02-31T99:00'])('refuses %s with 400', async (q) => {
      for (const path of ['/query-expansion/analytics/expansion', '/query-expansion/admin/audit-log']) {
        const res = await request(t.http).get(`${path}?${q}`).set(auth(t.token(`dates-${q}`, ['admin'])));
        expect(res.status).toBe(400);
        expect(res.body.code).toBe('VALIDATION_ERROR');
      }
    });

    it('reads a bare audit-log end date as the whole day', async () => {
      await create({ term: 'today', synonym: 'this day' });
      const day = new Date().toISOString().slice(0, 10);
      const res = await request(t.http).get(`/query-expansion/admin/audit-log?start_date=${day}&end_date=${day}`).set(auth(admin));
      expect(res.body.total).toBeGreaterThan(0);
    });

    it.each(['limit=0x10', 'limit=1e2', 'offset=%205', 'user_id='])('refuses %s', async (q) => {
      const res = await request(t.http).get(`/query-expansion/admin/audit-log?${q}`).set(auth(admin));
      expect(res.status).toBe(400);
    });
  });

  describe('request bodies the parser refuses', () => {
    it('answers a compressed-looking body that is not compressed with a 4xx envelope and a request id', async () => {
      const res = await request(t.http).post('/query-expansion/expand').set(auth(user)).set('Content-Type', 'application/json').set('Content-Encoding', 'gzip').send('garbage');
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body).toMatchObject({ error: expect.any(String), message: expect.any(String), code: expect.stringMatching(/^[A-Z_]+$/) });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('still accepts a real gzip body', async () => {
      const res = await request(t.http)
        .post('/query-expansion/expand')
        .set(auth(user))
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', 'gzip')
        .serialize((body: unknown) => body as string)
        .send(gzipSync(JSON.stringify({ query: 'ML deployment' })) as unknown as string);
      expect(res.status).toBe(200);
      expect(res.body.original_query).toBe('ML deployment');
    });

    it('gives malformed JSON a request id too', async () => {
      const res = await request(t.http).post('/query-expansion/expand').set(auth(user)).set('Content-Type', 'application/json').send('{"query":');
      expect(res.status).toBe(400);
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });
  });

  describe('bulk paths and files', () => {
    it('refuses a file name longer than the file system allows with INVALID_FILE_PATH', async () => {
      for (const [path, body] of [
        ['/query-expansion/admin/bulk-import', { file_path: 'a'.repeat(300) }],
        ['/query-expansion/admin/export', { output_path: 'a'.repeat(300) }],
      ] as const) {
        const res = await request(t.http).post(path).set(auth(admin)).send(body);
        expect(res.status).toBe(400);
        expect(res.body.code).toBe('INVALID_FILE_PATH');
      }
    });

    it('reports a deeply nested JSON import file without a server error', async () => {
      const dir = join(t.dataDir, 'imports');
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'deep.json'), `[${'['.repeat(20_000)}${']'.repeat(20_000)}]`);
      const res = await request(t.http).post('/query-expansion/admin/bulk-import').set(auth(admin)).send({ file_path: 'deep.json', import_format: 'json' });
      expect(res.status).toBeLessThan(500);
      if (res.status === 200) expect(res.body.result.successful_imports).toBe(0);
    });
  });

  describe('rate limits without a valid token', () => {
    it('counts failed authentications against the client address', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        statuses.push((await request(t.http).get('/query-expansion/analytics/expansion').set('Authorization', 'Bearer not-a-token')).status);
      }
      expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(statuses.slice(5)).toEqual([429, 429]);
    });
  });
});

import { expect } from '@jest/globals';
import { AuditService } from '../src/audit/audit.service';
import type { CreateSynonymDto } from '../src/synonyms/dto/create-synonym.dto';
import { CatalogueEvents, type CatalogueChange } from '../src/synonyms/catalogue-events';
import { SynonymsService } from '../src/synonyms/synonyms.service';
import { unchecked, type Body } from './client';
import { synonymBody } from './factories';
import { createTestApp, type TestApp } from './setup/create-test-app';
import { withErrorLogsSilenced } from './setup/logs';

describe('Synonym catalogue', () => {
  let t: TestApp;
  let curator: string;
  let admin: string;
  let user: string;

  beforeAll(async () => {
    t = await createTestApp();
    curator = t.token('cora', ['curator']);
    admin = t.token('ada', ['admin']);
    user = t.token('uma', ['user']);
  });
  afterAll(() => t.close());

  const create = (token: string, body: Body<CreateSynonymDto>) => t.api.synonyms.createdId(body, token);
  const getOne = (id: number) => t.api.synonyms.get(id, user);

  describe('POST /query-expansion/synonyms', () => {
    it('creates an active manual_curation entry for a curator, with every field stored', async () => {
      const res = await t.api.synonyms.create(
        { term: '  Machine   Learning ', synonym: 'ML', domain: 'Technical', confidence: 0.9, tags: ['ai', 'acronym'], notes: 'n', context: 'data science', user_role: 'Developer', department: 'Engineering' },
        curator,
      );
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, message: expect.any(String), synonym_id: expect.any(Number), status: 'active' });
      const entry = (await getOne(res.body.synonym_id)).body;
      expect(entry).toMatchObject({
        term: 'Machine   Learning',
        synonym: 'ML',
        domain: 'technical',
        confidence: 0.9,
        relevance_score: 0.9,
        usage_count: 0,
        success_rate: 0,
        status: 'active',
        source: 'manual_curation',
        created_by: 'cora',
        tags: ['ai', 'acronym'],
        notes: 'n',
        context: 'data science',
        user_role: 'developer',
        department: 'Engineering',
        version: 1,
      });
      expect(Date.parse(entry.created_at)).not.toBeNaN();
    });

    it('proposes a pending collaborative entry for an ordinary user, default confidence 0.8 and domain general', async () => {
      const id = await create(user, { term: 'k8s', synonym: 'kubernetes' });
      const entry = (await getOne(id)).body;
      expect(entry).toMatchObject({ status: 'pending', source: 'collaborative', confidence: 0.8, domain: 'general', created_by: 'uma' });
    });

    it('refuses the same pair in the same scope with 409 DUPLICATE_SYNONYM, also when written differently', async () => {
      await create(curator, { term: 'Database', synonym: 'DB store', domain: 'technical' });
      const res = await t.api.synonyms.create({ term: 'ＤＡＴＡＢＡＳＥ', synonym: 'db   STORE', domain: 'technical' }, curator);
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('DUPLICATE_SYNONYM');
    });

    it('accepts the same pair in another scope (department)', async () => {
      await create(curator, { term: 'ticket', synonym: 'issue', domain: 'technical' });
      const id = await create(curator, { term: 'ticket', synonym: 'issue', domain: 'technical', department: 'Support' });
      expect(id).toBeGreaterThan(0);
    });

    it('refuses term equal to synonym with 400 SAME_TERM_AND_SYNONYM', async () => {
      const res = await t.api.synonyms.create({ term: 'Cloud', synonym: ' cloud ' }, curator);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('SAME_TERM_AND_SYNONYM');
    });

    it.each<[Body<CreateSynonymDto>, string]>([
      [{ synonym: 'x' }, 'term'],
      [{ term: '   ', synonym: 'x' }, 'term'],
      [{ term: 'x' }, 'synonym'],
      [{ term: 'x'.repeat(201), synonym: 'y' }, 'term'],
      [{ term: 'a', synonym: 'b', confidence: 1.5 }, 'confidence'],
      [{ term: 'a', synonym: 'b', confidence: -0.1 }, 'confidence'],
      [{ term: 'a', synonym: 'b', tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'tags'],
      [{ term: 'a', synonym: 'b', tags: ['x'.repeat(51)] }, 'tags'],
      [unchecked({ term: 'a', synonym: 'b', tags: 'notarray' }), 'tags'],
      [{ term: 'a', synonym: 'b', domain: 'bad/domain' }, 'domain'],
      [unchecked({ term: 123, synonym: 'b' }), 'term'],
      [{ term: 'a', synonym: 'b', notes: 'x'.repeat(2001) }, 'notes'],
    ])('refuses %j with 400 naming %s', async (body, field) => {
      const res = await t.api.synonyms.create(body, curator);
      expect(res.status).toBe(400);
      expect(res.body.details?.field).toBe(field);
    });
  });

  describe('GET /query-expansion/synonyms', () => {
    beforeAll(async () => {
      await create(curator, { term: 'alpha', synonym: 'first', domain: 'filters', confidence: 0.3, tags: ['greek'] });
      await create(curator, { term: 'beta', synonym: 'second', domain: 'filters', confidence: 0.9, user_role: 'analyst' });
      await create(user, { term: 'gamma', synonym: 'third', domain: 'filters', confidence: 0.6, department: 'Finance' });
    });

    it('filters by domain and status, with total', async () => {
      const res = await t.api.synonyms.list({ domain: 'filters', status: 'active' }, user);
      expect(res.body.total).toBe(2);
      expect(res.body.synonyms.map((s) => s.term).sort()).toEqual(['alpha', 'beta']);
    });

    it('filters by user_role, department, tag, source and term search', async () => {
      const terms = async (filter: Record<string, string>) => (await t.api.synonyms.list({ domain: 'filters', ...filter }, user)).body.synonyms.map((s) => s.term);
      expect(await terms({ user_role: 'analyst' })).toEqual(['beta']);
      expect(await terms({ department: 'finance' })).toEqual(['gamma']);
      expect(await terms({ tag: 'greek' })).toEqual(['alpha']);
      expect(await terms({ source: 'collaborative' })).toEqual(['gamma']);
      expect(await terms({ term: 'ALP' })).toEqual(['alpha']);
    });

    it('sorts by confidence in both orders', async () => {
      const asc = await t.api.synonyms.list({ domain: 'filters', sort: 'confidence', order: 'asc' }, user);
      expect(asc.body.synonyms.map((s) => s.confidence)).toEqual([0.3, 0.6, 0.9]);
      const desc = await t.api.synonyms.list({ domain: 'filters', sort: 'confidence', order: 'desc' }, user);
      expect(desc.body.synonyms.map((s) => s.confidence)).toEqual([0.9, 0.6, 0.3]);
    });

    it('refuses an unknown status filter', async () => {
      const res = await t.api.synonyms.list({ status: 'archived' }, user);
      expect(res.status).toBe(400);
      expect(res.body.details?.field).toBe('status');
    });
  });

  describe('PUT /query-expansion/synonyms/{id}', () => {
    it('updates confidence, notes, tags and context and bumps the version', async () => {
      const id = await create(curator, synonymBody());
      const res = await t.api.synonyms.update(id, { confidence: 0.5, notes: 'checked', tags: ['x'], context: 'c', reason: 'review' }, curator);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, message: expect.any(String), version: 2 });
      expect((await getOne(id)).body).toMatchObject({ confidence: 0.5, notes: 'checked', tags: ['x'], context: 'c', version: 2 });
    });

    it.each([
      ['pending', 'active'],
      ['pending', 'rejected'],
      ['pending', 'under_review'],
    ] as const)('moves %s → %s', async (from, to) => {
      const id = await create(user, synonymBody());
      expect((await getOne(id)).body.status).toBe(from);
      const res = await t.api.synonyms.update(id, { status: to }, curator);
      expect(res.status).toBe(200);
      expect((await getOne(id)).body.status).toBe(to);
    });

    it('refuses rejected → active with 409 INVALID_STATUS_TRANSITION naming both states', async () => {
      const id = await create(user, synonymBody());
      await t.api.synonyms.update(id, { status: 'rejected' }, curator).expect(200);
      const res = await t.api.synonyms.update(id, { status: 'active' }, curator);
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('INVALID_STATUS_TRANSITION');
      expect(res.body.message).toContain('rejected');
      expect(res.body.message).toContain('active');
      expect(res.body.details).toMatchObject({ from: 'rejected', to: 'active', allowed: ['pending'] });
    });

    it('refuses a stale version with 409 VERSION_CONFLICT (body version and If-Match)', async () => {
      const id = await create(curator, synonymBody());
      await t.api.synonyms.update(id, { notes: 'one', version: 1 }, curator).expect(200);
      const stale = await t.api.synonyms.update(id, { notes: 'two', version: 1 }, curator);
      expect(stale.status).toBe(409);
      expect(stale.body.code).toBe('VERSION_CONFLICT');
      const staleHeader = await t.api.synonyms.update(id, { notes: 'two' }, curator).set('If-Match', '"1"');
      expect(staleHeader.status).toBe(409);
      const fresh = await t.api.synonyms.update(id, { notes: 'two' }, curator).set('If-Match', '"2"');
      expect(fresh.status).toBe(200);
      expect(fresh.headers.etag).toBe('"3"');
      expect((await getOne(id)).body.notes).toBe('two');
    });

    it('lets exactly one of two concurrent PUTs with the same version win', async () => {
      const id = await create(curator, synonymBody());
      const [a, b] = await Promise.all([t.api.synonyms.update(id, { notes: 'from A', version: 1 }, curator), t.api.synonyms.update(id, { notes: 'from B', version: 1 }, admin)]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      const winner = a.status === 200 ? 'from A' : 'from B';
      const entry = (await getOne(id)).body;
      expect(entry.notes).toBe(winner);
      expect(entry.version).toBe(2);
      const audit = await t.api.admin.auditLog({ synonym_id: id, action: 'update' }, admin);
      expect(audit.body.total).toBe(1);
    });

    it('refuses a scope change that collides with another entry', async () => {
      await create(curator, { term: 'cache', synonym: 'buffer', domain: 'technical' });
      const id = await create(curator, { term: 'cache', synonym: 'buffer', domain: 'business' });
      const res = await t.api.synonyms.update(id, { domain: 'technical' }, curator);
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('DUPLICATE_SYNONYM');
    });

    it('answers 404 SYNONYM_NOT_FOUND for a missing id and 400 for a non-integer id', async () => {
      const missing = await t.api.synonyms.update(999999, { notes: 'x' }, curator);
      expect(missing.status).toBe(404);
      expect(missing.body.code).toBe('SYNONYM_NOT_FOUND');
      const bad = await t.api.synonyms.update('abc', { notes: 'x' }, curator);
      expect(bad.status).toBe(400);
      expect(bad.body.details).toEqual({ field: 'synonym_id', expected_type: 'integer', provided_value: 'abc' });
    });

    it('refuses an empty update with NOTHING_TO_UPDATE and a confidence above 1', async () => {
      const id = await create(curator, synonymBody());
      const empty = await t.api.synonyms.update(id, {}, curator);
      expect(empty.status).toBe(400);
      expect(empty.body.code).toBe('NOTHING_TO_UPDATE');
      const high = await t.api.synonyms.update(id, { confidence: 2 }, curator);
      expect(high.status).toBe(400);
      expect(high.body.details?.field).toBe('confidence');
    });
  });

  describe('DELETE /query-expansion/synonyms/{id}', () => {
    it('removes the entry, keeps its history, and answers 404 afterwards', async () => {
      const id = await create(curator, synonymBody());
      const res = await t.api.synonyms.remove(id, curator, { reason: 'obsolete' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, message: expect.any(String) });
      expect((await getOne(id)).status).toBe(404);
      const audit = await t.api.admin.auditLog({ synonym_id: id }, admin);
      expect(audit.body.audit_entries.map((e) => e.action)).toEqual(['delete', 'create']);
      const del = audit.body.audit_entries[0];
      expect(del).toMatchObject({ performed_by: 'cora', reason: 'obsolete', new_values: null });
      expect(del.old_values).toMatchObject({ term: expect.any(String), status: 'active' });
      const again = await t.api.synonyms.remove(id, curator);
      expect(again.status).toBe(404);
    });

    it('accepts a DELETE without a body', async () => {
      const id = await create(curator, synonymBody());
      const res = await t.api.synonyms.remove(id, admin);
      expect(res.status).toBe(200);
    });
  });

  describe('audit trail', () => {
    it('records create (old_values null), update with reason, and status_change', async () => {
      const id = await create(user, synonymBody());
      await t.api.synonyms.update(id, { confidence: 0.4, reason: 'too broad' }, curator).expect(200);
      await t.api.synonyms.update(id, { status: 'active', reason: 'approved' }, curator).expect(200);
      const res = await t.api.admin.auditLog({ synonym_id: id }, admin);
      expect(res.headers['x-total-count']).toBe('3');
      const [status, update, created] = res.body.audit_entries;
      expect(created).toMatchObject({ action: 'create', performed_by: 'uma', old_values: null });
      expect(created.new_values).toMatchObject({ status: 'pending', confidence: 0.8 });
      expect(update).toMatchObject({ action: 'update', performed_by: 'cora', reason: 'too broad' });
      expect(update.old_values?.confidence).toBe(0.8);
      expect(update.new_values?.confidence).toBe(0.4);
      expect(status).toMatchObject({ action: 'status_change', reason: 'approved' });
      expect(status.old_values?.status).toBe('pending');
      expect(status.new_values?.status).toBe('active');
    });

    it('filters by user_id, action and dates, newest first, with a limit', async () => {
      const res = await t.api.admin.auditLog({ user_id: 'uma', action: 'create', limit: 2 }, admin);
      expect(res.body.audit_entries).toHaveLength(2);
      expect(res.body.total).toBeGreaterThan(2);
      const [a, b] = res.body.audit_entries;
      expect(Date.parse(a.performed_at)).toBeGreaterThanOrEqual(Date.parse(b.performed_at));
      expect(res.body.audit_entries.every((e) => e.performed_by === 'uma' && e.action === 'create')).toBe(true);
      const future = await t.api.admin.auditLog({ start_date: new Date(Date.now() + 86400000).toISOString() }, admin);
      expect(future.body.total).toBe(0);
    });

    it('refuses bad audit-log parameters', async () => {
      for (const q of ['limit=1001', 'synonym_id=abc', 'start_date=yesterday', 'action=explode']) {
        const res = await t.api.admin.auditLog(q, admin);
        expect(res.status).toBe(400);
      }
      const reversed = await t.api.admin.auditLog({ start_date: '2025-02-01T00:00:00Z', end_date: '2025-01-01T00:00:00Z' }, admin);
      expect(reversed.status).toBe(400);
      expect(reversed.body.details?.field).toBe('start_date');
    });

    it('rolls the change back when the audit insert fails', async () => {
      const auditService = t.app.get(AuditService);
      const failure = { requestId: expect.any(String), err: expect.objectContaining({ message: 'audit store down' }) };
      const spy = jest.spyOn(auditService, 'record').mockRejectedValueOnce(new Error('audit store down'));
      const body = synonymBody({ term: 'rollback-term' });
      const { result: res, logged } = await withErrorLogsSilenced(() => t.api.synonyms.create(body, curator));
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ error: 'Internal Server Error', message: expect.stringContaining('request id'), code: 'INTERNAL_ERROR' });
      expect(JSON.stringify(res.body)).not.toContain('audit store down');
      expect(logged).toEqual([[expect.objectContaining(failure), 'Unhandled error']]);
      spy.mockRestore();
      const list = await t.api.synonyms.list({ term: 'rollback-term' }, user);
      expect(list.body.total).toBe(0);

      const id = await create(curator, synonymBody());
      jest.spyOn(auditService, 'record').mockRejectedValueOnce(new Error('audit store down'));
      const put = await withErrorLogsSilenced(() => t.api.synonyms.update(id, { notes: 'lost?' }, curator).expect(500));
      expect(put.logged).toEqual([[expect.objectContaining(failure), 'Unhandled error']]);
      expect((await getOne(id)).body).toMatchObject({ notes: null, version: 1 });
    });
  });

  describe('catalogue change announcements', () => {
    it('announces creates, updates and deletes after commit, with a rising version', async () => {
      const events = t.app.get(CatalogueEvents);
      const seen: CatalogueChange[] = [];
      const sub = events.changes.subscribe((c) => seen.push(c));
      const id = await create(curator, synonymBody());
      await t.api.synonyms.update(id, { status: 'deprecated' }, curator).expect(200);
      await t.api.synonyms.remove(id, curator).expect(200);
      sub.unsubscribe();
      expect(seen.map((c) => [c.kind, c.id, c.entry?.status])).toEqual([
        ['upsert', id, 'active'],
        ['upsert', id, 'deprecated'],
        ['remove', id, undefined],
      ]);
      expect(seen[2].version).toBeGreaterThan(seen[0].version);
    });

    it('offers the internal add operation with an explicit source and a pending default', async () => {
      const service = t.app.get(SynonymsService);
      const entry = await service.add({ term: 'internal-a', synonym: 'internal-b', source: 'ml_discovery' }, 'discovery-job');
      expect(entry).toMatchObject({ status: 'pending', source: 'ml_discovery', createdBy: 'discovery-job' });
      const active = await service.add({ term: 'internal-c', synonym: 'internal-d', source: 'domain_expert', status: 'active' }, 'expert');
      expect(active.status).toBe('active');
      const audit = await t.api.admin.auditLog({ synonym_id: entry.id }, admin);
      expect(audit.body.audit_entries[0]).toMatchObject({ action: 'create', performed_by: 'discovery-job' });
    });
  });
});

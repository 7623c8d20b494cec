import { expect, jest } from '@jest/globals';
import { AuditService, type AuditRecord } from '../src/audit/audit.service';
import type { ExpandResponseDto } from '../src/expansion/dto/expand-response.dto';
import { SynonymEntity } from '../src/synonyms/entities/synonym.entity';
import type { ReviewSynonymsDto } from '../src/synonyms/dto/review-synonyms.dto';
import { VersionConflictError } from '../src/synonyms/synonym.errors';
import type { SynonymStatus } from '../src/synonyms/synonym.enums';
import { ROUTES, unchecked, versioned, type Body } from './client';
import { synonymBody, synonymRow } from './factories';
import { createTestApp, type TestApp } from './setup/create-test-app';

/** Issue 12, point 3: POST /query-expansion/synonyms/review. */
describe('Review at scale', () => {
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

  /** An entry in the given status, moved there through PUT from a user's pending proposal. */
  const entryIn = async (status: SynonymStatus, overrides: Parameters<typeof synonymBody>[0] = {}): Promise<number> => {
    const id = await t.api.synonyms.createdId(synonymBody(overrides), user);
    if (status === 'pending') return id;
    if (status === 'deprecated') {
      await t.api.synonyms.update(id, { status: 'active' }, curator).expect(200);
    }
    await t.api.synonyms.update(id, { status }, curator).expect(200);
    return id;
  };
  const statusOf = async (id: number) => (await t.api.synonyms.get(id, user).expect(200)).body.status;
  const auditOf = async (id: number) => (await t.api.admin.auditLog({ synonym_id: id, order: 'asc' }, admin).expect(200)).body.audit_entries;
  /** Inserts `n` pending rows at once (no HTTP, no audit) and answers their ids. */
  const insertPending = async (n: number, createdBy: string): Promise<number[]> => {
    const repo = t.dataSource.getRepository(SynonymEntity);
    const rows = Array.from({ length: n }, () => synonymRow({ createdBy }));
    for (let i = 0; i < rows.length; i += 100) await repo.insert(rows.slice(i, i + 100));
    return (await repo.find({ where: { createdBy }, select: { id: true }, order: { id: 'ASC' } })).map((r) => r.id);
  };

  describe('the outcome of each id', () => {
    it('moves a pending entry, refuses a rejected one with the transition error, leaves an active one, and reports an unknown id', async () => {
      const pending = await entryIn('pending');
      const rejected = await entryIn('rejected');
      const active = await entryIn('active');
      const underReview = await entryIn('under_review');
      const res = await t.api.synonyms.review({ ids: [pending, rejected, 999_999, active, underReview], action: 'approve', reason: 'Weekly review' }, curator);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        message: '2 of 5 synonym(s) moved to active',
        action: 'approve',
        target_status: 'active',
        counts: { requested: 5, moved: 2, unchanged: 1, refused: 1, not_found: 1 },
        results: [
          { id: pending, outcome: 'moved', from: 'pending', to: 'active', version: 2 },
          {
            id: rejected,
            outcome: 'refused',
            from: 'rejected',
            to: 'active',
            error: { code: 'INVALID_STATUS_TRANSITION', message: 'A synonym cannot move from rejected to active; allowed: pending' },
          },
          { id: 999_999, outcome: 'not_found', error: { code: 'SYNONYM_NOT_FOUND', message: 'Synonym 999999 does not exist' } },
          { id: active, outcome: 'unchanged', from: 'active', to: 'active' },
          { id: underReview, outcome: 'moved', from: 'under_review', to: 'active', version: 3 },
        ],
      });
      expect(await statusOf(pending)).toBe('active');
      expect(await statusOf(rejected)).toBe('rejected');
      expect(await statusOf(underReview)).toBe('active');
      // the version reported is the entry's new ETag
      expect((await t.api.synonyms.get(pending, user)).headers.etag).toBe('"2"');
    });

    it('rejects and puts under review by the same workflow: active → rejected is refused, active → under_review moves', async () => {
      const pending = await entryIn('pending');
      const active = await entryIn('active');
      const rejected = await t.api.synonyms.review({ ids: [pending, active], action: 'reject', reason: 'Not the same meaning' }, curator).expect(200);
      expect(rejected.body.results.map((r) => [r.outcome, r.from, r.to, r.error?.code])).toEqual([
        ['moved', 'pending', 'rejected', undefined],
        ['refused', 'active', 'rejected', 'INVALID_STATUS_TRANSITION'],
      ]);
      const review = await t.api.synonyms.review({ ids: [active], action: 'under_review', reason: 'Rated unhelpful' }, admin).expect(200);
      expect(review.body.results).toEqual([{ id: active, outcome: 'moved', from: 'active', to: 'under_review', version: 3 }]);
      expect(review.body.target_status).toBe('under_review');
    });
  });

  describe('audit and index', () => {
    it('writes one status_change audit entry per moved id, with the reason and the caller, and none for the others', async () => {
      const a = await entryIn('pending');
      const b = await entryIn('pending');
      const refused = await entryIn('rejected');
      const unchanged = await entryIn('active');
      await t.api.synonyms.review({ ids: [a, refused, b, unchanged], action: 'approve', reason: '  Approved in the weekly review  ' }, curator).expect(200);
      for (const id of [a, b]) {
        const entries = await auditOf(id);
        expect(entries.map((e) => e.action)).toEqual(['create', 'status_change']);
        expect(entries[1]).toMatchObject({
          performed_by: 'cora',
          reason: 'Approved in the weekly review',
          old_values: expect.objectContaining({ status: 'pending', version: 1 }),
          new_values: expect.objectContaining({ status: 'active', version: 2 }),
        });
      }
      expect((await auditOf(refused)).map((e) => e.action)).toEqual(['create', 'status_change']); // its move to rejected, before the review
      expect((await auditOf(unchanged)).map((e) => e.action)).toEqual(['create', 'status_change']);
    });

    it('a re-sent review changes nothing: every id is unchanged, no audit entry is added', async () => {
      const ids = [await entryIn('pending'), await entryIn('pending')];
      await t.api.synonyms.review({ ids, action: 'approve', reason: 'first' }, curator).expect(200);
      const again = await t.api.synonyms.review({ ids, action: 'approve', reason: 'second' }, curator).expect(200);
      expect(again.body.counts).toEqual({ requested: 2, moved: 0, unchanged: 2, refused: 0, not_found: 0 });
      for (const id of ids) expect((await auditOf(id)).map((e) => e.reason)).toEqual([null, 'first']);
    });

    it('makes an approved entry visible to expand, and one put under review invisible', async () => {
      const expandSynonyms = async () => {
        const res = await t.api.expand({ query: 'zorblex manual', enabled_strategies: ['synonym_expansion'], expansion_settings: { confidence_threshold: 0 } }, user).expect(200);
        return (res.body as ExpandResponseDto).expanded_queries.map((r) => r.expanded_query);
      };
      const id = await entryIn('pending', { term: 'zorblex', synonym: 'frobnicator', domain: 'general', confidence: 0.9 });
      expect(await expandSynonyms()).not.toContain('frobnicator manual');
      await t.api.synonyms.review({ ids: [id], action: 'approve', reason: 'Confirmed' }, curator).expect(200);
      expect(await expandSynonyms()).toContain('frobnicator manual');
      await t.api.synonyms.review({ ids: [id], action: 'under_review', reason: 'Second thoughts' }, curator).expect(200);
      expect(await expandSynonyms()).not.toContain('frobnicator manual');
    });
  });

  describe('one transaction per id', () => {
    it('a failure on one id rolls back that id only (its move and its audit entry); the ids before and after it stay moved', async () => {
      const [a, b, c] = [await entryIn('pending'), await entryIn('pending'), await entryIn('pending')];
      const audit = t.app.get(AuditService);
      const original = audit.record.bind(audit);
      // the audit write of b fails after b's status UPDATE: the transaction of b must roll that UPDATE back
      const spy = jest.spyOn(audit, 'record').mockImplementation(async (m, record: AuditRecord) => {
        if (record.synonymId === b) throw new VersionConflictError(b, 1, 2);
        return original(m, record);
      });
      try {
        const res = await t.api.synonyms.review({ ids: [a, b, c], action: 'approve', reason: 'Batch' }, curator).expect(200);
        expect(res.body.results.map((r) => [r.id, r.outcome, r.error?.code])).toEqual([
          [a, 'moved', undefined],
          [b, 'refused', 'VERSION_CONFLICT'],
          [c, 'moved', undefined],
        ]);
      } finally {
        spy.mockRestore();
      }
      expect([await statusOf(a), await statusOf(b), await statusOf(c)]).toEqual(['active', 'pending', 'active']);
      expect((await t.api.synonyms.get(b, user)).body.version).toBe(1);
      expect((await auditOf(b)).map((e) => e.action)).toEqual(['create']);
    });
  });

  describe('500 ids', () => {
    it('moves 500 pending entries in one request, each with its audit entry', async () => {
      const ids = await insertPending(500, 'bulk-proposer');
      expect(ids).toHaveLength(500);
      const res = await t.api.synonyms.review({ ids, action: 'approve', reason: 'Bulk approval' }, admin).expect(200);
      expect(res.body.counts).toEqual({ requested: 500, moved: 500, unchanged: 0, refused: 0, not_found: 0 });
      expect(res.body.results.map((r) => r.id)).toEqual(ids);
      const active = await t.api.synonyms.list({ created_by: 'bulk-proposer', status: 'active', limit: 1 }, user).expect(200);
      expect(active.body.total).toBe(500);
      const audited = await t.api.admin.auditLog({ action: 'status_change', user_id: 'ada', limit: 1000 }, admin).expect(200);
      expect(audited.body.audit_entries.filter((e) => ids.includes(e.synonym_id) && e.reason === 'Bulk approval')).toHaveLength(500);
    });

    it('refuses 501 ids with 400 VALIDATION_ERROR, moving nothing', async () => {
      const ids = await insertPending(501, 'too-many');
      const res = await t.api.synonyms.review({ ids, action: 'approve', reason: 'Too many' }, admin);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        error: 'Bad Request',
        code: 'VALIDATION_ERROR',
        message: 'Invalid value for "ids": ids must contain no more than 500 elements',
        details: { field: 'ids', expected_type: 'array of at most 500 elements', provided_value: 'array of 501 elements' },
      });
      expect((await t.api.synonyms.list({ created_by: 'too-many', status: 'active', limit: 1 }, user)).body.total).toBe(0);
    });
  });

  describe('refusals', () => {
    const valid: ReviewSynonymsDto = { ids: [1], action: 'approve', reason: 'ok' };
    it.each<[string, Body<ReviewSynonymsDto>, string, string]>([
      ['no ids', { action: 'approve', reason: 'r' }, 'ids', 'array'],
      ['ids not an array', unchecked({ ...valid, ids: 7 }), 'ids', 'array'],
      ['an empty ids', { ...valid, ids: [] }, 'ids', 'array of at least 1 elements'],
      ['a repeated id', { ...valid, ids: [3, 4, 3] }, 'ids', 'array without repeated values'],
      ['a zero id', { ...valid, ids: [1, 0] }, 'ids', 'number >= 1'],
      ['a negative id', { ...valid, ids: [-5] }, 'ids', 'number >= 1'],
      ['a fractional id', { ...valid, ids: [1.5] }, 'ids', 'integer'],
      ['an id as text', unchecked({ ...valid, ids: ['12'] }), 'ids', 'integer'],
      ['an id beyond 32 bits', { ...valid, ids: [2_147_483_648] }, 'ids', 'number <= 2147483647'],
      ['an unknown action', unchecked({ ...valid, action: 'activate' }), 'action', 'one of: approve, reject, under_review'],
      ['no reason', { ids: [1], action: 'approve' }, 'reason', 'non-empty string'],
      ['a blank reason', { ...valid, reason: '   ' }, 'reason', 'non-empty string'],
      ['a reason over 1000 characters', { ...valid, reason: 'x'.repeat(1001) }, 'reason', 'string of at most 1000 characters'],
      ['an unknown property', unchecked({ ...valid, status: 'active' }), 'status', 'no such property (unknown properties are refused)'],
    ])('refuses %s with 400 VALIDATION_ERROR naming the field', async (_what, body, field, expectedType) => {
      const res = await t.api.synonyms.review(body, curator);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'Bad Request', code: 'VALIDATION_ERROR', details: { field, expected_type: expectedType } });
    });

    it('refuses a user and an analyst with 403 INSUFFICIENT_ROLE, and no token with 401', async () => {
      const id = await entryIn('pending');
      for (const token of [user, t.token('ann', ['analyst'])]) {
        const res = await t.api.synonyms.review({ ids: [id], action: 'approve', reason: 'r' }, token);
        expect(res.status).toBe(403);
        expect(res.body.code).toBe('INSUFFICIENT_ROLE');
      }
      expect((await t.api.synonyms.review({ ids: [id], action: 'approve', reason: 'r' })).status).toBe(401);
      expect(await statusOf(id)).toBe('pending');
    });
  });

  describe('the route', () => {
    it('is not taken for an entry id: POST reaches the review, other methods on /synonyms/review are refused by the id check', async () => {
      const id = await entryIn('pending');
      const res = await t.api.raw('post', ROUTES.synonymsReview, curator).send({ ids: [id], action: 'approve', reason: 'via the raw path' });
      expect(res.status).toBe(200);
      for (const method of ['get', 'put', 'delete'] as const) {
        const other = await t.api.raw(method, ROUTES.synonymsReview, curator).send({ reason: 'x' });
        expect([method, other.status, other.body]).toEqual([method, 400, expect.objectContaining({ code: 'VALIDATION_ERROR', details: expect.objectContaining({ field: 'synonym_id', provided_value: 'review' }) })]);
      }
    });

    it('is served under /api/v2 and counts in the synonyms rate-limit group', async () => {
      const id = await entryIn('pending');
      const res = await t.api.raw('post', versioned('v2', ROUTES.synonymsReview), curator).send({ ids: [id], action: 'approve', reason: 'v2' });
      expect(res.status).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBe('100000'); // this test app's synonyms limit
      expect(await statusOf(id)).toBe('active');
    });
  });
});

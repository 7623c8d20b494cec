import { expect } from '@jest/globals';
import type { ExpandRequestDto } from '../src/expansion/dto/expand-request.dto';
import type { ExpandResponseDto } from '../src/expansion/dto/expand-response.dto';
import { ExpansionEventEntity } from '../src/expansion/entities/expansion-event.entity';
import { ExpansionIndexService } from '../src/expansion/expansion-index.service';
import { ExpansionRecorder } from '../src/expansion/expansion-recorder.service';
import { SynonymEntity } from '../src/synonyms/entities/synonym.entity';
import type { CreateSynonymDto } from '../src/synonyms/dto/create-synonym.dto';
import { learntConfidence } from '../src/synonyms/learnt-confidence';
import { unchecked, type Body } from './client';
import { expansionRequest } from './factories';
import { createTestApp, type TestApp } from './setup/create-test-app';

describe('Query expansion and feedback', () => {
  let t: TestApp;
  let curator: string;
  let user: string;
  /** Expands with every alternative (threshold 0) unless the body says otherwise: these tests are about the catalogue and feedback, not the default threshold (which has its own test). */
  const expandAs = (token: string, body: Body<ExpandRequestDto>) => {
    // an unchecked body (a validation test's) is still an object: the threshold goes into it the same way
    const sent = body as Partial<ExpandRequestDto>;
    return t.api.expand({ ...sent, expansion_settings: { confidence_threshold: 0, ...sent.expansion_settings } }, token);
  };
  const addSynonym = (body: CreateSynonymDto) => t.api.synonyms.createdId(body, curator);
  const queriesOf = (body: ExpandResponseDto) => body.expanded_queries.map((r) => r.expanded_query);

  beforeAll(async () => {
    t = await createTestApp();
    curator = t.token('cora', ['curator']);
    user = t.token('uma', ['user']);
  });
  afterAll(() => t.close());

  describe('POST /query-expansion/expand', () => {
    it('expands a catalogue synonym in both substitution and OR form, with the spec envelope', async () => {
      await addSynonym({ term: 'deployment', synonym: 'rollout', domain: 'technical', confidence: 0.9 });
      // at 0.9 only the curated entry: the thesaurus's own wordings for "deployment" score lower
      const before = Date.now();
      const res = await expandAs(user, { query: 'model deployment', domain: 'technical', enabled_strategies: ['synonym_expansion'], expansion_settings: { confidence_threshold: 0.9 } });
      expect(res.status).toBe(200);
      // a UUIDv7: the time of the answer, version 7 (common/db/time-ordered-id.ts)
      const idTime = parseInt(String(res.body.expansion_id).slice(4, 16), 16);
      expect(idTime).toBeGreaterThanOrEqual(before);
      expect(idTime).toBeLessThanOrEqual(Date.now());
      expect(res.body).toMatchObject({
        original_query: 'model deployment',
        success: true,
        expansion_id: expect.stringMatching(/^exp_[0-9a-f]{12}7[0-9a-f]{3}[89ab][0-9a-f]{15}$/),
        expansion_metadata: { total_expansions: res.body.expanded_queries.length, strategies_used: ['synonym_expansion'] },
      });
      const queries = queriesOf(res.body);
      expect(queries).toEqual(expect.arrayContaining(['model rollout', 'model (deployment OR rollout)']));
      const first = res.body.expanded_queries[0];
      expect(first).toMatchObject({
        expansion_type: 'synonym_expansion',
        synonyms_used: [expect.objectContaining({ term: expect.any(String), synonym: expect.any(String), confidence: expect.any(Number) })],
        metadata: expect.objectContaining({ expanded_token: 'deployment', synonym_count: 1 }),
        expansion_id: `${res.body.expansion_id}.1`,
      });
      for (const r of res.body.expanded_queries) {
        expect(r.confidence_score).toBeGreaterThanOrEqual(0);
        expect(r.confidence_score).toBeLessThanOrEqual(1);
        expect(r.relevance_score).toBeGreaterThanOrEqual(0);
        expect(r.relevance_score).toBeLessThanOrEqual(1);
      }
      const avg = res.body.expanded_queries.reduce((s, r) => s + r.confidence_score, 0) / queries.length;
      expect(res.body.expansion_metadata.avg_confidence).toBeCloseTo(avg, 3);
    });

    it('quotes multi-word alternatives in the OR form (acronym lexicon)', async () => {
      const res = await expandAs(user, { query: 'ML model deployment', domain: 'technical', enabled_strategies: ['acronym_expansion'], expansion_settings: { confidence_threshold: 0.5 } });
      expect(queriesOf(res.body)).toEqual(expect.arrayContaining(['machine learning model deployment', '(ML OR "machine learning") model deployment']));
    });

    it('never uses an entry restricted to another role or department', async () => {
      await addSynonym({ term: 'ledger', synonym: 'general journal', domain: 'business', user_role: 'analyst' });
      await addSynonym({ term: 'ledger', synonym: 'payables book', domain: 'business', department: 'Finance' });
      const q = async (extra: Partial<ExpandRequestDto>) => queriesOf((await expandAs(user, { query: 'ledger', domain: 'business', enabled_strategies: ['synonym_expansion'], ...extra })).body);
      expect(await q({ user_role: 'developer', department: 'Engineering' })).toEqual([]);
      expect(await q({ user_role: 'analyst' })).toEqual(expect.arrayContaining(['general journal']));
      expect(await q({ user_role: 'analyst' })).not.toContain('payables book');
      expect(await q({ department: 'finance' })).toEqual(expect.arrayContaining(['payables book']));
    });

    it('refreshes the index after catalogue changes: new, deprecated and deleted entries', async () => {
      const q = async () => queriesOf((await expandAs(user, { query: 'zorbflange', enabled_strategies: ['synonym_expansion'] })).body);
      expect(await q()).not.toContain('quuxplate');
      const id = await addSynonym({ term: 'zorbflange', synonym: 'quuxplate', domain: 'general' });
      expect(await q()).toContain('quuxplate');
      await t.api.synonyms.update(id, { status: 'deprecated' }, curator).expect(200);
      expect(await q()).not.toContain('quuxplate');
      await t.api.synonyms.update(id, { status: 'active' }, curator).expect(200);
      expect(await q()).toContain('quuxplate');
      await t.api.synonyms.remove(id, curator).expect(200);
      expect(await q()).not.toContain('quuxplate');
    });

    it('picks up a change written by another instance within the sync interval', async () => {
      // Written straight to the table, as another instance would: no in-process event announces it.
      const now = new Date();
      await t.dataSource.getRepository(SynonymEntity).insert({
        term: 'quarterly',
        synonym: 'trimestral',
        termNormalized: 'quarterly',
        synonymNormalized: 'trimestral',
        scopeKey: 'general||',
        domain: 'general',
        confidence: 0.9,
        relevanceScore: 0.9,
        status: 'active',
        source: 'manual_curation',
        createdBy: 'peer',
        createdAt: now,
        updatedAt: now,
        version: 1,
      });
      await t.app.get(ExpansionIndexService).syncFromDatabase();
      const res = await expandAs(user, { query: 'quarterly report', enabled_strategies: ['synonym_expansion'] });
      expect(queriesOf(res.body)).toContain('trimestral report');
    });

    it('honours max_expansions, confidence_threshold, include_combined and include_or_form', async () => {
      const many = await expandAs(user, { query: 'ML API SLA KPI deployment', expansion_settings: { max_expansions: 3 } });
      expect(many.body.expanded_queries).toHaveLength(3);
      const strict = await expandAs(user, { query: 'ML API SLA KPI deployment', expansion_settings: { confidence_threshold: 0.99 } });
      expect(strict.body.expanded_queries.every((r) => r.confidence_score >= 0.99)).toBe(true);
      const forms = (body: ExpandResponseDto) => body.expanded_queries.map((r) => r.metadata.form);
      const plain = await expandAs(user, { query: 'ML deployment', domain: 'technical' });
      expect(forms(plain.body)[0]).toBe('combined');
      expect(forms(plain.body).slice(1).every((f) => f === 'substitution')).toBe(true);
      const noCombined = await expandAs(user, { query: 'ML deployment', domain: 'technical', expansion_settings: { include_combined: false } });
      expect(noCombined.body.expanded_queries.length).toBeGreaterThan(0);
      expect(forms(noCombined.body).every((f) => f === 'substitution')).toBe(true);
      const withOr = await expandAs(user, { query: 'ML deployment', domain: 'technical', expansion_settings: { include_or_form: true, include_combined: false } });
      expect(forms(withOr.body)).toEqual(expect.arrayContaining(['substitution', 'or']));
      const bad = await expandAs(user, unchecked({ query: 'ML', expansion_settings: { include_combined: 'yes' } }));
      expect(bad.status).toBe(400);
      expect(bad.body.details?.field).toContain('include_combined');
    });

    it('shows curated entries from 0.5 by default, reverse uses included; an explicit threshold applies to every source', async () => {
      const expandDefault = (body: ExpandRequestDto) => t.api.expand(body, user);
      const shown = (body: ExpandResponseDto) => body.expanded_queries.filter((r) => r.metadata.form === 'substitution').map((r) => r.expanded_query);
      const low = await addSynonym({ term: 'frobwiki', synonym: 'frob knowledge base', domain: 'technical', confidence: 0.45 });
      const plain = await addSynonym({ term: 'frobwiki', synonym: 'frob intranet' }); // the default confidence, 0.8
      const body: ExpandRequestDto = { query: 'team frobwiki', enabled_strategies: ['synonym_expansion'] };
      const byDefault = await expandDefault(body);
      expect(byDefault.status).toBe(200);
      expect(shown(byDefault.body)).toEqual(['team frob intranet']);
      expect(byDefault.body.expanded_queries[1].synonyms_used[0].synonym_id).toBe(plain);
      // the same entry used from synonym to term (0.8 x 0.9 = 0.72) is shown too
      expect(shown((await expandDefault({ query: 'frob intranet pages', enabled_strategies: ['synonym_expansion'] })).body)).toContain('frobwiki pages');
      // asked for: the 0.45 entry as well; asked for 0.9: neither
      const loose = await expandDefault({ ...body, expansion_settings: { confidence_threshold: 0.4 } });
      expect(shown(loose.body)).toEqual(expect.arrayContaining(['team frob intranet', 'team frob knowledge base']));
      expect(loose.body.expanded_queries.some((r) => r.synonyms_used.some((u) => u.synonym_id === low))).toBe(true);
      expect((await expandDefault({ ...body, expansion_settings: { confidence_threshold: 0.9 } })).body.expanded_queries).toEqual([]);
    });

    it('honours excluded terms from user_preferences', async () => {
      const res = await expandAs(user, { query: 'ML deployment', user_preferences: { excluded_terms: ['machine learning'] } });
      expect(res.body.expanded_queries.some((r) => r.expanded_query.includes('machine learning'))).toBe(false);
    });

    it('returns an empty list, not an error, when nothing can be expanded', async () => {
      const res = await expandAs(user, { query: 'zzqx wqpt' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ original_query: 'zzqx wqpt', expanded_queries: [], success: true, expansion_metadata: { total_expansions: 0, strategies_used: [], avg_confidence: 0 } });
    });

    it.each<[Body<ExpandRequestDto>, string, string]>([
      [{}, 'MISSING_QUERY_PARAMETER', 'query'],
      [{ query: '   ' }, 'MISSING_QUERY_PARAMETER', 'query'],
      [{ query: 'x'.repeat(1001) }, 'QUERY_TOO_LONG', 'query'],
      [unchecked({ query: 42 }), 'VALIDATION_ERROR', 'query'],
      [unchecked({ query: 'a', enabled_strategies: ['telepathy'] }), 'VALIDATION_ERROR', 'enabled_strategies'],
      [{ query: 'a', expansion_settings: { max_expansions: 51 } }, 'VALIDATION_ERROR', 'expansion_settings.max_expansions'],
      [{ query: 'a', expansion_settings: { max_expansions: 0 } }, 'VALIDATION_ERROR', 'expansion_settings.max_expansions'],
      [{ query: 'a', expansion_settings: { confidence_threshold: 1.2 } }, 'VALIDATION_ERROR', 'expansion_settings.confidence_threshold'],
      [unchecked({ query: 'a', expansion_settings: { mystery: 1 } }), 'VALIDATION_ERROR', 'expansion_settings.mystery'],
      [unchecked({ query: 'a', conversation_history: 'not an array' }), 'VALIDATION_ERROR', 'conversation_history'],
      [unchecked({ query: 'a', user_preferences: [1, 2] }), 'VALIDATION_ERROR', 'user_preferences'],
    ])('refuses %j with 400 %s on %s', async (body, code, field) => {
      const res = await expandAs(user, body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(code);
      expect(res.body.details?.field).toBe(field);
    });

    it('refuses user_id naming someone else unless the caller is a service', async () => {
      const res = await expandAs(user, { query: 'ML', user_id: 'someone-else' });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('USER_MISMATCH');
      const service = t.token('search-frontend', ['service']);
      const ok = await expandAs(service, { query: 'ML', user_id: 'someone-else' });
      expect(ok.status).toBe(200);
      const recorder = t.app.get(ExpansionRecorder);
      const pending = recorder.findPending(ok.body.expansion_id);
      await recorder.flush();
      const [row] = await t.dataSource.query<{ user_id: string }[]>('SELECT user_id FROM expansion_events WHERE id = ?', [ok.body.expansion_id]);
      expect(pending?.userId ?? row.user_id).toBe('someone-else');
    });

    it('records expansion events asynchronously and flushes them', async () => {
      const recorder = t.app.get(ExpansionRecorder);
      const res = await expandAs(user, { query: 'ML deployment', domain: 'technical', session_id: 's-1' });
      expect(recorder.findPending(res.body.expansion_id)).toBeDefined();
      await recorder.flush();
      expect(recorder.findPending(res.body.expansion_id)).toBeUndefined();
      const [row] = await t.dataSource.query<Record<string, unknown>[]>('SELECT user_id, domain, session_id, query, result_count FROM expansion_events WHERE id = ?', [res.body.expansion_id]);
      expect(row).toMatchObject({ user_id: 'uma', domain: 'technical', session_id: 's-1', query: 'ML deployment' });
      expect(Number(row.result_count)).toBe(res.body.expanded_queries.length);
    });
  });

  describe('POST /query-expansion/feedback', () => {
    it('round-trips an expansion_id, before and after the event is flushed, and updates the synonym', async () => {
      const id = await addSynonym({ term: 'outage', synonym: 'incident', domain: 'technical', confidence: 0.6 });
      // a curator's 0.6 is below the default threshold (docs/QUALITY.md): ask for everything
      const expanded = await expandAs(user, { query: 'outage report', enabled_strategies: ['synonym_expansion'], expansion_settings: { confidence_threshold: 0, include_combined: false } });
      const result = expanded.body.expanded_queries.find((r) => r.synonyms_used.some((s) => s.synonym_id === id));
      expect(result).toBeDefined();
      const resultId = result!.expansion_id;

      // Still in the pending batch: must be found.
      const first = await t.api.feedback.rate({ expansion_id: resultId, was_helpful: true, rating: 5 }, user);
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ success: true, message: expect.any(String), synonyms_updated: 1 });

      await t.app.get(ExpansionRecorder).flush();
      const other = t.token('olga', ['user']);
      const second = await t.api.feedback.rate({ expansion_id: expanded.body.expansion_id, was_helpful: false, rating: 2, comment: 'not what I meant' }, other);
      expect(second.status).toBe(200);

      const entry = (await t.api.synonyms.get(id, user)).body;
      expect(entry.usage_count).toBe(2);
      expect(entry.success_rate).toBeCloseTo(0.5, 6);
      expect(entry.relevance_score).toBeCloseTo(learntConfidence(0.6, 1, 2), 6);
      expect(entry.relevance_score).toBeCloseTo((10 * 0.6 + 1) / 12, 6);

      const rows = await t.dataSource.query<{ user_id: string; same_user: unknown; result_index: unknown }[]>(
        'SELECT user_id, same_user, was_helpful, rating, result_index FROM feedback WHERE event_id = ? ORDER BY id',
        [expanded.body.expansion_id],
      );
      expect(rows.map((r) => [r.user_id, Boolean(Number(r.same_user)), r.result_index === null ? null : Number(r.result_index)])).toEqual([
        ['uma', true, Number(resultId.split('.')[1]) - 1],
        ['olga', false, null],
      ]);
    });

    it('moves the learnt confidence by a bounded step per rating', async () => {
      const id = await addSynonym({ term: 'latency', synonym: 'delay', domain: 'technical', confidence: 0.9 });
      const expanded = await expandAs(user, { query: 'latency', enabled_strategies: ['synonym_expansion'] });
      await t.api.feedback.rate({ expansion_id: expanded.body.expansion_id, was_helpful: false }, user).expect(200);
      const entry = (await t.api.synonyms.get(id, user)).body;
      expect(entry.relevance_score).toBeCloseTo((10 * 0.9) / 11, 6);
      expect(0.9 - entry.relevance_score).toBeLessThan(0.1);
      expect(entry.confidence).toBe(0.9);
    });

    it('refuses a second rating of the same id by the same user with 409', async () => {
      const expanded = await expandAs(user, { query: 'ML' });
      await t.api.feedback.rate({ expansion_id: expanded.body.expansion_id, was_helpful: true }, user).expect(200);
      const again = await t.api.feedback.rate({ expansion_id: expanded.body.expansion_id, was_helpful: true }, user);
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('FEEDBACK_ALREADY_RECORDED');
    });

    it('answers an unknown or malformed expansion_id with 404 EXPANSION_NOT_FOUND', async () => {
      for (const id of ['exp_00000000000000000000000000000000', 'nonsense', 'exp_00000000000000000000000000000000.7']) {
        const res = await t.api.feedback.rate({ expansion_id: id, was_helpful: true }, user);
        expect(res.status).toBe(404);
        expect(res.body.code).toBe('EXPANSION_NOT_FOUND');
      }
      const expanded = await expandAs(user, { query: 'ML' });
      const beyond = await t.api.feedback.rate({ expansion_id: `${expanded.body.expansion_id}.99`, was_helpful: true }, user);
      expect(beyond.status).toBe(404);
    });

    it.each([
      [{ was_helpful: true }, 'expansion_id'],
      [{ expansion_id: 'exp_x' }, 'was_helpful'],
      [unchecked({ expansion_id: 'exp_x', was_helpful: 'yes' }), 'was_helpful'],
      [{ expansion_id: 'exp_x', was_helpful: true, rating: 6 }, 'rating'],
      [{ expansion_id: 'exp_x', was_helpful: true, rating: 0 }, 'rating'],
      [{ expansion_id: 'exp_x', was_helpful: true, rating: 3.5 }, 'rating'],
      [{ expansion_id: 'exp_x', was_helpful: true, comment: 'x'.repeat(2001) }, 'comment'],
    ])('refuses %j with 400 naming %s', async (body, field) => {
      const res = await t.api.feedback.rate(body, user);
      expect(res.status).toBe(400);
      expect(res.body.details?.field).toBe(field);
    });
  });
});

describe('Feedback across instances', () => {
  it('finds an expansion that another instance answered and is still writing', async () => {
    const other = await createTestApp();
    const a = await createTestApp();
    try {
      const token = a.token('uma', ['user']);
      // The other instance answers; its event is not in this instance's batch, and reaches this instance's table a moment later.
      const expanded = await other.api.expand(expansionRequest(), token);
      const event = await other.app.get(ExpansionRecorder).findEvent(expanded.body.expansion_id);
      expect(event).not.toBeNull();
      const written = new Promise((resolve) => setTimeout(resolve, 300)).then(() => a.dataSource.getRepository(ExpansionEventEntity).insert(event!));
      const res = await a.api.feedback.rate({ expansion_id: expanded.body.expansion_id, was_helpful: true }, token);
      await written;
      expect(res.status).toBe(200);
    } finally {
      await a.close();
      await other.close();
    }
    // two apps of their own: on MariaDB each creates and migrates its database first
  }, 60_000);
});

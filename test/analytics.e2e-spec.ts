import { expect } from '@jest/globals';
import { ExpansionRecorder } from '../src/expansion/expansion-recorder.service';
import { FeedbackEntity } from '../src/feedback/entities/feedback.entity';
import { SynonymEntity } from '../src/synonyms/entities/synonym.entity';
import { expansionEvent, feedbackRow } from './factories';
import { createTestApp, type TestApp } from './setup/create-test-app';

/**
 * A hand-built fixture; every expected figure below is computed by hand in the comments, from the
 * formulas in docs/ANALYTICS.md.
 */
const E1 = expansionEvent({ id: 'exp_00000000000000000000000000000001', createdAt: new Date('2026-11-01T10:00:00.000Z'), domain: 'technical', userRole: 'developer', department: 'Eng', userId: 'u1', resultCount: 4, avgConfidence: 0.8, avgRelevance: 0.6 });
const E2 = expansionEvent({ id: 'exp_00000000000000000000000000000002', createdAt: new Date('2026-11-01T11:00:00.000Z'), domain: 'technical', userRole: 'developer', department: 'Eng', userId: 'u2', resultCount: 2, avgConfidence: 0.6, avgRelevance: 0.4 });
const E3 = expansionEvent({ id: 'exp_00000000000000000000000000000003', createdAt: new Date('2026-11-02T09:00:00.000Z'), domain: 'business', userRole: 'manager', department: 'Sales', userId: 'u3', resultCount: 0 });
const E4 = expansionEvent({ id: 'exp_00000000000000000000000000000004', createdAt: new Date('2026-11-02T10:00:00.000Z'), domain: 'technical', userRole: 'analyst', userId: 'u1', resultCount: 0 });
const E5 = expansionEvent({ id: 'exp_00000000000000000000000000000005', createdAt: new Date('2026-11-03T10:00:00.000Z'), userId: 'u4', resultCount: 1, avgConfidence: 0.9, avgRelevance: 0.7 });
// Ratings; the satisfaction each contributes is in the comment.
const FEEDBACK = [
  feedbackRow(E1, { resultIndex: 0, userId: 'u1', wasHelpful: true, rating: 5, createdAt: new Date('2026-11-01T12:00:00.000Z') }), // 1
  feedbackRow(E1, { userId: 'u5', wasHelpful: false, rating: 2, createdAt: new Date('2026-11-01T13:00:00.000Z') }), // 0.25
  feedbackRow(E2, { userId: 'u2', wasHelpful: false, createdAt: new Date('2026-11-02T08:00:00.000Z') }), // 0
  feedbackRow(E5, { userId: 'u4', wasHelpful: true, rating: 4, createdAt: new Date('2026-11-03T11:00:00.000Z') }), // 0.75
];

describe('Analytics and dashboard', () => {
  let t: TestApp;
  let analyst: string;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    analyst = t.token('ana', ['analyst']);
    admin = t.token('ada', ['admin']);
    const curator = t.token('cora', ['curator']);
    const user = t.token('uma', ['user']);
    // Events go through the recorder, as in production, so the daily roll-up is maintained too.
    const recorder = t.app.get(ExpansionRecorder);
    for (const event of [E1, E2, E3, E4, E5]) recorder.record(event);
    await recorder.flush();
    await t.dataSource.getRepository(FeedbackEntity).insert(FEEDBACK);
    // Catalogue: S1 a→b technical 0.9 active (60 uses, 0.3), S2 c→d technical 0.6 pending (12, 0.5),
    // S3 e→f business 0.3 active (0), S4 g→h business 0.8 active (5, 1.0).
    const s1 = await t.api.synonyms.createdId({ term: 'a', synonym: 'b', domain: 'technical', confidence: 0.9 }, curator);
    const s2 = await t.api.synonyms.createdId({ term: 'c', synonym: 'd', domain: 'technical', confidence: 0.6 }, user);
    await t.api.synonyms.createdId({ term: 'e', synonym: 'f', domain: 'business', confidence: 0.3 }, curator);
    const s4 = await t.api.synonyms.createdId({ term: 'g', synonym: 'h', domain: 'business', confidence: 0.8 }, curator);
    const synonyms = t.dataSource.getRepository(SynonymEntity);
    await synonyms.update({ id: s1 }, { usageCount: 60, successRate: 0.3 });
    await synonyms.update({ id: s2 }, { usageCount: 12, successRate: 0.5 });
    await synonyms.update({ id: s4 }, { usageCount: 5, successRate: 1 });
  });
  afterAll(() => t.close());

  describe('GET /query-expansion/analytics/expansion', () => {
    it('computes the metrics over every event', async () => {
      const res = await t.api.analytics.expansion({}, analyst);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        metrics: {
          total_expansions: 5,
          successful_expansions: 3, // E1, E2, E5
          success_rate: 0.6,
          average_confidence: 0.7667, // (0.8 + 0.6 + 0.9) / 3
          average_relevance: 0.5667, // (0.6 + 0.4 + 0.7) / 3
          domain_breakdown: { technical: 3, business: 1, unspecified: 1 },
          user_satisfaction: 0.5, // (1 + 0.25 + 0 + 0.75) / 4
          expansion_quality_score: 0.62, // 0.4·0.6 + 0.3·0.76667 + 0.3·0.5
        },
      });
    });

    it('filters by domain', async () => {
      const res = await t.api.analytics.expansion({ domain: 'technical' }, analyst);
      expect(res.body.metrics).toEqual({
        total_expansions: 3,
        successful_expansions: 2,
        success_rate: 0.6667,
        average_confidence: 0.7,
        average_relevance: 0.5,
        domain_breakdown: { technical: 3 },
        user_satisfaction: 0.4167, // (1 + 0.25 + 0) / 3
        expansion_quality_score: 0.6017, // 0.4·0.66667 + 0.3·0.7 + 0.3·0.41667
      });
    });

    it('filters by dates; a bare end date covers its whole day; without feedback the score re-weights', async () => {
      const res = await t.api.analytics.expansion({ start_date: '2026-11-02', end_date: '2026-11-02' }, analyst);
      expect(res.body.metrics).toMatchObject({ total_expansions: 2, successful_expansions: 0, success_rate: 0, user_satisfaction: 0, expansion_quality_score: 0 });
      const first = await t.api.analytics.expansion({ end_date: '2026-11-01T10:30:00Z' }, analyst);
      expect(first.body.metrics).toMatchObject({ total_expansions: 1, average_confidence: 0.8, user_satisfaction: 0.625 });
    });

    it.each([
      ['start_date=yesterday', 'start_date'],
      ['end_date=2026-13-45', 'end_date'],
      ['start_date=2026-11-05&end_date=2026-11-01', 'start_date'],
      ['limit=5', 'limit'],
    ])('refuses %s with 400 naming %s', async (q, field) => {
      const res = await t.api.analytics.expansion(q, analyst);
      expect(res.status).toBe(400);
      expect(res.body.details?.field).toBe(field);
    });

    it('needs the analyst or admin role', async () => {
      expect((await t.api.analytics.expansion({}, t.token('uma', ['user', 'curator']))).status).toBe(403);
      expect((await t.api.analytics.expansion({}, admin)).status).toBe(200);
    });
  });

  describe('GET /query-expansion/analytics/synonyms', () => {
    it('computes the catalogue metrics', async () => {
      const res = await t.api.analytics.synonyms({}, analyst);
      expect(res.status).toBe(200);
      const m = res.body.metrics;
      expect(m).toMatchObject({
        total_synonyms: 4,
        active_synonyms: 3,
        domain_distribution: { technical: 2, business: 2 },
        source_breakdown: { manual_curation: 3, collaborative: 1, user_feedback: 0, ml_discovery: 0, domain_expert: 0, external_api: 0 },
        confidence_distribution: { high: 2, medium: 1, low: 1 }, // ≥0.8: 0.9, 0.8; 0.5–0.8: 0.6; <0.5: 0.3
        usage_frequency: { '0': 1, '1-10': 1, '11-50': 1, '51+': 1 },
        success_rates: { a_b: 0.3, c_d: 0.5, g_h: 1 },
      });
      expect(m.popular_synonyms.map((p) => [p.term, p.usage_count])).toEqual([['a', 60], ['c', 12], ['g', 5], ['e', 0]]);
      expect(m.popular_synonyms[0]).toEqual({ term: 'a', synonym: 'b', domain: 'technical', usage_count: 60, success_rate: 0.3, confidence: 0.9 });
    });

    it('filters by domain', async () => {
      const res = await t.api.analytics.synonyms({ domain: 'business' }, analyst);
      expect(res.body.metrics).toMatchObject({ total_synonyms: 2, active_synonyms: 2, confidence_distribution: { high: 1, medium: 0, low: 1 }, success_rates: { g_h: 1 } });
    });
  });

  describe('GET /query-expansion/analytics/report', () => {
    it('reports behaviour, quality, insights and recommendations', async () => {
      const res = await t.api.analytics.report({ end_date: '2026-11-03' }, analyst);
      expect(res.status).toBe(200);
      const r = res.body;
      expect(r.report_metadata).toEqual({ generated_at: expect.any(String), start_date: null, end_date: '2026-11-03T23:59:59.999Z', domain: null });
      expect(r.expansion_metrics.total_expansions).toBe(5);
      expect(r.synonym_metrics.total_synonyms).toBe(4);
      expect(r.user_behavior_metrics).toEqual({
        total_users: 4,
        active_users: 4, // every user expanded within 7 days before the end date
        user_engagement: { avg_expansions_per_user: 1.25, feedback_per_expansion: 0.8 },
        role_preferences: {
          developer: { usage_count: 2, avg_confidence: 0.7, success_rate: 1 },
          manager: { usage_count: 1, avg_confidence: 0, success_rate: 0 },
          analyst: { usage_count: 1, avg_confidence: 0, success_rate: 0 },
          unspecified: { usage_count: 1, avg_confidence: 0.9, success_rate: 1 },
        },
        department_usage: { Eng: 2, Sales: 1, unspecified: 2 },
        feedback_patterns: { total_feedback: 4, feedback_by_type: { positive: 2, negative: 2 }, average_rating: 3.6667 },
        satisfaction_trends: [
          { date: '2026-11-01', satisfaction: 0.625 },
          { date: '2026-11-02', satisfaction: 0 },
          { date: '2026-11-03', satisfaction: 0.75 },
        ],
      });
      // Judged: E1 (helpful), E2 (unhelpful only), E5 (helpful) → TP 2, FP 1; misses: E3, E4 → FN 2.
      expect(r.quality_metrics).toEqual({
        precision_score: 0.6667,
        recall_score: 0.5,
        f1_score: 0.5714,
        false_positive_rate: 0.3333,
        false_negative_rate: 0.5,
        domain_accuracy: { technical: 0.5, unspecified: 1 },
        user_rating_distribution: { '1': 0, '2': 1, '3': 0, '4': 1, '5': 1 },
        quality_trends: [
          { date: '2026-11-01', precision: 0.5, recall: 1, f1: 0.6667 },
          { date: '2026-11-02', precision: 0, recall: 0, f1: 0 },
          { date: '2026-11-03', precision: 1, recall: 1, f1: 1 },
        ],
      });
      // Expansions per day of the expansion: E1, E2 (both found something); E3, E4 (neither); E5.
      expect(r.expansion_trends).toEqual([
        { date: '2026-11-01', expansions: 2, successful_expansions: 2 },
        { date: '2026-11-02', expansions: 2, successful_expansions: 0 },
        { date: '2026-11-03', expansions: 1, successful_expansions: 1 },
      ]);
      expect(r.insights).toEqual([]);
      expect(r.recommendations.map((x) => x.action)).toEqual(['review_low_performing_synonyms', 'raise_or_retire_low_confidence_synonyms']);
      expect(r.recommendations[0]).toMatchObject({ category: 'synonym_quality', priority: 'high', description: expect.stringContaining('"a" → "b"') });
    });

    it('gives the same figures for a period with partial days as the sum of its parts', async () => {
      // 2026-11-01T10:30 .. 2026-11-03T10:00 covers E2 (partial first day), E3, E4 (whole day) and E5 (partial last day).
      const res = await t.api.analytics.expansion({ start_date: '2026-11-01T10:30:00Z', end_date: '2026-11-03T10:00:00Z' }, analyst);
      expect(res.body.metrics).toMatchObject({ total_expansions: 4, successful_expansions: 2, average_confidence: 0.75, domain_breakdown: { technical: 2, business: 1, unspecified: 1 } });
    });

    it('buckets expansion_trends by day over partial days and by domain', async () => {
      // Partial first day (E2 only), whole day (E3, E4), partial last day (E5 at 10:00, the inclusive end).
      const partial = await t.api.analytics.report({ start_date: '2026-11-01T10:30:00Z', end_date: '2026-11-03T10:00:00Z' }, analyst);
      expect(partial.body.expansion_trends).toEqual([
        { date: '2026-11-01', expansions: 1, successful_expansions: 1 },
        { date: '2026-11-02', expansions: 2, successful_expansions: 0 },
        { date: '2026-11-03', expansions: 1, successful_expansions: 1 },
      ]);
      // technical: E1, E2 on the 1st, E4 on the 2nd.
      const technical = await t.api.analytics.report({ domain: 'technical' }, analyst);
      expect(technical.body.expansion_trends).toEqual([
        { date: '2026-11-01', expansions: 2, successful_expansions: 2 },
        { date: '2026-11-02', expansions: 1, successful_expansions: 0 },
      ]);
      const none = await t.api.analytics.report({ start_date: '2026-12-01', end_date: '2026-12-02' }, analyst);
      expect(none.body.expansion_trends).toEqual([]);
    });

    it('counts no active users when nobody expanded in the last 7 days', async () => {
      const res = await t.api.analytics.report({}, analyst);
      expect(res.body.user_behavior_metrics.active_users).toBe(0);
    });
  });

  describe('GET /query-expansion/admin/dashboard', () => {
    it('summarises the catalogue and recent activity', async () => {
      const res = await t.api.admin.dashboard(admin);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        summary: { total_synonyms: 4, active_synonyms: 3, pending_synonyms: 1, deprecated_synonyms: 0, avg_confidence: 0.65, avg_success_rate: 0.6 },
        domain_distribution: { technical: 2, business: 2 },
        recent_activity: { create: 4, update: 0, status_change: 0, delete: 0 },
        top_contributors: { cora: 3, uma: 1 },
      });
    });

    it('is for admins only', async () => {
      expect((await t.api.admin.dashboard(analyst)).status).toBe(403);
    });
  });
});

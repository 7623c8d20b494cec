import { expect } from '@jest/globals';
import { deriveInsights, qualityScore } from '../../../src/analytics/analytics.rules';
import type { ExpansionMetricsDto, SynonymMetricsDto } from '../../../src/analytics/dto/analytics-responses.dto';

const expansion = (over: Partial<ExpansionMetricsDto> = {}): ExpansionMetricsDto => ({
  total_expansions: 100,
  successful_expansions: 70,
  success_rate: 0.7,
  average_confidence: 0.8,
  average_relevance: 0.6,
  domain_breakdown: {},
  user_satisfaction: 0.6,
  expansion_quality_score: 0.7,
  ...over,
});
const catalogue = (over = {}) => ({ pending: 0, active: 10, weak: 0, lowPerformerCount: 0, lowPerformers: [], zeroResultDomains: [], ...over });
const run = (over: { expansion?: Partial<ExpansionMetricsDto>; precision?: number; judged?: number; feedback?: number; catalogue?: object; curation?: object } = {}) =>
  deriveInsights({
    expansion: expansion(over.expansion),
    synonyms: {} as SynonymMetricsDto,
    quality: { precision_score: over.precision ?? 0.9 },
    judged: over.judged ?? 0,
    feedbackCount: over.feedback ?? 0,
    catalogue: catalogue(over.catalogue),
    curation: { open_queue: 0, approved_precision: 0, approved_rated_uses: 0, ...over.curation },
  });

describe('qualityScore', () => {
  it('weights success rate 0.4, confidence 0.3, satisfaction 0.3', () => {
    expect(qualityScore(0.5, 1, 0)).toBeCloseTo(0.5, 10); // 0.2 + 0.3 + 0
    expect(qualityScore(1, 1, 1)).toBeCloseTo(1, 10);
  });
  it('re-weights success rate and confidence when there is no feedback', () => {
    expect(qualityScore(0.5, 1)).toBeCloseTo((0.4 * 0.5 + 0.3 * 1) / 0.7, 10);
  });
});

describe('insight and recommendation rules', () => {
  it('says nothing when every figure is unremarkable', () => {
    expect(run()).toEqual({ insights: [], recommendations: [] });
  });

  it('praises coverage of 80% or more, warns below 50%, notes an empty period', () => {
    expect(run({ expansion: { success_rate: 0.8 } }).insights).toEqual([expect.objectContaining({ type: 'positive', category: 'coverage', impact: 'high', message: expect.stringContaining('80%') })]);
    expect(run({ expansion: { success_rate: 0.49 } }).insights).toEqual([expect.objectContaining({ type: 'warning', category: 'coverage' })]);
    expect(run({ expansion: { total_expansions: 0, success_rate: 0 } }).insights).toEqual([expect.objectContaining({ type: 'info', category: 'usage', impact: 'low' })]);
  });

  it('judges satisfaction only with at least 20 ratings', () => {
    expect(run({ expansion: { user_satisfaction: 0.3 }, feedback: 19 }).insights).toEqual([]);
    expect(run({ expansion: { user_satisfaction: 0.3 }, feedback: 20 }).insights).toEqual([expect.objectContaining({ type: 'warning', category: 'satisfaction', impact: 'high' })]);
    expect(run({ expansion: { user_satisfaction: 0.7 }, feedback: 20 }).insights).toEqual([expect.objectContaining({ type: 'positive', category: 'satisfaction', impact: 'medium' })]);
  });

  it('warns on precision below 0.6 over at least 20 judged expansions', () => {
    expect(run({ precision: 0.5, judged: 20 }).insights).toEqual([expect.objectContaining({ type: 'warning', category: 'quality' })]);
    expect(run({ precision: 0.5, judged: 19 }).insights).toEqual([]);
  });

  it('points at the suggestions queue when 20 or more discovered suggestions wait', () => {
    expect(run({ curation: { open_queue: 19 } })).toEqual({ insights: [], recommendations: [] });
    const out = run({ curation: { open_queue: 20 } });
    expect(out.recommendations).toEqual([expect.objectContaining({ category: 'curation', action: 'review_suggestions', description: expect.stringContaining('GET /query-expansion/admin/suggestions') })]);
    expect(out.insights).toEqual([expect.objectContaining({ category: 'curation', message: '20 discovered suggestions are waiting for review' })]);
  });

  it('warns when approved suggestions are rated helpful less than 60% of at least 20 rated uses', () => {
    expect(run({ curation: { approved_rated_uses: 19, approved_precision: 0.1 } }).insights).toEqual([]);
    expect(run({ curation: { approved_rated_uses: 20, approved_precision: 0.6 } }).insights).toEqual([]);
    expect(run({ curation: { approved_rated_uses: 20, approved_precision: 0.55 } }).insights).toEqual([expect.objectContaining({ type: 'warning', category: 'curation', message: expect.stringContaining('20 rated uses') })]);
  });

  it('recommends curation for a pending queue of 20 or more', () => {
    const out = run({ catalogue: { pending: 20 } });
    expect(out.insights).toEqual([expect.objectContaining({ type: 'info', category: 'curation', impact: 'medium' })]);
    expect(out.recommendations).toEqual([expect.objectContaining({ category: 'curation', priority: 'medium', action: 'review_pending_synonyms' })]);
  });

  it('recommends coverage work for each domain with many zero-result queries', () => {
    const out = run({ catalogue: { zeroResultDomains: [{ domain: 'legal', events: 40, share: 0.5 }] } });
    expect(out.recommendations).toEqual([expect.objectContaining({ category: 'coverage', priority: 'high', action: 'add_domain_synonyms', description: expect.stringContaining('"legal"') })]);
  });

  it('recommends hygiene when more than a quarter of active entries have low confidence', () => {
    expect(run({ catalogue: { active: 8, weak: 2 } }).recommendations).toEqual([]);
    expect(run({ catalogue: { active: 8, weak: 3 } }).recommendations).toEqual([expect.objectContaining({ category: 'catalogue_hygiene', priority: 'low' })]);
  });
});

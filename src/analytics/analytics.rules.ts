import { ratio, round4 } from '../common/db/sql';
import { NO_DOMAIN, type CatalogueHealth, type FeedbackGroup, type EventGroup } from './analytics.types';
import type { CurationMetricsDto, ExpansionMetricsDto, ExpansionPointDto, InsightDto, RecommendationDto, SynonymMetricsDto } from './dto/analytics-responses.dto';

/**
 * The thresholds of every analytics formula and rule, in one place (docs/ANALYTICS.md).
 */
export const CONFIDENCE_BANDS = { high: 0.8, medium: 0.5 } as const;
export const POPULAR_SYNONYMS = 10;
export const SUCCESS_RATE_KEYS = 100;
export const ACTIVE_USER_DAYS = 7;
export const QUALITY_WEIGHTS = { successRate: 0.4, confidence: 0.3, satisfaction: 0.3 } as const;

export const RULES = {
  coverageGood: 0.8,
  coveragePoor: 0.5,
  satisfactionGood: 0.7,
  satisfactionPoor: 0.5,
  precisionPoor: 0.6,
  minFeedbackForJudgement: 20,
  pendingQueue: 20,
  /** discovered suggestions pending or under review from which the report points at the suggestions queue */
  suggestionQueue: 20,
  /** approved suggestions rated at least this often, helpful less than this share: say so */
  approvedMinRatings: 20,
  approvedPrecisionPoor: 0.6,
  lowPerformerMinUses: 10,
  lowPerformerSuccessRate: 0.4,
  zeroResultShare: 0.3,
  minDomainEvents: 20,
  lowConfidenceShare: 0.25,
} as const;

export type InsightType = 'positive' | 'warning' | 'info';
export type Level = 'high' | 'medium' | 'low';



/* ------------------------------------------------------------- pure formulas over grouped rows */

/** A feedback's satisfaction in 0..1: the rating scaled, or 1/0 for helpful/unhelpful without a rating. */
export const satisfactionOf = (rating: number | null, helpful: boolean): number => (rating !== null ? (rating - 1) / 4 : helpful ? 1 : 0);

export function feedbackSummary(groups: FeedbackGroup[]) {
  const out = { total: 0, positive: 0, rated: 0, ratingSum: 0, satisfaction: 0, distribution: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 } as Record<string, number>, byDay: new Map<string, { n: number; satisfaction: number }>() };
  for (const g of groups) {
    out.total += g.n;
    if (g.helpful) out.positive += g.n;
    if (g.rating !== null) {
      out.rated += g.n;
      out.ratingSum += g.rating * g.n;
      out.distribution[String(g.rating)] = (out.distribution[String(g.rating)] ?? 0) + g.n;
    }
    const s = satisfactionOf(g.rating, g.helpful) * g.n;
    out.satisfaction += s;
    const d = out.byDay.get(g.day) ?? { n: 0, satisfaction: 0 };
    out.byDay.set(g.day, { n: d.n + g.n, satisfaction: d.satisfaction + s });
  }
  return out;
}

/** Expansions per day of the expansion (UTC, as quality_trends): total and with at least one result, oldest day first; days without expansions are absent. */
export function expansionTrendsOf(groups: EventGroup[]): ExpansionPointDto[] {
  const byDay = new Map<string, { expansions: number; successful: number }>();
  for (const g of groups) {
    const d = byDay.get(g.day) ?? { expansions: 0, successful: 0 };
    byDay.set(g.day, { expansions: d.expansions + g.events, successful: d.successful + g.successful });
  }
  return [...byDay]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, d]) => ({ date, expansions: d.expansions, successful_expansions: d.successful }));
}

export function expansionMetricsOf(groups: EventGroup[], feedback: FeedbackGroup[]): ExpansionMetricsDto {
  let total = 0;
  let successful = 0;
  let conf = 0;
  let rel = 0;
  const domains = new Map<string, number>();
  for (const g of groups) {
    total += g.events;
    successful += g.successful;
    conf += g.conf;
    rel += g.rel;
    domains.set(g.domain || NO_DOMAIN, (domains.get(g.domain || NO_DOMAIN) ?? 0) + g.events);
  }
  const fb = feedbackSummary(feedback);
  const successRate = ratio(successful, total);
  const confidence = ratio(conf, successful);
  const satisfaction = ratio(fb.satisfaction, fb.total);
  return {
    total_expansions: total,
    successful_expansions: successful,
    success_rate: round4(successRate),
    average_confidence: round4(confidence),
    average_relevance: round4(ratio(rel, successful)),
    domain_breakdown: Object.fromEntries(domains),
    user_satisfaction: round4(satisfaction),
    expansion_quality_score: round4(qualityScore(successRate, confidence, fb.total > 0 ? satisfaction : undefined)),
  };
}

/** 0.4·success rate + 0.3·confidence + 0.3·satisfaction; without feedback the first two are re-weighted. */
export function qualityScore(successRate: number, confidence: number, satisfaction?: number): number {
  const w = QUALITY_WEIGHTS;
  if (satisfaction === undefined) return (w.successRate * successRate + w.confidence * confidence) / (w.successRate + w.confidence);
  return w.successRate * successRate + w.confidence * confidence + w.satisfaction * satisfaction;
}

const pct = (n: number) => `${Math.round(n * 100)}%`;

/** The documented insight and recommendation rules (docs/ANALYTICS.md), applied to the report's figures. */
export function deriveInsights(input: {
  expansion: ExpansionMetricsDto;
  synonyms: SynonymMetricsDto;
  quality: { precision_score: number };
  judged: number;
  feedbackCount: number;
  catalogue: CatalogueHealth;
  curation: Pick<CurationMetricsDto, 'open_queue' | 'approved_precision' | 'approved_rated_uses'>;
}): { insights: InsightDto[]; recommendations: RecommendationDto[] } {
  const { expansion, quality, judged, feedbackCount, catalogue, curation } = input;
  const insights: InsightDto[] = [];
  const recommendations: RecommendationDto[] = [];
  if (expansion.total_expansions === 0) {
    insights.push({ type: 'info', category: 'usage', message: 'No expansions were recorded in this period', impact: 'low' });
  } else if (expansion.success_rate >= RULES.coverageGood) {
    insights.push({ type: 'positive', category: 'coverage', message: `${pct(expansion.success_rate)} of queries received at least one expansion`, impact: 'high' });
  } else if (expansion.success_rate < RULES.coveragePoor) {
    insights.push({ type: 'warning', category: 'coverage', message: `Only ${pct(expansion.success_rate)} of queries received an expansion`, impact: 'high' });
  }
  if (feedbackCount >= RULES.minFeedbackForJudgement) {
    if (expansion.user_satisfaction >= RULES.satisfactionGood) {
      insights.push({ type: 'positive', category: 'satisfaction', message: `User satisfaction is ${pct(expansion.user_satisfaction)} over ${feedbackCount} ratings`, impact: 'medium' });
    } else if (expansion.user_satisfaction < RULES.satisfactionPoor) {
      insights.push({ type: 'warning', category: 'satisfaction', message: `User satisfaction is only ${pct(expansion.user_satisfaction)} over ${feedbackCount} ratings`, impact: 'high' });
    }
  }
  if (judged >= RULES.minFeedbackForJudgement && quality.precision_score < RULES.precisionPoor) {
    insights.push({ type: 'warning', category: 'quality', message: `Precision is ${pct(quality.precision_score)}: many rated expansions were not helpful`, impact: 'high' });
  }
  if (catalogue.pending >= RULES.pendingQueue) {
    insights.push({ type: 'info', category: 'curation', message: `${catalogue.pending} synonyms are waiting for review`, impact: 'medium' });
    recommendations.push({
      category: 'curation',
      priority: 'medium',
      action: 'review_pending_synonyms',
      description: `Review the ${catalogue.pending} pending synonyms (GET /query-expansion/synonyms?status=pending) and activate or reject them`,
      impact: 'Approved proposals widen coverage; rejected ones stop cluttering the queue',
    });
  }
  if (curation.open_queue >= RULES.suggestionQueue) {
    insights.push({ type: 'info', category: 'curation', message: `${curation.open_queue} discovered suggestions are waiting for review`, impact: 'medium' });
    recommendations.push({
      category: 'curation',
      priority: 'medium',
      action: 'review_suggestions',
      description: `Review the ${curation.open_queue} discovered suggestions with their evidence (GET /query-expansion/admin/suggestions) and approve or reject them in batches (POST /query-expansion/synonyms/review)`,
      impact: 'Suggestions come from what searchers did; approving the right ones adds the alternatives they looked for',
    });
  }
  if (curation.approved_rated_uses >= RULES.approvedMinRatings && curation.approved_precision < RULES.approvedPrecisionPoor) {
    insights.push({ type: 'warning', category: 'curation', message: `Approved suggestions were rated helpful in ${pct(curation.approved_precision)} of ${curation.approved_rated_uses} rated uses`, impact: 'medium' });
  }
  if (catalogue.lowPerformerCount > 0) {
    const names = catalogue.lowPerformers.map((l) => `"${l.term}" → "${l.synonym}" (${pct(l.rate)} of ${l.usage})`).join(', ');
    recommendations.push({
      category: 'synonym_quality',
      priority: 'high',
      action: 'review_low_performing_synonyms',
      description: `${catalogue.lowPerformerCount} active synonyms with at least ${RULES.lowPerformerMinUses} ratings succeed less than ${pct(RULES.lowPerformerSuccessRate)} of the time, e.g. ${names}`,
      impact: 'Deprecating or narrowing them removes expansions users reject',
    });
  }
  for (const d of catalogue.zeroResultDomains) {
    recommendations.push({
      category: 'coverage',
      priority: 'high',
      action: 'add_domain_synonyms',
      description: `${pct(d.share)} of the ${d.events} queries in domain "${d.domain}" found no expansion; add synonyms for its common terms`,
      impact: 'More queries in this domain get alternatives',
    });
  }
  if (catalogue.active > 0 && ratio(catalogue.weak, catalogue.active) > RULES.lowConfidenceShare) {
    recommendations.push({
      category: 'catalogue_hygiene',
      priority: 'low',
      action: 'raise_or_retire_low_confidence_synonyms',
      description: `${catalogue.weak} of ${catalogue.active} active synonyms have a confidence below ${CONFIDENCE_BANDS.medium}`,
      impact: 'A cleaner catalogue ranks good alternatives higher',
    });
  }
  return { insights, recommendations };
}

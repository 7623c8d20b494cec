import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ValidationError } from '../common/errors';
import { dayOf, num, ratio, round4, sqlTime } from '../common/db/sql';
import { SYNONYM_SOURCES } from '../synonyms/synonym.enums';
import {
  ACTIVE_USER_DAYS,
  CONFIDENCE_BANDS,
  POPULAR_SYNONYMS,
  QUALITY_WEIGHTS,
  RULES,
  SUCCESS_RATE_KEYS,
  type Insight,
  type Recommendation,
} from './analytics.rules';
import type { AnalyticsQueryDto } from './dto/analytics-query.dto';

export interface Period {
  start?: Date;
  end?: Date;
  domain?: string;
}

export interface ExpansionMetrics {
  total_expansions: number;
  successful_expansions: number;
  success_rate: number;
  average_confidence: number;
  average_relevance: number;
  domain_breakdown: Record<string, number>;
  user_satisfaction: number;
  expansion_quality_score: number;
}

export interface SynonymMetrics {
  total_synonyms: number;
  active_synonyms: number;
  popular_synonyms: { term: string; synonym: string; domain: string; usage_count: number; success_rate: number; confidence: number }[];
  domain_distribution: Record<string, number>;
  source_breakdown: Record<string, number>;
  confidence_distribution: { high: number; medium: number; low: number };
  usage_frequency: { '0': number; '1-10': number; '11-50': number; '51+': number };
  success_rates: Record<string, number>;
}

/** A feedback's satisfaction in 0..1: the rating scaled, or 1/0 for helpful/unhelpful without a rating. */
const SATISFACTION_SQL = 'CASE WHEN f.rating IS NOT NULL THEN (f.rating - 1) / 4.0 WHEN f.was_helpful = 1 THEN 1.0 ELSE 0.0 END';
const NO_DOMAIN = 'unspecified';

/**
 * Analytics over expansion events, feedback and the catalogue. Every figure is an SQL aggregate (GROUP BY
 * over indexed date ranges) that runs unchanged on SQLite and MySQL; formulas are in docs/ANALYTICS.md.
 */
@Injectable()
export class AnalyticsService {
  constructor(private readonly ds: DataSource) {}

  period(query: AnalyticsQueryDto): Period {
    const start = query.start_date ? new Date(query.start_date) : undefined;
    let end = query.end_date ? new Date(query.end_date) : undefined;
    // A bare date as end means the whole of that day.
    if (end && query.end_date && /^\d{4}-\d{2}-\d{2}$/.test(query.end_date)) end = new Date(end.getTime() + 86_400_000 - 1);
    if (start && end && start > end) {
      throw new ValidationError('start_date must not be after end_date', { field: 'start_date', expected_type: 'timestamp <= end_date', provided_value: query.start_date });
    }
    return { start, end, domain: query.domain };
  }

  /** WHERE clause over expansion_events aliased `e`. */
  private eventFilter(p: Period): { where: string; params: unknown[] } {
    const parts: string[] = [];
    const params: unknown[] = [];
    if (p.start) {
      parts.push('e.created_at >= ?');
      params.push(sqlTime(p.start));
    }
    if (p.end) {
      parts.push('e.created_at <= ?');
      params.push(sqlTime(p.end));
    }
    if (p.domain) {
      parts.push('e.domain = ?');
      params.push(p.domain);
    }
    return { where: parts.length > 0 ? `WHERE ${parts.join(' AND ')}` : '', params };
  }

  async expansionMetrics(p: Period): Promise<ExpansionMetrics> {
    const { where, params } = this.eventFilter(p);
    const [totals] = await this.ds.query(
      `SELECT COUNT(*) AS total,
              SUM(CASE WHEN e.result_count > 0 THEN 1 ELSE 0 END) AS successful,
              AVG(CASE WHEN e.result_count > 0 THEN e.avg_confidence END) AS confidence,
              AVG(CASE WHEN e.result_count > 0 THEN e.avg_relevance END) AS relevance
         FROM expansion_events e ${where}`,
      params,
    );
    const domains = await this.ds.query(`SELECT COALESCE(e.domain, '${NO_DOMAIN}') AS domain, COUNT(*) AS n FROM expansion_events e ${where} GROUP BY COALESCE(e.domain, '${NO_DOMAIN}')`, params);
    const [fb] = await this.ds.query(`SELECT COUNT(*) AS n, AVG(${SATISFACTION_SQL}) AS satisfaction FROM feedback f JOIN expansion_events e ON e.id = f.event_id ${where}`, params);
    const total = num(totals.total);
    const successful = num(totals.successful);
    const successRate = ratio(successful, total);
    const confidence = num(totals.confidence);
    const satisfaction = num(fb.satisfaction);
    return {
      total_expansions: total,
      successful_expansions: successful,
      success_rate: round4(successRate),
      average_confidence: round4(confidence),
      average_relevance: round4(num(totals.relevance)),
      domain_breakdown: Object.fromEntries(domains.map((r: { domain: string; n: unknown }) => [r.domain, num(r.n)])),
      user_satisfaction: round4(satisfaction),
      expansion_quality_score: round4(qualityScore(successRate, confidence, num(fb.n) > 0 ? satisfaction : undefined)),
    };
  }

  async synonymMetrics(domain?: string): Promise<SynonymMetrics> {
    const where = domain ? 'WHERE s.domain = ?' : '';
    const params = domain ? [domain] : [];
    const [t] = await this.ds.query(
      `SELECT COUNT(*) AS total,
              SUM(CASE WHEN s.status = 'active' THEN 1 ELSE 0 END) AS active,
              SUM(CASE WHEN s.confidence >= ${CONFIDENCE_BANDS.high} THEN 1 ELSE 0 END) AS high,
              SUM(CASE WHEN s.confidence >= ${CONFIDENCE_BANDS.medium} AND s.confidence < ${CONFIDENCE_BANDS.high} THEN 1 ELSE 0 END) AS medium,
              SUM(CASE WHEN s.confidence < ${CONFIDENCE_BANDS.medium} THEN 1 ELSE 0 END) AS low,
              SUM(CASE WHEN s.usage_count = 0 THEN 1 ELSE 0 END) AS u0,
              SUM(CASE WHEN s.usage_count BETWEEN 1 AND 10 THEN 1 ELSE 0 END) AS u10,
              SUM(CASE WHEN s.usage_count BETWEEN 11 AND 50 THEN 1 ELSE 0 END) AS u50,
              SUM(CASE WHEN s.usage_count > 50 THEN 1 ELSE 0 END) AS u51
         FROM synonyms s ${where}`,
      params,
    );
    const popular = await this.ds.query(
      `SELECT s.term, s.synonym, s.domain, s.usage_count, s.success_rate, s.confidence FROM synonyms s ${where}
        ORDER BY s.usage_count DESC, s.success_rate DESC, s.id ASC LIMIT ${POPULAR_SYNONYMS}`,
      params,
    );
    const domains = await this.ds.query(`SELECT s.domain AS domain, COUNT(*) AS n FROM synonyms s ${where} GROUP BY s.domain`, params);
    const sources = await this.ds.query(`SELECT s.source AS source, COUNT(*) AS n FROM synonyms s ${where} GROUP BY s.source`, params);
    const rated = await this.ds.query(
      `SELECT s.term, s.synonym, s.success_rate FROM synonyms s ${where ? `${where} AND` : 'WHERE'} s.usage_count > 0
        ORDER BY s.usage_count DESC, s.id ASC LIMIT ${SUCCESS_RATE_KEYS}`,
      params,
    );
    const sourceBreakdown: Record<string, number> = Object.fromEntries(SYNONYM_SOURCES.map((s) => [s, 0]));
    for (const r of sources as { source: string; n: unknown }[]) sourceBreakdown[r.source] = num(r.n);
    const successRates: Record<string, number> = {};
    for (const r of rated as { term: string; synonym: string; success_rate: unknown }[]) {
      const key = `${r.term}_${r.synonym}`;
      if (!(key in successRates)) successRates[key] = round4(num(r.success_rate));
    }
    return {
      total_synonyms: num(t.total),
      active_synonyms: num(t.active),
      popular_synonyms: (popular as Record<string, unknown>[]).map((r) => ({
        term: String(r.term),
        synonym: String(r.synonym),
        domain: String(r.domain),
        usage_count: num(r.usage_count),
        success_rate: round4(num(r.success_rate)),
        confidence: num(r.confidence),
      })),
      domain_distribution: Object.fromEntries(domains.map((r: { domain: string; n: unknown }) => [r.domain, num(r.n)])),
      source_breakdown: sourceBreakdown,
      confidence_distribution: { high: num(t.high), medium: num(t.medium), low: num(t.low) },
      usage_frequency: { '0': num(t.u0), '1-10': num(t.u10), '11-50': num(t.u50), '51+': num(t.u51) },
      success_rates: successRates,
    };
  }

  async report(query: AnalyticsQueryDto) {
    const p = this.period(query);
    const [expansion, synonyms, behaviour, quality, catalogue] = await Promise.all([
      this.expansionMetrics(p),
      this.synonymMetrics(p.domain),
      this.userBehaviour(p),
      this.quality(p),
      this.catalogueHealth(p.domain),
    ]);
    const { insights, recommendations } = deriveInsights({ expansion, synonyms, quality: quality.metrics, judged: quality.judged, catalogue, feedbackCount: behaviour.feedback_patterns.total_feedback });
    return {
      report_metadata: {
        generated_at: new Date().toISOString(),
        start_date: p.start?.toISOString() ?? null,
        end_date: p.end?.toISOString() ?? null,
        domain: p.domain ?? null,
      },
      expansion_metrics: expansion,
      synonym_metrics: synonyms,
      user_behavior_metrics: behaviour,
      quality_metrics: quality.metrics,
      insights,
      recommendations,
    };
  }

  async userBehaviour(p: Period) {
    const { where, params } = this.eventFilter(p);
    const activeSince = new Date((p.end ?? new Date()).getTime() - ACTIVE_USER_DAYS * 86_400_000);
    const [users] = await this.ds.query(
      `SELECT COUNT(DISTINCT e.user_id) AS users, COUNT(*) AS events,
              COUNT(DISTINCT CASE WHEN e.created_at >= ? THEN e.user_id END) AS active
         FROM expansion_events e ${where}`,
      [sqlTime(activeSince), ...params],
    );
    const roles = await this.ds.query(
      `SELECT COALESCE(e.user_role, '${NO_DOMAIN}') AS role, COUNT(*) AS n,
              AVG(CASE WHEN e.result_count > 0 THEN e.avg_confidence END) AS confidence,
              AVG(CASE WHEN e.result_count > 0 THEN 1.0 ELSE 0.0 END) AS success
         FROM expansion_events e ${where} GROUP BY COALESCE(e.user_role, '${NO_DOMAIN}')`,
      params,
    );
    const departments = await this.ds.query(`SELECT COALESCE(e.department, '${NO_DOMAIN}') AS department, COUNT(*) AS n FROM expansion_events e ${where} GROUP BY COALESCE(e.department, '${NO_DOMAIN}')`, params);
    const [fb] = await this.ds.query(
      `SELECT COUNT(*) AS n, SUM(CASE WHEN f.was_helpful = 1 THEN 1 ELSE 0 END) AS positive, AVG(f.rating) AS rating
         FROM feedback f JOIN expansion_events e ON e.id = f.event_id ${where}`,
      params,
    );
    const day = dayOf(this.ds, 'f.created_at');
    const trends = await this.ds.query(
      `SELECT ${day} AS day, AVG(${SATISFACTION_SQL}) AS satisfaction
         FROM feedback f JOIN expansion_events e ON e.id = f.event_id ${where} GROUP BY ${day} ORDER BY ${day}`,
      params,
    );
    const totalUsers = num(users.users);
    const totalFeedback = num(fb.n);
    return {
      total_users: totalUsers,
      active_users: num(users.active),
      user_engagement: { avg_expansions_per_user: round4(ratio(num(users.events), totalUsers)), feedback_per_expansion: round4(ratio(totalFeedback, num(users.events))) },
      role_preferences: Object.fromEntries(
        roles.map((r: Record<string, unknown>) => [String(r.role), { usage_count: num(r.n), avg_confidence: round4(num(r.confidence)), success_rate: round4(num(r.success)) }]),
      ),
      department_usage: Object.fromEntries(departments.map((r: { department: string; n: unknown }) => [r.department, num(r.n)])),
      feedback_patterns: {
        total_feedback: totalFeedback,
        feedback_by_type: { positive: num(fb.positive), negative: totalFeedback - num(fb.positive) },
        average_rating: round4(num(fb.rating)),
      },
      satisfaction_trends: trends.map((r: { day: string; satisfaction: unknown }) => ({ date: String(r.day), satisfaction: round4(num(r.satisfaction)) })),
    };
  }

  /**
   * Precision and recall with feedback as the judgement (docs/ANALYTICS.md): an expansion (event) with a
   * helpful rating is a true positive, one rated only unhelpful a false positive, one that found nothing a
   * false negative; expansions nobody rated are not judged.
   */
  async quality(p: Period) {
    const { where, params } = this.eventFilter(p);
    const judged = await this.ds.query(
      `SELECT COALESCE(e.domain, '${NO_DOMAIN}') AS domain, ${dayOf(this.ds, 'e.created_at')} AS day,
              COUNT(*) AS judged, SUM(j.helpful) AS tp
         FROM (SELECT f.event_id AS event_id, MAX(CASE WHEN f.was_helpful = 1 THEN 1 ELSE 0 END) AS helpful FROM feedback f GROUP BY f.event_id) j
         JOIN expansion_events e ON e.id = j.event_id ${where}
        GROUP BY COALESCE(e.domain, '${NO_DOMAIN}'), ${dayOf(this.ds, 'e.created_at')}`,
      params,
    );
    const misses = await this.ds.query(
      `SELECT ${dayOf(this.ds, 'e.created_at')} AS day, COUNT(*) AS n FROM expansion_events e
        ${where ? `${where} AND` : 'WHERE'} e.result_count = 0 GROUP BY ${dayOf(this.ds, 'e.created_at')}`,
      params,
    );
    const ratings = await this.ds.query(`SELECT f.rating AS rating, COUNT(*) AS n FROM feedback f JOIN expansion_events e ON e.id = f.event_id ${where ? `${where} AND` : 'WHERE'} f.rating IS NOT NULL GROUP BY f.rating`, params);

    let tp = 0;
    let judgedTotal = 0;
    const byDomain = new Map<string, { tp: number; judged: number }>();
    const byDay = new Map<string, { tp: number; judged: number; fn: number }>();
    for (const r of judged as Record<string, unknown>[]) {
      const rowTp = num(r.tp);
      const rowJudged = num(r.judged);
      tp += rowTp;
      judgedTotal += rowJudged;
      const d = byDomain.get(String(r.domain)) ?? { tp: 0, judged: 0 };
      byDomain.set(String(r.domain), { tp: d.tp + rowTp, judged: d.judged + rowJudged });
      const day = byDay.get(String(r.day)) ?? { tp: 0, judged: 0, fn: 0 };
      byDay.set(String(r.day), { ...day, tp: day.tp + rowTp, judged: day.judged + rowJudged });
    }
    let fn = 0;
    for (const r of misses as Record<string, unknown>[]) {
      fn += num(r.n);
      const day = byDay.get(String(r.day)) ?? { tp: 0, judged: 0, fn: 0 };
      byDay.set(String(r.day), { ...day, fn: day.fn + num(r.n) });
    }
    const scores = (t: number, judgedN: number, f: number) => {
      const precision = ratio(t, judgedN);
      const recall = ratio(t, t + f);
      return { precision, recall, f1: ratio(2 * precision * recall, precision + recall) };
    };
    const all = scores(tp, judgedTotal, fn);
    const distribution: Record<string, number> = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };
    for (const r of ratings as { rating: unknown; n: unknown }[]) distribution[String(num(r.rating))] = num(r.n);
    return {
      judged: judgedTotal,
      metrics: {
        precision_score: round4(all.precision),
        recall_score: round4(all.recall),
        f1_score: round4(all.f1),
        false_positive_rate: round4(ratio(judgedTotal - tp, judgedTotal)),
        false_negative_rate: round4(ratio(fn, tp + fn)),
        domain_accuracy: Object.fromEntries([...byDomain].map(([d, v]) => [d, round4(ratio(v.tp, v.judged))])),
        user_rating_distribution: distribution,
        quality_trends: [...byDay.entries()]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([date, v]) => {
            const s = scores(v.tp, v.judged, v.fn);
            return { date, precision: round4(s.precision), recall: round4(s.recall), f1: round4(s.f1) };
          }),
      },
    };
  }

  /** Catalogue figures the rules need: the pending queue, weak performers, zero-result domains. */
  async catalogueHealth(domain?: string) {
    const where = domain ? 'AND s.domain = ?' : '';
    const params = domain ? [domain] : [];
    const [counts] = await this.ds.query(
      `SELECT SUM(CASE WHEN s.status = 'pending' THEN 1 ELSE 0 END) AS pending,
              SUM(CASE WHEN s.status = 'active' THEN 1 ELSE 0 END) AS active,
              SUM(CASE WHEN s.status = 'active' AND s.confidence < ${CONFIDENCE_BANDS.medium} THEN 1 ELSE 0 END) AS weak
         FROM synonyms s WHERE 1 = 1 ${where}`,
      params,
    );
    const lowPerformers = await this.ds.query(
      `SELECT s.id, s.term, s.synonym, s.usage_count, s.success_rate FROM synonyms s
        WHERE s.status = 'active' AND s.usage_count >= ? AND s.success_rate < ? ${where}
        ORDER BY s.usage_count DESC, s.id ASC LIMIT 5`,
      [RULES.lowPerformerMinUses, RULES.lowPerformerSuccessRate, ...params],
    );
    const [lowCount] = await this.ds.query(
      `SELECT COUNT(*) AS n FROM synonyms s WHERE s.status = 'active' AND s.usage_count >= ? AND s.success_rate < ? ${where}`,
      [RULES.lowPerformerMinUses, RULES.lowPerformerSuccessRate, ...params],
    );
    const zeroDomains = await this.ds.query(
      `SELECT COALESCE(e.domain, '${NO_DOMAIN}') AS domain, COUNT(*) AS n, SUM(CASE WHEN e.result_count = 0 THEN 1 ELSE 0 END) AS zero
         FROM expansion_events e ${domain ? 'WHERE e.domain = ?' : ''} GROUP BY COALESCE(e.domain, '${NO_DOMAIN}')`,
      params,
    );
    return {
      pending: num(counts.pending),
      active: num(counts.active),
      weak: num(counts.weak),
      lowPerformerCount: num(lowCount.n),
      lowPerformers: (lowPerformers as Record<string, unknown>[]).map((r) => ({ id: num(r.id), term: String(r.term), synonym: String(r.synonym), usage: num(r.usage_count), rate: num(r.success_rate) })),
      zeroResultDomains: (zeroDomains as Record<string, unknown>[])
        .map((r) => ({ domain: String(r.domain), events: num(r.n), share: ratio(num(r.zero), num(r.n)) }))
        .filter((d) => d.events >= RULES.minDomainEvents && d.share >= RULES.zeroResultShare)
        .sort((a, b) => b.share - a.share || a.domain.localeCompare(b.domain)),
    };
  }
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
  expansion: ExpansionMetrics;
  synonyms: SynonymMetrics;
  quality: { precision_score: number };
  judged: number;
  feedbackCount: number;
  catalogue: Awaited<ReturnType<AnalyticsService['catalogueHealth']>>;
}): { insights: Insight[]; recommendations: Recommendation[] } {
  const { expansion, quality, judged, feedbackCount, catalogue } = input;
  const insights: Insight[] = [];
  const recommendations: Recommendation[] = [];
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

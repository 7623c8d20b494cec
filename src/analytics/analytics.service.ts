import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ValidationError } from '../common/errors';
import { dayOf, num, ratio, round4, sqlTime } from '../common/db/sql';
import { periodBound } from '../common/validation/query-values';
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

const NO_DOMAIN = 'unspecified';

/**
 * Analytics over expansion events, feedback and the catalogue. Every figure is an SQL aggregate (GROUP BY
 * over indexed date ranges) that runs unchanged on SQLite and MySQL; formulas are in docs/ANALYTICS.md.
 */
@Injectable()
export class AnalyticsService {
  constructor(private readonly ds: DataSource) {}

  period(query: AnalyticsQueryDto): Period {
    const start = periodBound(query.start_date, false);
    const end = periodBound(query.end_date, true);
    if (start && end && start > end) {
      throw new ValidationError('start_date must not be after end_date', { field: 'start_date', expected_type: 'timestamp <= end_date', provided_value: query.start_date });
    }
    return { start, end, domain: query.domain };
  }

  /** WHERE clause over expansion_events aliased `e`. */
  private eventFilter(p: Period): { where: string; params: unknown[] } {
    return periodFilter(p, 'e.created_at', 'e.domain');
  }

  async expansionMetrics(p: Period): Promise<ExpansionMetrics> {
    const [groups, feedback] = await Promise.all([this.eventGroups(p), this.feedbackGroups(p)]);
    return expansionMetricsOf(groups, feedback);
  }

  /**
   * Events of the period grouped by day, domain, role and department: whole days from the daily roll-up,
   * the partial days at the period's edges from the events table (an indexed range of at most a day each).
   */
  async eventGroups(p: Period): Promise<EventGroup[]> {
    const { fromDay, toDay, edges, empty } = splitPeriod(p);
    const out: EventGroup[] = [];
    if (!empty) {
      const where: string[] = [];
      const params: unknown[] = [];
      if (fromDay) {
        where.push('d.day >= ?');
        params.push(fromDay);
      }
      if (toDay) {
        where.push('d.day <= ?');
        params.push(toDay);
      }
      if (p.domain) {
        where.push('d.domain = ?');
        params.push(p.domain);
      }
      const rows = await this.ds.query(
        `SELECT d.day, d.domain, d.user_role AS role, d.department, d.events, d.successful, d.sum_confidence AS conf, d.sum_relevance AS rel
           FROM expansion_daily_stats d ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}`,
        params,
      );
      out.push(...rows.map(toGroup));
    }
    const day = dayOf(this.ds, 'e.created_at');
    for (const [from, to] of edges) {
      const params: unknown[] = [sqlTime(from), sqlTime(to)];
      if (p.domain) params.push(p.domain);
      const rows = await this.ds.query(
        `SELECT ${day} AS day, COALESCE(e.domain, '') AS domain, COALESCE(e.user_role, '') AS role, COALESCE(e.department, '') AS department,
                COUNT(*) AS events, SUM(CASE WHEN e.result_count > 0 THEN 1 ELSE 0 END) AS successful,
                SUM(CASE WHEN e.result_count > 0 THEN e.avg_confidence ELSE 0 END) AS conf,
                SUM(CASE WHEN e.result_count > 0 THEN e.avg_relevance ELSE 0 END) AS rel
           FROM expansion_events e WHERE e.created_at >= ? AND e.created_at <= ? ${p.domain ? 'AND e.domain = ?' : ''}
          GROUP BY ${day}, COALESCE(e.domain, ''), COALESCE(e.user_role, ''), COALESCE(e.department, '')`,
        params,
      );
      out.push(...rows.map(toGroup));
    }
    return out;
  }

  /** Feedback on the period's expansions, grouped by the day it was given, rating and helpfulness. */
  async feedbackGroups(p: Period): Promise<FeedbackGroup[]> {
    const { where, params } = feedbackFilter(p);
    const day = dayOf(this.ds, 'f.created_at');
    const rows = await this.ds.query(
      `SELECT ${day} AS day, f.rating AS rating, f.was_helpful AS helpful, COUNT(*) AS n FROM feedback f ${where}
        GROUP BY ${day}, f.rating, f.was_helpful`,
      params,
    );
    return rows.map((r: Record<string, unknown>) => ({ day: String(r.day), rating: r.rating === null ? null : num(r.rating), helpful: num(r.helpful) === 1, n: num(r.n) }));
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
    const [groups, feedback] = await Promise.all([this.eventGroups(p), this.feedbackGroups(p)]);
    const [synonyms, behaviour, quality, catalogue] = await Promise.all([
      this.synonymMetrics(p.domain),
      this.userBehaviour(p, groups, feedback),
      this.quality(p, groups, feedback),
      this.catalogueHealth(p.domain),
    ]);
    const expansion = expansionMetricsOf(groups, feedback);
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

  async userBehaviour(p: Period, groups?: EventGroup[], feedback?: FeedbackGroup[]) {
    [groups, feedback] = await Promise.all([groups ?? this.eventGroups(p), feedback ?? this.feedbackGroups(p)]);
    const { where, params } = this.eventFilter(p);
    const activeSince = new Date((p.end ?? new Date()).getTime() - ACTIVE_USER_DAYS * 86_400_000);
    const activeParams: unknown[] = [sqlTime(activeSince), ...params];
    const [[users], [active]] = await Promise.all([
      this.ds.query(`SELECT COUNT(DISTINCT e.user_id) AS users FROM expansion_events e ${where}`, params),
      this.ds.query(`SELECT COUNT(DISTINCT e.user_id) AS users FROM expansion_events e WHERE e.created_at >= ? ${where ? `AND ${where.slice('WHERE '.length)}` : ''}`, activeParams),
    ]);
    const events = groups.reduce((s, g) => s + g.events, 0);
    const roles = new Map<string, { events: number; successful: number; conf: number }>();
    const departments = new Map<string, number>();
    for (const g of groups) {
      const r = roles.get(g.role || NO_DOMAIN) ?? { events: 0, successful: 0, conf: 0 };
      roles.set(g.role || NO_DOMAIN, { events: r.events + g.events, successful: r.successful + g.successful, conf: r.conf + g.conf });
      departments.set(g.department || NO_DOMAIN, (departments.get(g.department || NO_DOMAIN) ?? 0) + g.events);
    }
    const fb = feedbackSummary(feedback);
    const totalUsers = num(users.users);
    return {
      total_users: totalUsers,
      active_users: num(active.users),
      user_engagement: { avg_expansions_per_user: round4(ratio(events, totalUsers)), feedback_per_expansion: round4(ratio(fb.total, events)) },
      role_preferences: Object.fromEntries(
        [...roles].map(([role, r]) => [role, { usage_count: r.events, avg_confidence: round4(ratio(r.conf, r.successful)), success_rate: round4(ratio(r.successful, r.events)) }]),
      ),
      department_usage: Object.fromEntries(departments),
      feedback_patterns: {
        total_feedback: fb.total,
        feedback_by_type: { positive: fb.positive, negative: fb.total - fb.positive },
        average_rating: round4(ratio(fb.ratingSum, fb.rated)),
      },
      satisfaction_trends: [...fb.byDay].sort(([a], [b]) => a.localeCompare(b)).map(([date, d]) => ({ date, satisfaction: round4(ratio(d.satisfaction, d.n)) })),
    };
  }

  /**
   * Precision and recall with feedback as the judgement (docs/ANALYTICS.md): an expansion (event) with a
   * helpful rating is a true positive, one rated only unhelpful a false positive, one that found nothing a
   * false negative; expansions nobody rated are not judged.
   */
  async quality(p: Period, groups?: EventGroup[], feedback?: FeedbackGroup[]) {
    groups = groups ?? (await this.eventGroups(p));
    feedback = feedback ?? (await this.feedbackGroups(p));
    const { where, params } = feedbackFilter(p);
    const day = dayOf(this.ds, 'j.at');
    const judged = await this.ds.query(
      `SELECT COALESCE(j.domain, '${NO_DOMAIN}') AS domain, ${day} AS day, COUNT(*) AS judged, SUM(j.helpful) AS tp
         FROM (SELECT f.event_id, MAX(f.event_domain) AS domain, MAX(f.event_created_at) AS at,
                      MAX(CASE WHEN f.was_helpful = 1 THEN 1 ELSE 0 END) AS helpful
                 FROM feedback f ${where} GROUP BY f.event_id) j
        GROUP BY COALESCE(j.domain, '${NO_DOMAIN}'), ${day}`,
      params,
    );

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
      const dd = byDay.get(String(r.day)) ?? { tp: 0, judged: 0, fn: 0 };
      byDay.set(String(r.day), { ...dd, tp: dd.tp + rowTp, judged: dd.judged + rowJudged });
    }
    let fn = 0;
    for (const g of groups) {
      const misses = g.events - g.successful;
      if (misses === 0) continue;
      fn += misses;
      const dd = byDay.get(g.day) ?? { tp: 0, judged: 0, fn: 0 };
      byDay.set(g.day, { ...dd, fn: dd.fn + misses });
    }
    const scores = (t: number, judgedN: number, f: number) => {
      const precision = ratio(t, judgedN);
      const recall = ratio(t, t + f);
      return { precision, recall, f1: ratio(2 * precision * recall, precision + recall) };
    };
    const all = scores(tp, judgedTotal, fn);
    return {
      judged: judgedTotal,
      metrics: {
        precision_score: round4(all.precision),
        recall_score: round4(all.recall),
        f1_score: round4(all.f1),
        false_positive_rate: round4(ratio(judgedTotal - tp, judgedTotal)),
        false_negative_rate: round4(ratio(fn, tp + fn)),
        domain_accuracy: Object.fromEntries([...byDomain].map(([d, v]) => [d, round4(ratio(v.tp, v.judged))])),
        user_rating_distribution: feedbackSummary(feedback).distribution,
        quality_trends: [...byDay.entries()]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([date, v]) => {
            const sc = scores(v.tp, v.judged, v.fn);
            return { date, precision: round4(sc.precision), recall: round4(sc.recall), f1: round4(sc.f1) };
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
      `SELECT d.domain AS domain, SUM(d.events) AS n, SUM(d.events - d.successful) AS zero
         FROM expansion_daily_stats d ${domain ? 'WHERE d.domain = ?' : ''} GROUP BY d.domain`,
      params,
    );
    return {
      pending: num(counts.pending),
      active: num(counts.active),
      weak: num(counts.weak),
      lowPerformerCount: num(lowCount.n),
      lowPerformers: (lowPerformers as Record<string, unknown>[]).map((r) => ({ id: num(r.id), term: String(r.term), synonym: String(r.synonym), usage: num(r.usage_count), rate: num(r.success_rate) })),
      zeroResultDomains: (zeroDomains as Record<string, unknown>[])
        .map((r) => ({ domain: String(r.domain) || NO_DOMAIN, events: num(r.n), share: ratio(num(r.zero), num(r.n)) }))
        .filter((d) => d.events >= RULES.minDomainEvents && d.share >= RULES.zeroResultShare)
        .sort((a, b) => b.share - a.share || a.domain.localeCompare(b.domain)),
    };
  }
}

export interface EventGroup {
  day: string;
  domain: string;
  role: string;
  department: string;
  events: number;
  successful: number;
  conf: number;
  rel: number;
}

export interface FeedbackGroup {
  day: string;
  rating: number | null;
  helpful: boolean;
  n: number;
}

function toGroup(r: Record<string, unknown>): EventGroup {
  return {
    day: String(r.day),
    domain: String(r.domain ?? ''),
    role: String(r.role ?? ''),
    department: String(r.department ?? ''),
    events: num(r.events),
    successful: num(r.successful),
    conf: num(r.conf),
    rel: num(r.rel),
  };
}

const DAY_MS = 86_400_000;
const dayKey = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Splits a period into whole UTC days (read from the roll-up) and the partial days at its edges (read from
 * the events table). Without bounds every day is whole.
 */
export function splitPeriod(p: Period): { fromDay?: string; toDay?: string; edges: [Date, Date][]; empty: boolean } {
  const s = p.start?.getTime();
  const e = p.end?.getTime();
  const startOfDay = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;
  const fullFrom = s === undefined ? undefined : s === startOfDay(s) ? s : startOfDay(s) + DAY_MS;
  const fullTo = e === undefined ? undefined : e === startOfDay(e) + DAY_MS - 1 ? e : startOfDay(e) - 1;
  if (fullFrom !== undefined && fullTo !== undefined && fullFrom > fullTo) {
    return { edges: s! <= e! ? [[new Date(s!), new Date(e!)]] : [], empty: true };
  }
  const edges: [Date, Date][] = [];
  if (s !== undefined && s < fullFrom!) edges.push([new Date(s), new Date(fullFrom! - 1)]);
  if (e !== undefined && e > fullTo!) edges.push([new Date(fullTo! + 1), new Date(e)]);
  return { fromDay: fullFrom === undefined ? undefined : dayKey(fullFrom), toDay: fullTo === undefined ? undefined : dayKey(fullTo), edges, empty: false };
}

/** WHERE over a time column and a domain column, for a period. */
function periodFilter(p: Period, timeColumn: string, domainColumn: string): { where: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  if (p.start) {
    parts.push(`${timeColumn} >= ?`);
    params.push(sqlTime(p.start));
  }
  if (p.end) {
    parts.push(`${timeColumn} <= ?`);
    params.push(sqlTime(p.end));
  }
  if (p.domain) {
    parts.push(`${domainColumn} = ?`);
    params.push(p.domain);
  }
  return { where: parts.length > 0 ? `WHERE ${parts.join(' AND ')}` : '', params };
}

/** Feedback `f` by the rated expansion's time and domain (copied onto each feedback row). */
const feedbackFilter = (p: Period) => periodFilter(p, 'f.event_created_at', 'f.event_domain');

/** A feedback's satisfaction in 0..1: the rating scaled, or 1/0 for helpful/unhelpful without a rating. */
export const satisfactionOf = (rating: number | null, helpful: boolean): number => (rating !== null ? (rating - 1) / 4 : helpful ? 1 : 0);

function feedbackSummary(groups: FeedbackGroup[]) {
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

export function expansionMetricsOf(groups: EventGroup[], feedback: FeedbackGroup[]): ExpansionMetrics {
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

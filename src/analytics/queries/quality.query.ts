import type { DataSource } from 'typeorm';
import { dayOf, num, ratio, round4, rows } from '../../common/db/sql';
import { feedbackSummary } from '../analytics.rules';
import { NO_DOMAIN, type EventGroup, type FeedbackGroup, type Period } from '../analytics.types';
import type { QualityMetricsDto } from '../dto/analytics-responses.dto';
import { feedbackFilter } from '../period';

/**
 * Precision and recall with feedback as the judgement (docs/ANALYTICS.md): an expansion (event) with a
 * helpful rating is a true positive, one rated only unhelpful a false positive, one that found nothing a
 * false negative; expansions nobody rated are not judged.
 */
export async function quality(ds: DataSource, p: Period, groups: EventGroup[], feedback: FeedbackGroup[]): Promise<{ judged: number; metrics: QualityMetricsDto }> {
  const { where, params } = feedbackFilter(p);
  const day = dayOf(ds, 'j.at');
  const judged = await rows(ds, 
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

import type { DataSource } from 'typeorm';
import { num, ratio, round4, rows, row, sqlTime } from '../../common/db/sql';
import type { Period } from '../analytics.types';
import type { CurationMetricsDto, SuggestionOutcomesDto } from '../dto/analytics-responses.dto';

/** What discovery proposes, by the evidence kind it kept (docs/CURATION.md): the catalogue source of each. */
const SOURCE_OF_KIND = { reformulation: 'ml_discovery', ratings: 'user_feedback' } as const;

/**
 * The curation loop's figures (docs/ANALYTICS.md, "curation_metrics"): the suggestions discovery made in the
 * period, by source, with where each stands now; the entries it sent to review; how users rated the approved
 * ones since; the queue still open (whatever the period).
 */
export async function curationMetrics(ds: DataSource, p: Period): Promise<CurationMetricsDto> {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (clause: string, value: unknown) => {
    where.push(clause);
    params.push(value);
  };
  if (p.start) add('e.created_at >= ?', sqlTime(p.start));
  if (p.end) add('e.created_at <= ?', sqlTime(p.end));
  // the evidence keeps the domain of an entry deleted since
  if (p.domain) add('COALESCE(s.domain, e.domain) = ?', p.domain);
  const filter = where.length ? `AND ${where.join(' AND ')}` : '';
  // an evidence row outlives its entry (deleted entries count as removed)
  const outcomes = await rows(
    ds,
    `SELECT e.kind AS kind, s.status AS status, COUNT(*) AS n, SUM(s.usage_count) AS rated, SUM(s.helpful_count) AS helpful
       FROM suggestion_evidence e LEFT JOIN synonyms s ON s.id = e.synonym_id
      WHERE 1 = 1 ${filter}
      GROUP BY e.kind, s.status`,
    params,
  );
  const empty = (): SuggestionOutcomesDto => ({ created: 0, approved: 0, rejected: 0, open: 0, removed: 0 });
  const bySource = { ml_discovery: empty(), user_feedback: empty() };
  let sentToReview = 0;
  let rated = 0;
  let helpful = 0;
  for (const r of outcomes) {
    const n = num(r.n);
    if (r.kind === 'negative_ratings') {
      sentToReview += n;
      continue;
    }
    const source = SOURCE_OF_KIND[r.kind as keyof typeof SOURCE_OF_KIND];
    if (!source) continue;
    const o = bySource[source];
    o.created += n;
    const status = typeof r.status === 'string' ? r.status : null;
    if (status === 'active' || status === 'deprecated') {
      o.approved += n;
      rated += num(r.rated);
      helpful += num(r.helpful);
    } else if (status === 'rejected') o.rejected += n;
    else if (status === 'pending' || status === 'under_review') o.open += n;
    else o.removed += n;
  }
  const queue = await row(
    ds,
    `SELECT COUNT(*) AS n FROM suggestion_evidence e JOIN synonyms s ON s.id = e.synonym_id
      WHERE s.status IN ('pending', 'under_review') ${p.domain ? 'AND s.domain = ?' : ''}`,
    p.domain ? [p.domain] : [],
  );
  return {
    suggestions_by_source: bySource,
    sent_to_review: sentToReview,
    approved_rated_uses: rated,
    approved_precision: round4(ratio(helpful, rated)),
    open_queue: num(queue.n),
  };
}

import type { DataSource } from 'typeorm';
import { dayOf, num, rows, sqlTime, str } from '../../common/db/sql';
import type { EventGroup, FeedbackGroup, Period } from '../analytics.types';
import { feedbackFilter, splitPeriod } from '../period';

/** Every section's input: the period's events and feedback as grouped rows (docs/ANALYTICS.md). */

/**
 * Events of the period grouped by day, domain, role and department: whole days from the daily roll-up,
 * the partial days at the period's edges from the events table (an indexed range of at most a day each).
 */
export async function eventGroups(ds: DataSource, p: Period): Promise<EventGroup[]> {
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
    const found = await rows(ds, 
      `SELECT d.day, d.domain, d.user_role AS role, d.department, d.events, d.successful, d.sum_confidence AS conf, d.sum_relevance AS rel
         FROM expansion_daily_stats d ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}`,
      params,
    );
    out.push(...found.map(toGroup));
  }
  const day = dayOf(ds, 'e.created_at');
  for (const [from, to] of edges) {
    const params: unknown[] = [sqlTime(from), sqlTime(to)];
    if (p.domain) params.push(p.domain);
    const found = await rows(ds, 
      `SELECT ${day} AS day, COALESCE(e.domain, '') AS domain, COALESCE(e.user_role, '') AS role, COALESCE(e.department, '') AS department,
              COUNT(*) AS events, SUM(CASE WHEN e.result_count > 0 THEN 1 ELSE 0 END) AS successful,
              SUM(CASE WHEN e.result_count > 0 THEN e.avg_confidence ELSE 0 END) AS conf,
              SUM(CASE WHEN e.result_count > 0 THEN e.avg_relevance ELSE 0 END) AS rel
         FROM expansion_events e WHERE e.created_at >= ? AND e.created_at <= ? ${p.domain ? 'AND e.domain = ?' : ''}
        GROUP BY ${day}, COALESCE(e.domain, ''), COALESCE(e.user_role, ''), COALESCE(e.department, '')`,
      params,
    );
    out.push(...found.map(toGroup));
  }
  return out;
}

/** Feedback on the period's expansions, grouped by the day it was given, rating and helpfulness. */
export async function feedbackGroups(ds: DataSource, p: Period): Promise<FeedbackGroup[]> {
  const { where, params } = feedbackFilter(p);
  const day = dayOf(ds, 'f.created_at');
  const found = await rows(ds, 
    `SELECT ${day} AS day, f.rating AS rating, f.was_helpful AS helpful, COUNT(*) AS n FROM feedback f ${where}
      GROUP BY ${day}, f.rating, f.was_helpful`,
    params,
  );
  return found.map((r) => ({ day: String(r.day), rating: r.rating === null ? null : num(r.rating), helpful: num(r.helpful) === 1, n: num(r.n) }));
}

function toGroup(r: Record<string, unknown>): EventGroup {
  return {
    day: String(r.day),
    domain: str(r.domain),
    role: str(r.role),
    department: str(r.department),
    events: num(r.events),
    successful: num(r.successful),
    conf: num(r.conf),
    rel: num(r.rel),
  };
}

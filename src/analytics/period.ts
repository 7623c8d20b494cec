import { sqlTime } from '../common/db/sql';
import type { Period } from './analytics.types';

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
export function periodFilter(p: Period, timeColumn: string, domainColumn: string): { where: string; params: unknown[] } {
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
export const feedbackFilter = (p: Period) => periodFilter(p, 'f.event_created_at', 'f.event_domain');

/** Expansion events `e` of a period. */
export const eventFilter = (p: Period) => periodFilter(p, 'e.created_at', 'e.domain');

import type { EntityManager } from 'typeorm';
import { isMysqlSource, sqlTime } from '../common/db/sql';
import type { ExpansionEventEntity } from './entities/expansion-event.entity';

interface DailyDelta {
  day: string;
  domain: string;
  role: string;
  department: string;
  events: number;
  successful: number;
  sumConfidence: number;
  sumRelevance: number;
}

/** Adds a batch of events to the daily roll-up, inside the caller's transaction (one upsert per group). */
export async function addToDailyStats(m: EntityManager, events: ExpansionEventEntity[]): Promise<void> {
  const groups = new Map<string, DailyDelta>();
  for (const e of events) {
    const day = sqlTime(e.createdAt).slice(0, 10);
    const domain = e.domain ?? '';
    const role = e.userRole ?? '';
    const department = e.department ?? '';
    const key = JSON.stringify([day, domain, role, department]);
    const g = groups.get(key) ?? { day, domain, role, department, events: 0, successful: 0, sumConfidence: 0, sumRelevance: 0 };
    g.events += 1;
    if (e.resultCount > 0) {
      g.successful += 1;
      g.sumConfidence += e.avgConfidence;
      g.sumRelevance += e.avgRelevance;
    }
    groups.set(key, g);
  }
  const upsert = isMysqlSource(m.connection)
    ? `ON DUPLICATE KEY UPDATE events = events + VALUES(events), successful = successful + VALUES(successful),
       sum_confidence = sum_confidence + VALUES(sum_confidence), sum_relevance = sum_relevance + VALUES(sum_relevance)`
    : `ON CONFLICT (day, domain, user_role, department) DO UPDATE SET events = events + excluded.events,
       successful = successful + excluded.successful, sum_confidence = sum_confidence + excluded.sum_confidence,
       sum_relevance = sum_relevance + excluded.sum_relevance`;
  for (const g of groups.values()) {
    await m.query(
      `INSERT INTO expansion_daily_stats (day, domain, user_role, department, events, successful, sum_confidence, sum_relevance)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?) ${upsert}`,
      [g.day, g.domain, g.role, g.department, g.events, g.successful, g.sumConfidence, g.sumRelevance],
    );
  }
}

import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { num, round4, row, rows, sqlTime, str } from '../common/db/sql';

export const RECENT_ACTIVITY_DAYS = 7;
export const TOP_CONTRIBUTORS = 10;
const ACTIONS = ['create', 'update', 'status_change', 'delete'];

/** GET /admin/dashboard: catalogue counts and averages, recent audit activity, top contributors (docs/ANALYTICS.md). */
@Injectable()
export class DashboardService {
  constructor(private readonly ds: DataSource) {}

  async dashboard() {
    const s = await row(this.ds, 
      `SELECT COUNT(*) AS total,
              SUM(CASE WHEN status = 'active' THEN 1 ELSE 0 END) AS active,
              SUM(CASE WHEN status = 'pending' THEN 1 ELSE 0 END) AS pending,
              SUM(CASE WHEN status = 'deprecated' THEN 1 ELSE 0 END) AS deprecated,
              AVG(confidence) AS confidence,
              AVG(CASE WHEN usage_count > 0 THEN success_rate END) AS success
         FROM synonyms`,
    );
    const domains = await rows(this.ds, 'SELECT domain, COUNT(*) AS n FROM synonyms GROUP BY domain');
    const since = new Date(Date.now() - RECENT_ACTIVITY_DAYS * 86_400_000);
    const activity = await rows(this.ds, 'SELECT action, COUNT(*) AS n FROM audit_log WHERE performed_at >= ? GROUP BY action', [sqlTime(since)]);
    const contributors = await rows(this.ds, 
      `SELECT performed_by AS who, COUNT(*) AS n FROM audit_log WHERE action = 'create' GROUP BY performed_by ORDER BY COUNT(*) DESC, performed_by ASC LIMIT ${TOP_CONTRIBUTORS}`,
    );
    const recent: Record<string, number> = Object.fromEntries(ACTIONS.map((a) => [a, 0]));
    for (const r of activity as { action: string; n: unknown }[]) recent[r.action] = num(r.n);
    return {
      summary: {
        total_synonyms: num(s.total),
        active_synonyms: num(s.active),
        pending_synonyms: num(s.pending),
        deprecated_synonyms: num(s.deprecated),
        avg_confidence: round4(num(s.confidence)),
        avg_success_rate: round4(num(s.success)),
      },
      domain_distribution: Object.fromEntries(domains.map((r) => [str(r.domain), num(r.n)])),
      recent_activity: recent,
      top_contributors: Object.fromEntries(contributors.map((r) => [str(r.who), num(r.n)])),
    };
  }
}

import type { DataSource } from 'typeorm';
import { num, ratio, round4, rows, sqlTime } from '../../common/db/sql';
import { ACTIVE_USER_DAYS, feedbackSummary } from '../analytics.rules';
import { NO_DOMAIN, type EventGroup, type FeedbackGroup, type Period } from '../analytics.types';
import type { UserBehaviorMetricsDto } from '../dto/analytics-responses.dto';
import { eventFilter } from '../period';

/** The report's user_behavior_metrics section: users, engagement, roles, departments, feedback patterns. */
export async function userBehaviour(ds: DataSource, p: Period, groups: EventGroup[], feedback: FeedbackGroup[]): Promise<UserBehaviorMetricsDto> {
  const { where, params } = eventFilter(p);
  const activeSince = new Date((p.end ?? new Date()).getTime() - ACTIVE_USER_DAYS * 86_400_000);
  const activeParams: unknown[] = [sqlTime(activeSince), ...params];
  const [[users], [active]] = await Promise.all([
    rows(ds, `SELECT COUNT(DISTINCT e.user_id) AS users FROM expansion_events e ${where}`, params),
    rows(ds, `SELECT COUNT(DISTINCT e.user_id) AS users FROM expansion_events e WHERE e.created_at >= ? ${where ? `AND ${where.slice('WHERE '.length)}` : ''}`, activeParams),
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

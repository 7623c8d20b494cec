import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import { round4 } from '../common/db/sql';
import { CatalogueStore } from '../synonyms/catalogue-store';
import type { DashboardDto } from './dto/dashboard.dto';

export const RECENT_ACTIVITY_DAYS = 7;
export const TOP_CONTRIBUTORS = 10;
const ACTIONS = ['create', 'update', 'status_change', 'delete'];

/**
 * GET /admin/dashboard: catalogue counts and averages, recent audit activity, top contributors
 * (docs/ANALYTICS.md), each from the module that owns its table.
 */
@Injectable()
export class DashboardService {
  constructor(
    private readonly catalogue: CatalogueStore,
    private readonly audit: AuditService,
  ) {}

  async dashboard(): Promise<DashboardDto> {
    const since = new Date(Date.now() - RECENT_ACTIVITY_DAYS * 86_400_000);
    const [counts, activity, contributors] = await Promise.all([this.catalogue.countByStatus(), this.audit.countByActionSince(since), this.audit.topCreators(TOP_CONTRIBUTORS)]);
    const recent: Record<string, number> = Object.fromEntries(ACTIONS.map((a) => [a, 0]));
    Object.assign(recent, activity);
    return {
      summary: {
        total_synonyms: counts.total,
        active_synonyms: counts.active,
        pending_synonyms: counts.pending,
        deprecated_synonyms: counts.deprecated,
        avg_confidence: round4(counts.avgConfidence),
        avg_success_rate: round4(counts.avgSuccessRate),
      },
      domain_distribution: counts.byDomain,
      recent_activity: recent,
      top_contributors: contributors,
    };
  }
}

import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ValidationError } from '../common/errors';
import { periodBound } from '../common/validation/query-values';
import { deriveInsights, expansionMetricsOf, expansionTrendsOf } from './analytics.rules';
import type { CatalogueHealth, Period } from './analytics.types';
import type { ExpansionMetricsDto, ReportResponseDto, SynonymMetricsDto } from './dto/analytics-responses.dto';
import type { AnalyticsQueryDto } from './dto/analytics-query.dto';
import { catalogueHealth } from './queries/catalogue-health.query';
import { curationMetrics } from './queries/curation.query';
import { eventGroups, feedbackGroups } from './queries/groups.query';
import { quality } from './queries/quality.query';
import { synonymMetrics } from './queries/synonym-metrics.query';
import { userBehaviour } from './queries/user-behaviour.query';

/**
 * Analytics over expansion events, feedback and the catalogue: the one read-only reporting module that reads
 * those tables with SQL. Each report section has its query file (queries/), every figure an SQL aggregate
 * (GROUP BY over indexed date ranges) that runs unchanged on SQLite and MySQL; the formulas and rules over the
 * grouped rows are pure functions in analytics.rules.ts (docs/ANALYTICS.md).
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

  async expansionMetrics(p: Period): Promise<ExpansionMetricsDto> {
    const [groups, feedback] = await Promise.all([eventGroups(this.ds, p), feedbackGroups(this.ds, p)]);
    return expansionMetricsOf(groups, feedback);
  }

  synonymMetrics(domain?: string): Promise<SynonymMetricsDto> {
    return synonymMetrics(this.ds, domain);
  }

  catalogueHealth(domain?: string): Promise<CatalogueHealth> {
    return catalogueHealth(this.ds, domain);
  }

  async report(query: AnalyticsQueryDto): Promise<ReportResponseDto> {
    const p = this.period(query);
    const [groups, feedback] = await Promise.all([eventGroups(this.ds, p), feedbackGroups(this.ds, p)]);
    const [synonyms, behaviour, q, catalogue, curation] = await Promise.all([
      synonymMetrics(this.ds, p.domain),
      userBehaviour(this.ds, p, groups, feedback),
      quality(this.ds, p, groups, feedback),
      catalogueHealth(this.ds, p.domain),
      curationMetrics(this.ds, p),
    ]);
    const expansion = expansionMetricsOf(groups, feedback);
    const { insights, recommendations } = deriveInsights({ expansion, synonyms, quality: q.metrics, judged: q.judged, catalogue, curation, feedbackCount: behaviour.feedback_patterns.total_feedback });
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
      quality_metrics: q.metrics,
      curation_metrics: curation,
      expansion_trends: expansionTrendsOf(groups),
      insights,
      recommendations,
    };
  }
}

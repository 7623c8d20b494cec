import { ApiExtraModels, ApiProperty, getSchemaPath } from '@nestjs/swagger';
import type { InsightType, Level } from '../analytics.rules';

const map = (description: string) => ({ type: 'object', additionalProperties: { type: 'number' }, description }) as const;

export class ExpansionMetricsDto {
  @ApiProperty() total_expansions: number;
  @ApiProperty() successful_expansions: number;
  @ApiProperty() success_rate: number;
  @ApiProperty() average_confidence: number;
  @ApiProperty() average_relevance: number;
  @ApiProperty(map('expansions per domain')) domain_breakdown: Record<string, number>;
  @ApiProperty() user_satisfaction: number;
  @ApiProperty() expansion_quality_score: number;
}

export class PopularSynonymDto {
  @ApiProperty() term: string;
  @ApiProperty() synonym: string;
  @ApiProperty() domain: string;
  @ApiProperty() usage_count: number;
  @ApiProperty() success_rate: number;
  @ApiProperty() confidence: number;
}

export class SynonymMetricsDto {
  @ApiProperty() total_synonyms: number;
  @ApiProperty() active_synonyms: number;
  @ApiProperty({ type: [PopularSynonymDto] }) popular_synonyms: PopularSynonymDto[];
  @ApiProperty(map('entries per domain')) domain_distribution: Record<string, number>;
  @ApiProperty(map('entries per SynonymSource')) source_breakdown: Record<string, number>;
  @ApiProperty({ example: { high: 10, medium: 4, low: 1 } }) confidence_distribution: { high: number; medium: number; low: number };
  @ApiProperty({ example: { '0': 5, '1-10': 7, '11-50': 2, '51+': 1 } }) usage_frequency: { '0': number; '1-10': number; '11-50': number; '51+': number };
  @ApiProperty(map('success rate keyed "term_synonym"')) success_rates: Record<string, number>;
}

export class ExpansionMetricsResponseDto {
  @ApiProperty({ type: ExpansionMetricsDto }) metrics: ExpansionMetricsDto;
}

export class SynonymMetricsResponseDto {
  @ApiProperty({ type: SynonymMetricsDto }) metrics: SynonymMetricsDto;
}

export class InsightDto {
  @ApiProperty({ enum: ['positive', 'warning', 'info'] }) type: InsightType;
  @ApiProperty() category: string;
  @ApiProperty() message: string;
  @ApiProperty({ enum: ['high', 'medium', 'low'] }) impact: Level;
}

export class RecommendationDto {
  @ApiProperty() category: string;
  @ApiProperty({ enum: ['high', 'medium', 'low'] }) priority: Level;
  @ApiProperty() action: string;
  @ApiProperty() description: string;
  @ApiProperty() impact: string;
}

export class ReportMetadataDto {
  @ApiProperty({ format: 'date-time' }) generated_at: string;
  @ApiProperty({ format: 'date-time', nullable: true }) start_date: string | null;
  @ApiProperty({ format: 'date-time', nullable: true }) end_date: string | null;
  @ApiProperty({ nullable: true }) domain: string | null;
}

export class UserEngagementDto {
  @ApiProperty() avg_expansions_per_user: number;
  @ApiProperty() feedback_per_expansion: number;
}

export class RolePreferenceDto {
  @ApiProperty() usage_count: number;
  @ApiProperty() avg_confidence: number;
  @ApiProperty() success_rate: number;
}

export class FeedbackByTypeDto {
  @ApiProperty() positive: number;
  @ApiProperty() negative: number;
}

export class FeedbackPatternsDto {
  @ApiProperty() total_feedback: number;
  @ApiProperty({ type: FeedbackByTypeDto }) feedback_by_type: FeedbackByTypeDto;
  @ApiProperty() average_rating: number;
}

export class SatisfactionPointDto {
  @ApiProperty({ example: '2026-11-22' }) date: string;
  @ApiProperty() satisfaction: number;
}

@ApiExtraModels(RolePreferenceDto)
export class UserBehaviorMetricsDto {
  @ApiProperty() total_users: number;
  @ApiProperty({ description: 'users with an expansion in the last 7 days of the period' }) active_users: number;
  @ApiProperty({ type: UserEngagementDto }) user_engagement: UserEngagementDto;
  @ApiProperty({ type: 'object', additionalProperties: { $ref: getSchemaPath(RolePreferenceDto) }, description: 'per user role' }) role_preferences: Record<string, RolePreferenceDto>;
  @ApiProperty(map('expansions per department')) department_usage: Record<string, number>;
  @ApiProperty({ type: FeedbackPatternsDto }) feedback_patterns: FeedbackPatternsDto;
  @ApiProperty({ type: [SatisfactionPointDto] }) satisfaction_trends: SatisfactionPointDto[];
}

export class QualityPointDto {
  @ApiProperty({ example: '2026-11-22' }) date: string;
  @ApiProperty() precision: number;
  @ApiProperty() recall: number;
  @ApiProperty() f1: number;
}

export class ExpansionPointDto {
  @ApiProperty({ example: '2026-11-22' }) date: string;
  @ApiProperty({ description: 'expansions on that day (UTC)' }) expansions: number;
  @ApiProperty({ description: 'of those, expansions with at least one result' }) successful_expansions: number;
}

export class QualityMetricsDto {
  @ApiProperty() precision_score: number;
  @ApiProperty() recall_score: number;
  @ApiProperty() f1_score: number;
  @ApiProperty() false_positive_rate: number;
  @ApiProperty() false_negative_rate: number;
  @ApiProperty(map('precision per domain')) domain_accuracy: Record<string, number>;
  @ApiProperty(map('ratings 1-5 by count')) user_rating_distribution: Record<string, number>;
  @ApiProperty({ type: [QualityPointDto] }) quality_trends: QualityPointDto[];
}

/** Where the suggestions of one source made in the period stand now. */
export class SuggestionOutcomesDto {
  @ApiProperty({ description: 'Suggestions discovery made in the period' }) created: number;
  @ApiProperty({ description: 'Of those, now active (or deprecated after approval)' }) approved: number;
  @ApiProperty({ description: 'Of those, rejected by a curator' }) rejected: number;
  @ApiProperty({ description: 'Of those, still pending or under review' }) open: number;
  @ApiProperty({ description: 'Of those, deleted from the catalogue' }) removed: number;
}

export class SuggestionsBySourceDto {
  @ApiProperty({ type: SuggestionOutcomesDto, description: 'From session reformulations' }) ml_discovery: SuggestionOutcomesDto;
  @ApiProperty({ type: SuggestionOutcomesDto, description: 'From ratings of built-in alternatives' }) user_feedback: SuggestionOutcomesDto;
}

/** The curation loop (docs/ANALYTICS.md, "curation_metrics"; docs/CURATION.md). */
export class CurationMetricsDto {
  @ApiProperty({ type: SuggestionsBySourceDto }) suggestions_by_source: SuggestionsBySourceDto;
  @ApiProperty({ description: 'Catalogue entries discovery sent to review for negative ratings in the period' }) sent_to_review: number;
  @ApiProperty({ description: 'Rated uses of the approved suggestions since they were approved' }) approved_rated_uses: number;
  @ApiProperty({ description: 'Helpful share of those ratings (0 when none)' }) approved_precision: number;
  @ApiProperty({ description: 'Discovered entries still pending or under review now, whatever the period' }) open_queue: number;
}

export class ReportResponseDto {
  @ApiProperty({ type: ReportMetadataDto }) report_metadata: ReportMetadataDto;
  @ApiProperty({ type: ExpansionMetricsDto }) expansion_metrics: ExpansionMetricsDto;
  @ApiProperty({ type: SynonymMetricsDto }) synonym_metrics: SynonymMetricsDto;
  @ApiProperty({ type: UserBehaviorMetricsDto }) user_behavior_metrics: UserBehaviorMetricsDto;
  @ApiProperty({ type: QualityMetricsDto }) quality_metrics: QualityMetricsDto;
  @ApiProperty({ type: CurationMetricsDto, description: 'Addition to the spec: the curation loop' }) curation_metrics: CurationMetricsDto;
  @ApiProperty({ type: [ExpansionPointDto], description: 'Addition to the spec: expansions per day of the period (days with expansions)' }) expansion_trends: ExpansionPointDto[];
  @ApiProperty({ type: [InsightDto] }) insights: InsightDto[];
  @ApiProperty({ type: [RecommendationDto] }) recommendations: RecommendationDto[];
}

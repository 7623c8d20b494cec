import { ApiProperty } from '@nestjs/swagger';

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
  @ApiProperty({ example: { high: 10, medium: 4, low: 1 } }) confidence_distribution: Record<string, number>;
  @ApiProperty({ example: { '0': 5, '1-10': 7, '11-50': 2, '51+': 1 } }) usage_frequency: Record<string, number>;
  @ApiProperty(map('success rate keyed "term_synonym"')) success_rates: Record<string, number>;
}

export class ExpansionMetricsResponseDto {
  @ApiProperty({ type: ExpansionMetricsDto }) metrics: ExpansionMetricsDto;
}

export class SynonymMetricsResponseDto {
  @ApiProperty({ type: SynonymMetricsDto }) metrics: SynonymMetricsDto;
}

export class InsightDto {
  @ApiProperty({ enum: ['positive', 'warning', 'info'] }) type: string;
  @ApiProperty() category: string;
  @ApiProperty() message: string;
  @ApiProperty({ enum: ['high', 'medium', 'low'] }) impact: string;
}

export class RecommendationDto {
  @ApiProperty() category: string;
  @ApiProperty({ enum: ['high', 'medium', 'low'] }) priority: string;
  @ApiProperty() action: string;
  @ApiProperty() description: string;
  @ApiProperty() impact: string;
}

export class ReportResponseDto {
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'generated_at, start_date, end_date, domain' }) report_metadata: Record<string, unknown>;
  @ApiProperty({ type: ExpansionMetricsDto }) expansion_metrics: ExpansionMetricsDto;
  @ApiProperty({ type: SynonymMetricsDto }) synonym_metrics: SynonymMetricsDto;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'total_users, active_users, user_engagement, role_preferences, department_usage, feedback_patterns, satisfaction_trends' })
  user_behavior_metrics: Record<string, unknown>;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'precision_score, recall_score, f1_score, false_positive_rate, false_negative_rate, domain_accuracy, user_rating_distribution, quality_trends' })
  quality_metrics: Record<string, unknown>;
  @ApiProperty({ type: [InsightDto] }) insights: InsightDto[];
  @ApiProperty({ type: [RecommendationDto] }) recommendations: RecommendationDto[];
}

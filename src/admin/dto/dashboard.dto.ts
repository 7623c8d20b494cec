import { ApiProperty } from '@nestjs/swagger';

export class DashboardSummaryDto {
  @ApiProperty() total_synonyms: number;
  @ApiProperty() active_synonyms: number;
  @ApiProperty() pending_synonyms: number;
  @ApiProperty() deprecated_synonyms: number;
  @ApiProperty() avg_confidence: number;
  @ApiProperty() avg_success_rate: number;
}

/** GET /admin/dashboard. */
export class DashboardDto {
  @ApiProperty({ type: DashboardSummaryDto }) summary: DashboardSummaryDto;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'number' } }) domain_distribution: Record<string, number>;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'number' }, description: 'audit actions of the last 7 days' }) recent_activity: Record<string, number>;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'number' }, description: 'entries created per user (top 10)' }) top_contributors: Record<string, number>;
}

import { Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty } from '@nestjs/swagger';
import { AuditService } from '../audit/audit.service';
import { AuditLogQueryDto } from '../audit/dto/audit-log-query.dto';
import { DashboardService } from './dashboard.service';
import { AdminRoutes } from './admin-routes.decorator';

class AuditEntryDto {
  @ApiProperty() id: number;
  @ApiProperty() synonym_id: number;
  @ApiProperty({ example: 'update' }) action: string;
  @ApiProperty() performed_by: string;
  @ApiProperty({ format: 'date-time' }) performed_at: string;
  @ApiProperty({ type: 'object', nullable: true, additionalProperties: true }) old_values: Record<string, unknown> | null;
  @ApiProperty({ type: 'object', nullable: true, additionalProperties: true }) new_values: Record<string, unknown> | null;
  @ApiProperty({ nullable: true }) reason: string | null;
}

class DashboardSummaryDto {
  @ApiProperty() total_synonyms: number;
  @ApiProperty() active_synonyms: number;
  @ApiProperty() pending_synonyms: number;
  @ApiProperty() deprecated_synonyms: number;
  @ApiProperty() avg_confidence: number;
  @ApiProperty() avg_success_rate: number;
}

class DashboardDto {
  @ApiProperty({ type: DashboardSummaryDto }) summary: DashboardSummaryDto;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'number' } }) domain_distribution: Record<string, number>;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'number' }, description: 'audit actions of the last 7 days' }) recent_activity: Record<string, number>;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'number' }, description: 'entries created per user (top 10)' }) top_contributors: Record<string, number>;
}

class AuditLogDto {
  @ApiProperty({ type: [AuditEntryDto] }) audit_entries: AuditEntryDto[];
  @ApiProperty() total: number;
}

@AdminRoutes()
export class AdminController {
  constructor(
    private readonly audit: AuditService,
    private readonly dashboards: DashboardService,
  ) {}

  @Get('dashboard')
  @ApiOperation({ summary: 'Catalogue summary, domain distribution, recent activity (7 days) and top contributors' })
  @ApiOkResponse({ type: DashboardDto })
  dashboard() {
    return this.dashboards.dashboard();
  }

  @Get('audit-log')
  @ApiOperation({ summary: 'The audit trail of catalogue changes, newest first' })
  @ApiOkResponse({ type: AuditLogDto })
  auditLog(@Query() query: AuditLogQueryDto) {
    return this.audit.list(query);
  }
}

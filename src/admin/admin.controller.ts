import { Get, Query } from '@nestjs/common';
import { ListRoute } from '../common/http/list-shape.interceptor';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { ApiInvalidParameter } from '../common/http/api-responses';
import { AuditService } from '../audit/audit.service';
import { AuditLogDto } from '../audit/dto/audit-entry.dto';
import { AuditLogQueryDto } from '../audit/dto/audit-log-query.dto';
import { DashboardService } from './dashboard.service';
import { DashboardDto } from './dto/dashboard.dto';
import { AdminRoutes } from './admin-routes.decorator';

@AdminRoutes()
export class AdminController {
  constructor(
    private readonly audit: AuditService,
    private readonly dashboards: DashboardService,
  ) {}

  @Get('dashboard')
  @ApiOperation({ summary: 'Catalogue summary, domain distribution, recent activity (7 days) and top contributors' })
  @ApiOkResponse({ type: DashboardDto })
  dashboard(): Promise<DashboardDto> {
    return this.dashboards.dashboard();
  }

  @Get('audit-log')
  @ListRoute(AuditLogDto)
  @ApiOperation({ summary: 'The audit trail of catalogue changes, newest first' })
  @ApiInvalidParameter('limit')
  auditLog(@Query() query: AuditLogQueryDto) {
    return this.audit.list(query);
  }
}

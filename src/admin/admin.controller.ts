import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Roles } from '../auth/decorators';
import { ADMINS } from '../auth/roles';
import { AuditService } from '../audit/audit.service';
import { AuditLogQueryDto } from '../audit/dto/audit-log-query.dto';
import { ApiErrors } from '../common/http/api-responses';
import { RateLimitGroup } from '../throttle/rate-limit-group.decorator';

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

class AuditLogDto {
  @ApiProperty({ type: [AuditEntryDto] }) audit_entries: AuditEntryDto[];
  @ApiProperty() total: number;
}

@ApiTags('admin')
@ApiBearerAuth()
@ApiErrors()
@Roles(...ADMINS)
@RateLimitGroup('admin')
@Controller('query-expansion/admin')
export class AdminController {
  constructor(private readonly audit: AuditService) {}

  @Get('audit-log')
  @ApiOperation({ summary: 'The audit trail of catalogue changes, newest first' })
  @ApiOkResponse({ type: AuditLogDto })
  auditLog(@Query() query: AuditLogQueryDto) {
    return this.audit.list(query);
  }
}

import { ApiProperty } from '@nestjs/swagger';

/** One audit log entry as the API shows it (GET /admin/audit-log). */
export class AuditEntryDto {
  @ApiProperty() id: number;
  @ApiProperty() synonym_id: number;
  @ApiProperty({ example: 'update' }) action: string;
  @ApiProperty() performed_by: string;
  @ApiProperty({ format: 'date-time' }) performed_at: string;
  @ApiProperty({ type: 'object', nullable: true, additionalProperties: true }) old_values: Record<string, unknown> | null;
  @ApiProperty({ type: 'object', nullable: true, additionalProperties: true }) new_values: Record<string, unknown> | null;
  @ApiProperty({ nullable: true }) reason: string | null;
}

export class AuditLogDto {
  @ApiProperty({ type: [AuditEntryDto] }) audit_entries: AuditEntryDto[];
  @ApiProperty() total: number;
}

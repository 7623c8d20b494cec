import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import { IsTimestamp, ToInt } from '../../common/validation/query-values';
import { PaginationQueryDto } from '../../common/pagination';

export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'status_change', 'import'];

export class AuditLogQueryDto extends PaginationQueryDto {
  @ApiPropertyOptional({ type: 'integer' })
  @IsOptional()
  @ToInt()
  @IsInt()
  @Min(1)
  synonym_id?: number;

  @ApiPropertyOptional({ description: 'Who performed the change' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(255)
  user_id?: string;

  @ApiPropertyOptional({ enum: AUDIT_ACTIONS, example: 'status_change' })
  @IsOptional()
  @IsIn(AUDIT_ACTIONS)
  action?: string;

  @ApiPropertyOptional({ description: 'ISO 8601; entries performed at or after it', example: '2026-11-01' })
  @IsOptional()
  @IsTimestamp()
  start_date?: string;

  @ApiPropertyOptional({ description: 'ISO 8601; entries performed at or before it (a bare date means the whole day)' })
  @IsOptional()
  @IsTimestamp()
  end_date?: string;
}

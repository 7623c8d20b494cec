import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsISO8601, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import { PaginationQueryDto } from '../../common/pagination';

export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'status_change', 'import'];

export class AuditLogQueryDto extends PaginationQueryDto {
  @ApiPropertyOptional({ type: 'integer' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  synonym_id?: number;

  @ApiPropertyOptional({ description: 'Who performed the change' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  user_id?: string;

  @ApiPropertyOptional({ enum: AUDIT_ACTIONS })
  @IsOptional()
  @IsIn(AUDIT_ACTIONS)
  action?: string;

  @ApiPropertyOptional({ description: 'ISO 8601; entries performed at or after it' })
  @IsOptional()
  @IsISO8601({ strict: true })
  start_date?: string;

  @ApiPropertyOptional({ description: 'ISO 8601; entries performed at or before it' })
  @IsOptional()
  @IsISO8601({ strict: true })
  end_date?: string;
}

import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { PaginationQueryDto } from '../../common/pagination';
import { Trim, TrimLower } from '../../common/validation/text';
import { SYNONYM_SOURCES, SYNONYM_STATUSES } from '../synonym.enums';

export const SYNONYM_SORT_FIELDS = ['created_at', 'updated_at', 'confidence', 'usage_count', 'success_rate', 'term', 'id'] as const;

export class ListSynonymsQueryDto extends PaginationQueryDto {
  @ApiPropertyOptional({ example: 'technical' }) @IsOptional() @TrimLower() @IsString() @MaxLength(50) domain?: string;
  @ApiPropertyOptional({ enum: SYNONYM_STATUSES, example: 'active' }) @IsOptional() @IsIn(SYNONYM_STATUSES) status?: string;
  @ApiPropertyOptional() @IsOptional() @TrimLower() @IsString() @MaxLength(50) user_role?: string;
  @ApiPropertyOptional() @IsOptional() @Trim() @IsString() @MaxLength(100) department?: string;
  @ApiPropertyOptional({ description: 'Substring of the normalised term' }) @IsOptional() @IsString() @MaxLength(200) term?: string;
  @ApiPropertyOptional({ description: 'Substring of the normalised synonym' }) @IsOptional() @IsString() @MaxLength(200) synonym?: string;
  @ApiPropertyOptional({ description: 'Entries carrying this tag' }) @IsOptional() @Trim() @IsString() @MaxLength(50) tag?: string;
  @ApiPropertyOptional({ enum: SYNONYM_SOURCES }) @IsOptional() @IsIn(SYNONYM_SOURCES) source?: string;
  @ApiPropertyOptional({ description: 'Entries created by this user' }) @IsOptional() @IsString() @MaxLength(255) created_by?: string;

  @ApiPropertyOptional({ enum: SYNONYM_SORT_FIELDS, default: 'created_at', example: 'confidence' })
  @IsOptional()
  @IsIn(SYNONYM_SORT_FIELDS)
  sort: (typeof SYNONYM_SORT_FIELDS)[number] = 'created_at';
}

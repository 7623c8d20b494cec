import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsTimestamp } from '../../common/validation/query-values';
import { TrimLower } from '../../common/validation/text';

export class DomainQueryDto {
  @ApiPropertyOptional({ example: 'technical' })
  @IsOptional()
  @TrimLower()
  @IsString()
  @IsNotEmpty()
  @MaxLength(50)
  domain?: string;
}

export class AnalyticsQueryDto extends DomainQueryDto {
  @ApiPropertyOptional({ description: 'ISO 8601; events at or after it', example: '2026-11-01T00:00:00Z' })
  @IsOptional()
  @IsTimestamp()
  start_date?: string;

  @ApiPropertyOptional({ description: 'ISO 8601; events at or before it (a bare date means the whole day)', example: '2026-11-30' })
  @IsOptional()
  @IsTimestamp()
  end_date?: string;
}

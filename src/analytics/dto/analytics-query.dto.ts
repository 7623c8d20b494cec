import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsISO8601, IsOptional, IsString, MaxLength } from 'class-validator';
import { TrimLower } from '../../common/validation/text';

export class DomainQueryDto {
  @ApiPropertyOptional({ example: 'technical' })
  @IsOptional()
  @TrimLower()
  @IsString()
  @MaxLength(50)
  domain?: string;
}

export class AnalyticsQueryDto extends DomainQueryDto {
  @ApiPropertyOptional({ description: 'ISO 8601; events at or after it', example: '2026-11-01T00:00:00Z' })
  @IsOptional()
  @IsISO8601({ strict: true })
  start_date?: string;

  @ApiPropertyOptional({ description: 'ISO 8601; events at or before it (a bare date means the whole day)', example: '2026-11-30' })
  @IsOptional()
  @IsISO8601({ strict: true })
  end_date?: string;
}

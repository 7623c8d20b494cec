import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { SuccessMessageDto } from '../../common/http/api-responses';
import { SYNONYM_SOURCES, SYNONYM_STATUSES } from '../synonym.enums';

export class SynonymDto {
  @ApiProperty() id: number;
  @ApiProperty() term: string;
  @ApiProperty() synonym: string;
  @ApiProperty() domain: string;
  @ApiProperty({ minimum: 0, maximum: 1 }) confidence: number;
  @ApiProperty({ minimum: 0, maximum: 1, description: 'Confidence learnt from feedback' }) relevance_score: number;
  @ApiProperty() usage_count: number;
  @ApiProperty({ minimum: 0, maximum: 1 }) success_rate: number;
  @ApiProperty({ enum: SYNONYM_STATUSES }) status: string;
  @ApiProperty({ enum: SYNONYM_SOURCES }) source: string;
  @ApiProperty() created_by: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
  @ApiProperty({ type: [String] }) tags: string[];
  @ApiPropertyOptional({ nullable: true }) notes: string | null;
  @ApiPropertyOptional({ nullable: true }) context: string | null;
  @ApiPropertyOptional({ nullable: true }) user_role: string | null;
  @ApiPropertyOptional({ nullable: true }) department: string | null;
  @ApiProperty({ description: 'Optimistic-concurrency version; send it back (or If-Match) when updating' }) version: number;
}

export class SynonymListDto {
  @ApiProperty({ type: [SynonymDto] }) synonyms: SynonymDto[];
  @ApiProperty() total: number;
}

export class CreateSynonymResponseDto {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty() message: string;
  @ApiProperty() synonym_id: number;
  @ApiProperty({ enum: SYNONYM_STATUSES, description: 'active for curators and admins, pending otherwise' }) status: string;
}

export class UpdateSynonymResponseDto extends SuccessMessageDto {
  @ApiProperty({ description: 'The new version (also the ETag)' }) version: number;
}

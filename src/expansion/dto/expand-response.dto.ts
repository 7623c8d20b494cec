import { ApiProperty } from '@nestjs/swagger';
import { EXPANSION_TYPES } from '../engine/types';

export class SynonymUseDto {
  @ApiProperty() term: string;
  @ApiProperty() synonym: string;
  @ApiProperty({ minimum: 0, maximum: 1 }) confidence: number;
  @ApiProperty({ required: false, description: 'Catalogue id, when the synonym came from the catalogue' }) synonym_id?: number;
  @ApiProperty({ required: false, enum: ['catalogue', 'acronym_lexicon', 'abbreviation_lexicon', 'wordnet'] }) source?: string;
}

export class ExpansionResultDto {
  @ApiProperty({ example: '(ML OR "machine learning") model deployment' }) expanded_query: string;
  @ApiProperty({ enum: EXPANSION_TYPES }) expansion_type: string;
  @ApiProperty({ minimum: 0, maximum: 1 }) confidence_score: number;
  @ApiProperty({ minimum: 0, maximum: 1 }) relevance_score: number;
  @ApiProperty({ type: [SynonymUseDto] }) synonyms_used: SynonymUseDto[];
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'expanded_token, synonym_count, form (substitution|or), explanation' })
  metadata: Record<string, unknown>;
  @ApiProperty({ description: 'Rate this result with POST /query-expansion/feedback' }) expansion_id: string;
}

export class ExpansionMetadataDto {
  @ApiProperty() total_expansions: number;
  @ApiProperty({ type: [String] }) strategies_used: string[];
  @ApiProperty() avg_confidence: number;
  @ApiProperty() processing_time_ms: number;
}

export class ExpandResponseDto {
  @ApiProperty() original_query: string;
  @ApiProperty({ type: [ExpansionResultDto] }) expanded_queries: ExpansionResultDto[];
  @ApiProperty({ type: ExpansionMetadataDto }) expansion_metadata: ExpansionMetadataDto;
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ description: 'Rate the whole response with POST /query-expansion/feedback' }) expansion_id: string;
}

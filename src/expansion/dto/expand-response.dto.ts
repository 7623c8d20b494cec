import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { EXPANSION_TYPES, SOURCE_KINDS, type EngineResult, type ExpansionType, type SynonymSourceKind, type SynonymUse } from '../engine/types';

/**
 * The expand response as the API shows it. These classes are what ExpansionService returns: each implements the
 * engine's type it describes, so the two cannot drift apart.
 */

export class SynonymUseDto implements SynonymUse {
  @ApiProperty() term: string;
  @ApiProperty() synonym: string;
  @ApiProperty({ minimum: 0, maximum: 1 }) confidence: number;
  @ApiPropertyOptional({ description: 'Catalogue id, when the synonym came from the catalogue' }) synonym_id?: number;
  @ApiPropertyOptional({ enum: SOURCE_KINDS }) source?: SynonymSourceKind;
}

export class ResultMetadataDto implements Readonly<EngineResult['metadata']> {
  @ApiProperty({ description: 'the query words the alternatives replace (the combined result: every replaced span, comma-separated)' }) expanded_token: string;
  @ApiProperty() synonym_count: number;
  @ApiProperty({ enum: ['substitution', 'or', 'combined'] }) form: 'substitution' | 'or' | 'combined';
  @ApiPropertyOptional({ description: 'the alternative as shown in expanded_query (not on the combined result)' }) alternative?: string;
  @ApiPropertyOptional({ enum: EXPANSION_TYPES, isArray: true, description: 'combined result: the types of every alternative it joins' }) expansion_types?: ExpansionType[];
  @ApiProperty({ type: 'object', additionalProperties: { oneOf: [{ type: 'number' }, { type: 'string' }] }, description: 'the score components (docs/EXPANSION.md)' })
  explanation: Record<string, number | string>;
}

export class ExpansionResultDto implements EngineResult {
  @ApiProperty({ example: '(ML OR "machine learning") model deployment' }) expanded_query: string;
  @ApiProperty({ enum: EXPANSION_TYPES }) expansion_type: ExpansionType;
  @ApiProperty({ minimum: 0, maximum: 1 }) confidence_score: number;
  @ApiProperty({ minimum: 0, maximum: 1 }) relevance_score: number;
  @ApiProperty({ type: [SynonymUseDto] }) synonyms_used: SynonymUseDto[];
  @ApiProperty({ type: ResultMetadataDto }) metadata: ResultMetadataDto;
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

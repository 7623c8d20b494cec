import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { OptionalActingUserId } from '../../auth/acting-user';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { PrintableText, Trim } from '../../common/validation/text';
import { OptionalScopeName } from '../../synonyms/dto/create-synonym.dto';
import { EXPANSION_TYPES, type ExpansionType } from '../engine/types';

export const MAX_QUERY_LENGTH = 1000;
export const DEFAULT_MAX_EXPANSIONS = 10;
export const DEFAULT_CONFIDENCE_THRESHOLD = 0.83;
/**
 * Curated catalogue entries are shown from this confidence unless the request sets confidence_threshold: a
 * curator's confidence is a statement, not a calibrated estimate (docs/API.md, "Expansion settings").
 */
export const DEFAULT_CATALOGUE_THRESHOLD = 0.5;

/** expansion_settings: the spec's two keys plus include_combined and include_or_form (docs/API.md, "Expansion settings"). */
export class ExpansionSettingsDto {
  @ApiPropertyOptional({ minimum: 1, maximum: 50, default: DEFAULT_MAX_EXPANSIONS })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(50)
  max_expansions?: number;

  @ApiPropertyOptional({ minimum: 0, maximum: 1, default: DEFAULT_CONFIDENCE_THRESHOLD })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(1)
  confidence_threshold?: number;

  @ApiPropertyOptional({ default: true, description: 'Return one combined OR query first: every accepted alternative joined with the original wording, in Lucene syntax' })
  @IsOptional()
  @IsBoolean()
  include_combined?: boolean;

  @ApiPropertyOptional({ default: false, description: 'Also return a per-span OR query after each substitution' })
  @IsOptional()
  @IsBoolean()
  include_or_form?: boolean;
}

export class ExpandRequestDto {
  @ApiProperty({ example: 'ML model deployment', maxLength: MAX_QUERY_LENGTH })
  @Trim()
  @IsString()
  @IsNotEmpty({ context: { code: 'MISSING_QUERY_PARAMETER' }, message: 'query is required' })
  @MaxLength(MAX_QUERY_LENGTH, { context: { code: 'QUERY_TOO_LONG' } })
  query: string;

  @OptionalActingUserId()
  user_id?: string;

  @ApiPropertyOptional({ example: 'developer' }) @OptionalScopeName() user_role?: string;
  @ApiPropertyOptional({ example: 'engineering' }) @IsOptional() @Trim() @IsString() @MaxLength(100) @PrintableText() department?: string;
  @ApiPropertyOptional({ example: 'technical' }) @OptionalScopeName() domain?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(255) @PrintableText() session_id?: string;

  @ApiPropertyOptional({ type: 'array', items: { type: 'object' }, maxItems: 50 })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @IsObject({ each: true })
  conversation_history?: Record<string, unknown>[];

  @ApiPropertyOptional({ type: 'array', items: { type: 'object' }, maxItems: 100 })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @IsObject({ each: true })
  available_documents?: Record<string, unknown>[];

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: 'preferred_terms, excluded_terms, preferred_domains (arrays of strings)' })
  @IsOptional()
  @IsObject()
  user_preferences?: Record<string, unknown>;

  @ApiPropertyOptional({ enum: EXPANSION_TYPES, isArray: true })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(6)
  @IsIn(EXPANSION_TYPES, { each: true })
  enabled_strategies?: ExpansionType[];

  @ApiPropertyOptional({ type: ExpansionSettingsDto })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => ExpansionSettingsDto)
  expansion_settings?: ExpansionSettingsDto;
}

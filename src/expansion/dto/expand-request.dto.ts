import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MAX_ACTING_USER_ID_LENGTH, OptionalActingUserId } from '../../auth/acting-user';
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
import { PRINTABLE_TEXT, PrintableText, Trim } from '../../common/validation/text';
import { MAX_SCOPE_NAME_LENGTH, OptionalScopeName, SCOPE_NAME } from '../../synonyms/dto/create-synonym.dto';
import { EXPANSION_TYPES, type ExpansionType } from '../engine/types';

export const MAX_QUERY_LENGTH = 1000;
export const DEFAULT_MAX_EXPANSIONS = 10;
/** Limits the decorators below and the fast path share. */
const MAX_EXPANSIONS = 50;
const MAX_DEPARTMENT_LENGTH = 100;
const MAX_SESSION_ID_LENGTH = 255;
const MAX_HISTORY_ITEMS = 50;
const MAX_DOCUMENTS = 100;
const MAX_STRATEGIES = 6;
export const DEFAULT_CONFIDENCE_THRESHOLD = 0.8;
/**
 * Curated catalogue entries are shown from this confidence unless the request sets confidence_threshold: a
 * curator's confidence is a statement, not a calibrated estimate (docs/API.md, "Expansion settings").
 */
export const DEFAULT_CATALOGUE_THRESHOLD = 0.5;

/** expansion_settings: the spec's two keys plus include_combined and include_or_form (docs/API.md, "Expansion settings"). */
export class ExpansionSettingsDto {
  @ApiPropertyOptional({ minimum: 1, maximum: MAX_EXPANSIONS, default: DEFAULT_MAX_EXPANSIONS })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_EXPANSIONS)
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
  @ApiPropertyOptional({ example: 'engineering' }) @IsOptional() @Trim() @IsString() @MaxLength(MAX_DEPARTMENT_LENGTH) @PrintableText() department?: string;
  @ApiPropertyOptional({ example: 'technical' }) @OptionalScopeName() domain?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(MAX_SESSION_ID_LENGTH) @PrintableText() session_id?: string;

  @ApiPropertyOptional({ type: 'array', items: { type: 'object' }, maxItems: MAX_HISTORY_ITEMS })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_HISTORY_ITEMS)
  @IsObject({ each: true })
  conversation_history?: Record<string, unknown>[];

  @ApiPropertyOptional({ type: 'array', items: { type: 'object' }, maxItems: MAX_DOCUMENTS })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_DOCUMENTS)
  @IsObject({ each: true })
  available_documents?: Record<string, unknown>[];

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: 'preferred_terms, excluded_terms, preferred_domains (arrays of strings)' })
  @IsOptional()
  @IsObject()
  user_preferences?: Record<string, unknown>;

  @ApiPropertyOptional({ enum: EXPANSION_TYPES, isArray: true })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_STRATEGIES)
  @IsIn(EXPANSION_TYPES, { each: true })
  enabled_strategies?: ExpansionType[];

  @ApiPropertyOptional({ type: ExpansionSettingsDto })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => ExpansionSettingsDto)
  expansion_settings?: ExpansionSettingsDto;
}

/* ------------------------------------------------------------------ fast path (the hot route's body) */

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * A copy of a parsed JSON value, as class-transformer makes of a property without a class; undefined (left to the
 * pipe) when it holds, at any depth, a key naming a member of Object.prototype (toString, valueOf, ...), which
 * class-transformer drops, or `constructor`, `__proto__` or `prototype`, which the ValidationPipe strips (and
 * SafeKeysPipe refuses some of before). A parsed body holds no undefined value, so undefined means only that.
 */
function copyJson(v: unknown): unknown {
  if (Array.isArray(v)) {
    const copy: unknown[] = [];
    for (const item of v) {
      const c = copyJson(item);
      if (c === undefined) return undefined;
      copy.push(c);
    }
    return copy;
  }
  if (!isObject(v)) return v;
  const copy: Json = {};
  for (const key of Object.keys(v)) {
    if (key in Object.prototype || key === 'prototype') return undefined;
    const c = copyJson(v[key]);
    if (c === undefined) return undefined;
    copy[key] = c;
  }
  return copy;
}

/** Trimmed, non-empty and at most `max` UTF-16 units (class-validator counts a surrogate pair as one: longer defers). */
function requiredText(v: unknown, max: number, lower = false): string | undefined {
  if (typeof v !== 'string') return undefined;
  const text = lower ? v.trim().toLowerCase() : v.trim();
  return text !== '' && text.length <= max ? text : undefined;
}

function optionalPrintable(v: unknown, max: number): string | undefined {
  return typeof v === 'string' && v.length <= max && PRINTABLE_TEXT.test(v) ? v : undefined;
}

function objectList(v: unknown, max: number): Json[] | undefined {
  return Array.isArray(v) && v.length <= max && v.every(isObject) ? (copyJson(v) as Json[] | undefined) : undefined;
}

const STRATEGIES: ReadonlySet<unknown> = new Set(EXPANSION_TYPES);

function settings(v: unknown): ExpansionSettingsDto | undefined {
  if (!isObject(v)) return undefined;
  const dto = new ExpansionSettingsDto();
  for (const key of Object.keys(v)) {
    const value = v[key];
    switch (key) {
      case 'max_expansions':
        if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_EXPANSIONS) return undefined;
        dto.max_expansions = value;
        break;
      case 'confidence_threshold':
        if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 1) return undefined;
        dto.confidence_threshold = value;
        break;
      case 'include_combined':
      case 'include_or_form':
        if (typeof value !== 'boolean') return undefined;
        dto[key] = value;
        break;
      default:
        return undefined;
    }
  }
  return dto;
}

/**
 * The ExpandRequestDto the ValidationPipe would make of a plainly valid body (BodyFastPath): each rule of the
 * decorators above written out, values trimmed and lower-cased as their transforms do. Anything unusual
 * (null, an unknown key, a wrong type, a text at or near a limit) returns undefined and goes to the pipe,
 * which gives the error. test/unit/expand-request-fast-path.spec.ts checks it against the pipe.
 */
export function expandRequestFastPath(body: unknown): ExpandRequestDto | undefined {
  if (!isObject(body) || body.query === undefined) return undefined;
  const dto = new ExpandRequestDto();
  for (const key of Object.keys(body)) {
    const v = body[key];
    let ok: unknown;
    switch (key) {
      case 'query': {
        const query = requiredText(v, MAX_QUERY_LENGTH);
        if (query !== undefined) ok = dto.query = query;
        break;
      }
      case 'user_id':
        ok = dto.user_id = requiredText(v, MAX_ACTING_USER_ID_LENGTH);
        break;
      case 'user_role':
      case 'domain': {
        const name = requiredText(v, MAX_SCOPE_NAME_LENGTH, true);
        ok = dto[key] = name !== undefined && SCOPE_NAME.test(name) ? name : undefined;
        break;
      }
      case 'department':
        ok = dto.department = typeof v === 'string' ? optionalPrintable(v.trim(), MAX_DEPARTMENT_LENGTH) : undefined;
        break;
      case 'session_id':
        ok = dto.session_id = optionalPrintable(v, MAX_SESSION_ID_LENGTH);
        break;
      case 'conversation_history':
        ok = dto.conversation_history = objectList(v, MAX_HISTORY_ITEMS);
        break;
      case 'available_documents':
        ok = dto.available_documents = objectList(v, MAX_DOCUMENTS);
        break;
      case 'user_preferences':
        ok = dto.user_preferences = isObject(v) ? (copyJson(v) as Json | undefined) : undefined;
        break;
      case 'enabled_strategies':
        ok = dto.enabled_strategies = Array.isArray(v) && v.length <= MAX_STRATEGIES && v.every((s) => STRATEGIES.has(s)) ? ((v as unknown[]).slice() as ExpansionType[]) : undefined;
        break;
      case 'expansion_settings':
        ok = dto.expansion_settings = settings(v);
        break;
      default:
        return undefined;
    }
    if (ok === undefined) return undefined;
  }
  return dto;
}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsNotEmpty, IsNumber, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateIf, ValidateNested } from 'class-validator';
import { OptionalScopeName, SCOPE_MESSAGE, SCOPE_NAME } from '../../synonyms/dto/create-synonym.dto';
import { PrintableText, Trim, TrimLower } from '../../common/validation/text';
import { DEFAULT_BROAD_SHARE, LINT_KINDS, LINT_SEVERITIES, type LintKind, type LintSeverity } from '../lint/rule-lint';

export const CHANGE_ACTIONS = ['create', 'update', 'activate', 'deactivate', 'delete'] as const;
export type ChangeAction = (typeof CHANGE_ACTIONS)[number];

export const DEFAULT_SIMULATION_DAYS = 7;
export const MAX_SIMULATION_DAYS = 90;
export const DEFAULT_SIMULATION_LIMIT = 1000;
export const MAX_SIMULATION_LIMIT = 10_000;
export const MAX_CHANGES = 100;

const isCreate = (o: CatalogueChangeDto) => o.action === 'create';

/**
 * One proposed change. create needs term, synonym and domain; the others name an existing entry by synonym_id
 * (404 SYNONYM_NOT_FOUND otherwise) and update reads the fields it sends (docs/API.md, "Impact simulation").
 */
export class CatalogueChangeDto {
  @ApiProperty({ enum: CHANGE_ACTIONS, example: 'create' })
  @IsIn(CHANGE_ACTIONS)
  action: ChangeAction;

  @ApiPropertyOptional({ description: 'The entry changed; required unless action is create (ignored for create)', example: 12 })
  @ValidateIf((o: CatalogueChangeDto) => !isCreate(o))
  @IsInt()
  @Min(1)
  synonym_id?: number;

  @ApiPropertyOptional({ example: 'laptop', maxLength: 200, description: 'Required for create' })
  @ValidateIf((o: CatalogueChangeDto) => isCreate(o) || o.term !== undefined)
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  term?: string;

  @ApiPropertyOptional({ example: 'notebook', maxLength: 200, description: 'Required for create' })
  @ValidateIf((o: CatalogueChangeDto) => isCreate(o) || o.synonym !== undefined)
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  synonym?: string;

  @ApiPropertyOptional({ example: 'technical', maxLength: 50, description: 'Required for create' })
  @ValidateIf((o: CatalogueChangeDto) => isCreate(o) || o.domain !== undefined)
  @TrimLower()
  @IsString()
  @IsNotEmpty()
  @MaxLength(50)
  @Matches(SCOPE_NAME, { message: SCOPE_MESSAGE })
  domain?: string;

  @ApiPropertyOptional({ minimum: 0, maximum: 1, default: 0.8 })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(1)
  confidence?: number;

  @ApiPropertyOptional({ example: 'developer', maxLength: 50 })
  @OptionalScopeName()
  user_role?: string;

  @ApiPropertyOptional({ example: 'engineering', maxLength: 100 })
  @IsOptional()
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  @PrintableText()
  department?: string;
}

/** A change set, and the recorded queries to measure it on. */
export class SimulateDto {
  @ApiProperty({ type: [CatalogueChangeDto], minItems: 1, maxItems: MAX_CHANGES })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_CHANGES)
  @ValidateNested({ each: true })
  @Type(() => CatalogueChangeDto)
  changes: CatalogueChangeDto[];

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_SIMULATION_DAYS, default: DEFAULT_SIMULATION_DAYS, description: 'Queries recorded in the last this many days' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_SIMULATION_DAYS)
  days?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_SIMULATION_LIMIT, default: DEFAULT_SIMULATION_LIMIT, description: 'At most this many distinct queries, most frequent first' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_SIMULATION_LIMIT)
  limit?: number;
}

/** The whole active catalogue (no changes), or the findings a change set brings. */
export class LintDto {
  @ApiPropertyOptional({ type: [CatalogueChangeDto], maxItems: MAX_CHANGES, description: 'A change set as for simulate; without it the whole active catalogue is linted' })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_CHANGES)
  @ValidateNested({ each: true })
  @Type(() => CatalogueChangeDto)
  changes?: CatalogueChangeDto[];

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_SIMULATION_DAYS, default: DEFAULT_SIMULATION_DAYS, description: 'Recorded queries of the last this many days, for broad terms' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_SIMULATION_DAYS)
  days?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_SIMULATION_LIMIT, default: DEFAULT_SIMULATION_LIMIT, description: 'At most this many distinct recorded queries, most frequent first' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_SIMULATION_LIMIT)
  limit?: number;

  @ApiPropertyOptional({ minimum: 0.001, maximum: 1, default: DEFAULT_BROAD_SHARE, description: 'A term found in more than this share of recorded expansions is broad' })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0.001)
  @Max(1)
  broad_share?: number;
}

export class LintFindingDto {
  @ApiProperty({ enum: LINT_KINDS })
  kind: LintKind;

  @ApiProperty({ enum: LINT_SEVERITIES })
  severity: LintSeverity;

  @ApiProperty({ type: [Number], description: 'Catalogue ids of the entries involved' })
  entry_ids: number[];

  @ApiProperty({ type: [Number], description: '0-based positions of the changes involved, when a change set was linted' })
  change_indexes: number[];

  @ApiProperty({ example: '"vpn" → "virtual private network" repeats the built-in acronym lexicon (VPN → virtual private network)' })
  message: string;
}

export class LintResponseDto {
  @ApiProperty({ description: 'Active entries linted (with the change set applied)' })
  entries_checked: number;

  @ApiProperty({ type: [LintFindingDto] })
  findings: LintFindingDto[];
}

export class SimulationExampleDto {
  @ApiProperty()
  query: string;

  @ApiProperty({ description: 'Times it was expanded in the window' })
  count: number;

  @ApiProperty({ type: [String], description: 'expanded_query of each result today' })
  before: string[];

  @ApiProperty({ type: [String], description: 'expanded_query of each result with the changes' })
  after: string[];
}

export class SimulateResponseDto {
  @ApiProperty({ description: 'Distinct recorded queries (with their domain, role and department) replayed' })
  queries_replayed: number;

  @ApiProperty()
  queries_changed: number;

  @ApiProperty({ description: 'queries_changed / queries_replayed, 4 decimals' })
  share_changed: number;

  @ApiProperty({ description: 'Alternatives present after and not before, summed over the queries' })
  alternatives_added: number;

  @ApiProperty()
  alternatives_removed: number;

  @ApiProperty({ type: [SimulationExampleDto], description: 'The 20 most frequent changed queries' })
  examples: SimulationExampleDto[];

  @ApiProperty({ type: [LintFindingDto], description: 'Rule lint findings that involve the change set' })
  lint: LintFindingDto[];
}

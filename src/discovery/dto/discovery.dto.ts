import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { PaginationQueryDto } from '../../common/pagination';
import { SYNONYM_SOURCES, SYNONYM_STATUSES, type SynonymSource, type SynonymStatus } from '../../synonyms/synonym.enums';
import { EVIDENCE_KINDS, type EvidenceKind } from '../entities/suggestion-evidence.entity';

/** Why a candidate was not written (docs/CURATION.md, "Discovery"). */
export class DiscoverySkipsDto {
  @ApiProperty({ description: 'reformulated pairs seen from fewer distinct users than DISCOVERY_MIN_USERS' }) too_few_users: number;
  @ApiProperty({ description: 'the pair is in the catalogue (either direction, any scope) in a status other than rejected' }) in_catalogue: number;
  @ApiProperty({ description: 'a curator rejected the pair (either direction, any scope)' }) rejected: number;
  @ApiProperty({ description: 'discovery proposed the pair (or the entry for review) before' }) proposed_before: number;
  @ApiProperty({ description: 'the same pair from another source or domain in this run' }) duplicate: number;
  @ApiProperty({ description: 'refused by the catalogue (e.g. too long once normalised)' }) invalid: number;
}

export class DiscoveryCreatedDto {
  @ApiProperty({ description: 'pending entries from session reformulations' }) ml_discovery: number;
  @ApiProperty({ description: 'pending entries from clearly positive ratings' }) user_feedback: number;
}

/** POST /admin/discovery/run. candidates = created + moved_to_review + the sum of skipped. */
export class DiscoveryRunDto {
  @ApiProperty({ description: 'false when another run (on this or another instance) holds the lease; every count is then 0' }) ran: boolean;
  @ApiProperty({ nullable: true, type: String, example: null, description: 'why it did not run' }) reason: string | null;
  @ApiProperty({ description: 'distinct sessions of the lookback period' }) sessions_scanned: number;
  @ApiProperty({ description: 'expansion events with a session read' }) events_scanned: number;
  @ApiProperty({ description: 'distinct reformulated pairs, clearly positive rated pairs and clearly negative rated entries' }) candidates: number;
  @ApiProperty({ description: 'pending entries written' }) created: number;
  @ApiProperty({ type: DiscoveryCreatedDto }) created_by_source: DiscoveryCreatedDto;
  @ApiProperty({ description: 'entries moved to under_review for clearly negative ratings' }) moved_to_review: number;
  @ApiProperty({ type: DiscoverySkipsDto }) skipped: DiscoverySkipsDto;
  @ApiProperty() duration_ms: number;
}

export const SUGGESTION_SORT_FIELDS = ['score', 'last_seen', 'first_seen', 'distinct_users', 'created_at'] as const;

export class ListSuggestionsQueryDto extends PaginationQueryDto {
  @ApiPropertyOptional({ enum: SUGGESTION_SORT_FIELDS, default: 'score', example: 'last_seen' })
  @IsOptional()
  @IsIn(SUGGESTION_SORT_FIELDS)
  sort: (typeof SUGGESTION_SORT_FIELDS)[number] = 'score';

  @ApiPropertyOptional({ enum: EVIDENCE_KINDS, description: 'only suggestions of this kind' })
  @IsOptional()
  @IsIn(EVIDENCE_KINDS)
  kind?: EvidenceKind;
}

export class ExampleQueryDto {
  @ApiProperty({ example: 'laptop crashing' }) before: string;
  @ApiProperty({ example: 'notebook crashing' }) after: string;
}

export class SuggestionEvidenceDto {
  @ApiProperty() distinct_users: number;
  @ApiProperty() distinct_sessions: number;
  @ApiProperty() reformulation_count: number;
  @ApiProperty() helpful_count: number;
  @ApiProperty() unhelpful_count: number;
  @ApiProperty({ type: [ExampleQueryDto], description: 'at most 5 reformulations' }) example_queries: ExampleQueryDto[];
  @ApiProperty({ description: 'reformulations: users / (users + DISCOVERY_MIN_USERS); ratings: lower Wilson bound of the helpful (or unhelpful) share' }) score: number;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) first_seen: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) last_seen: string | null;
}

/** One discovered entry with its evidence. */
export class SuggestionDto {
  @ApiProperty() synonym_id: number;
  @ApiProperty({ enum: EVIDENCE_KINDS }) kind: EvidenceKind;
  @ApiProperty({ example: 'laptop' }) term: string;
  @ApiProperty({ example: 'notebook' }) synonym: string;
  @ApiProperty({ example: 'technical' }) domain: string;
  @ApiProperty({ enum: SYNONYM_STATUSES, nullable: true, description: 'the entry now; null once it was deleted' }) status: SynonymStatus | null;
  @ApiProperty({ enum: SYNONYM_SOURCES, nullable: true }) source: SynonymSource | null;
  @ApiProperty({ type: SuggestionEvidenceDto }) evidence: SuggestionEvidenceDto;
  @ApiProperty({ format: 'date-time' }) proposed_at: string;
}

export class SuggestionListDto {
  @ApiProperty({ type: [SuggestionDto] }) suggestions: SuggestionDto[];
  @ApiProperty() total: number;
}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsIn, IsInt, IsNotEmpty, IsString, Max, MaxLength, Min } from 'class-validator';
import { PrintableText, Trim } from '../../common/validation/text';
import { SYNONYM_STATUSES, type SynonymStatus } from '../synonym.enums';

/** What a review does to each entry (docs/API.md, "Review at scale"). */
export const REVIEW_ACTIONS = ['approve', 'reject', 'under_review'] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];

/** The status each action moves an entry to; the status workflow decides whether the move is allowed. */
export const REVIEW_TARGET: Record<ReviewAction, SynonymStatus> = {
  approve: 'active',
  reject: 'rejected',
  under_review: 'under_review',
};

export const MAX_REVIEW_IDS = 500;

/** POST /synonyms/review body. */
export class ReviewSynonymsDto {
  @ApiProperty({ type: 'integer', isArray: true, minItems: 1, maxItems: MAX_REVIEW_IDS, uniqueItems: true, example: [12, 13, 14], description: 'Entry ids, each once' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_REVIEW_IDS)
  // docs/API.md, "Review at scale": a repeated id is refused rather than collapsed, so each result answers one id sent
  @ArrayUnique()
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(2_147_483_647, { each: true })
  ids: number[];

  @ApiProperty({ enum: REVIEW_ACTIONS, description: 'approve → active, reject → rejected, under_review → under_review' })
  @IsIn(REVIEW_ACTIONS)
  action: ReviewAction;

  @ApiProperty({ maxLength: 1000, description: "Why; recorded in each moved entry's audit entry" })
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(1000)
  @PrintableText()
  reason: string;
}

export const REVIEW_OUTCOMES = ['moved', 'unchanged', 'refused', 'not_found'] as const;
export type ReviewOutcome = (typeof REVIEW_OUTCOMES)[number];

export class ReviewErrorDto {
  @ApiProperty({ example: 'INVALID_STATUS_TRANSITION' }) code: string;
  @ApiProperty({ example: 'A synonym cannot move from rejected to active; allowed: pending' }) message: string;
}

/** One id's result. */
export class ReviewResultDto {
  @ApiProperty() id: number;
  @ApiProperty({ enum: REVIEW_OUTCOMES }) outcome: ReviewOutcome;
  @ApiPropertyOptional({ enum: SYNONYM_STATUSES, description: 'The status before (absent when not found)' }) from?: SynonymStatus;
  @ApiPropertyOptional({ enum: SYNONYM_STATUSES, description: 'The status after (moved, unchanged) or asked for (refused)' }) to?: SynonymStatus;
  @ApiPropertyOptional({ description: 'The entry version after the move (its new ETag); moved only' }) version?: number;
  @ApiPropertyOptional({ type: ReviewErrorDto, description: 'refused and not_found: the error the single-entry PUT would answer' }) error?: ReviewErrorDto;
}

export class ReviewCountsDto {
  @ApiProperty() requested: number;
  @ApiProperty() moved: number;
  @ApiProperty() unchanged: number;
  @ApiProperty() refused: number;
  @ApiProperty() not_found: number;
}

export class ReviewSynonymsResponseDto {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ example: '2 of 3 synonym(s) moved to active' }) message: string;
  @ApiProperty({ enum: REVIEW_ACTIONS }) action: ReviewAction;
  @ApiProperty({ enum: SYNONYM_STATUSES }) target_status: SynonymStatus;
  @ApiProperty({ type: ReviewCountsDto }) counts: ReviewCountsDto;
  @ApiProperty({ type: [ReviewResultDto], description: 'One per id, in the order sent' }) results: ReviewResultDto[];
}

import { ApiProperty } from '@nestjs/swagger';

/** POST /feedback. */
export class FeedbackResponseDto {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty() message: string;
  @ApiProperty() feedback_id: number;
  @ApiProperty({ description: 'Catalogue entries plus non-catalogue term -> alternative pairs whose counts and learnt confidence changed' }) synonyms_updated: number;
}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { OptionalActingUserId } from '../../auth/acting-user';
import { IsBoolean, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { Trim } from '../../common/validation/text';

export class FeedbackRequestDto {
  @ApiProperty({ description: 'expansion_id of a whole expand response, or of one of its results', example: 'exp_0f8b...e2.1' })
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(80)
  expansion_id: string;

  @ApiProperty() @IsBoolean() was_helpful: boolean;

  @ApiPropertyOptional({ minimum: 1, maximum: 5 }) @IsOptional() @IsInt() @Min(1) @Max(5) rating?: number;

  @ApiPropertyOptional({ maxLength: 2000 }) @IsOptional() @IsString() @MaxLength(2000) comment?: string;

  @OptionalActingUserId()
  user_id?: string;
}

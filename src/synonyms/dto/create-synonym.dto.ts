import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsNotEmpty, IsNumber, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { PrintableText, Trim, TrimEach, TrimLower } from '../../common/validation/text';

/** Scope names: lower-case words (the spec's hints or a team's own), so they match reliably. */
export const SCOPE_NAME = /^[a-z0-9][a-z0-9 _.-]*$/;
export const MAX_SCOPE_NAME_LENGTH = 50;
export const SCOPE_MESSAGE = '$property must start with a letter or digit and contain only letters, digits, space, _ . -';

/** An optional domain or user_role: trimmed, lower-cased, at most 50 characters of SCOPE_NAME (docs/API.md, "Limits"). */
export const OptionalScopeName = () =>
  applyDecorators(IsOptional(), TrimLower(), IsString(), IsNotEmpty(), MaxLength(MAX_SCOPE_NAME_LENGTH), Matches(SCOPE_NAME, { message: SCOPE_MESSAGE }));

export class CreateSynonymDto {
  @ApiProperty({ example: 'ML', maxLength: 200 })
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  term: string;

  @ApiProperty({ example: 'machine learning', maxLength: 200 })
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  synonym: string;

  @ApiPropertyOptional({ example: 'technical', description: 'technical, business, general, or a team domain; default general', maxLength: 50 })
  @OptionalScopeName()
  domain?: string;

  @ApiPropertyOptional({ minimum: 0, maximum: 1, default: 0.8 })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(1)
  confidence?: number;

  @ApiPropertyOptional({ maxLength: 1000 })
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(1000)
  context?: string;

  @ApiPropertyOptional({ example: 'developer', description: 'Restricts the entry to callers of this role', maxLength: 50 })
  @OptionalScopeName()
  user_role?: string;

  @ApiPropertyOptional({ example: 'engineering', description: 'Restricts the entry to callers of this department', maxLength: 100 })
  @IsOptional()
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  @PrintableText()
  department?: string;

  @ApiPropertyOptional({ type: [String], maxItems: 20 })
  @IsOptional()
  @TrimEach()
  @IsArray()
  @ArrayMaxSize(20)
  @IsString({ each: true })
  @IsNotEmpty({ each: true })
  @MaxLength(50, { each: true })
  tags?: string[];

  @ApiPropertyOptional({ maxLength: 2000 })
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(2000)
  notes?: string;
}

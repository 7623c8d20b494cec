import { ApiPropertyOptional, OmitType, PartialType } from '@nestjs/swagger';
import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, Min, ValidateIf } from 'class-validator';
import { PrintableText, Trim, TrimLower } from '../../common/validation/text';
import { SYNONYM_STATUSES, type SynonymStatus } from '../synonym.enums';
import { CreateSynonymDto, SCOPE_MESSAGE, SCOPE_NAME } from './create-synonym.dto';

/**
 * PUT body: the spec's confidence, notes and reason, plus status, tags, domain, context, user_role and
 * department (docs/API.md). user_role/department may be set to null to lift a restriction.
 */
export class UpdateSynonymDto extends PartialType(OmitType(CreateSynonymDto, ['term', 'synonym', 'user_role', 'department'] as const)) {
  @ApiPropertyOptional({ enum: SYNONYM_STATUSES })
  @IsOptional()
  @IsIn(SYNONYM_STATUSES)
  status?: SynonymStatus;

  @ApiPropertyOptional({ nullable: true, maxLength: 50 })
  @ValidateIf((_o, v) => v !== null && v !== undefined)
  @TrimLower()
  @IsString()
  @IsNotEmpty()
  @MaxLength(50)
  @Matches(SCOPE_NAME, { message: SCOPE_MESSAGE })
  user_role?: string | null;

  @ApiPropertyOptional({ nullable: true, maxLength: 100 })
  @ValidateIf((_o, v) => v !== null && v !== undefined)
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  @PrintableText()
  department?: string | null;

  @ApiPropertyOptional({ description: 'Why the change is made; recorded in the audit log', maxLength: 1000 })
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(1000)
  reason?: string;

  @ApiPropertyOptional({ type: 'integer', description: 'The version read; a stale one gives 409 VERSION_CONFLICT (or send If-Match)' })
  @IsOptional()
  @IsInt()
  @Min(1)
  version?: number;
}

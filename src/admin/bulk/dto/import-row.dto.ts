import { IsIn, IsOptional } from 'class-validator';
import { CreateSynonymDto } from '../../../synonyms/dto/create-synonym.dto';
import { SYNONYM_SOURCES, SYNONYM_STATUSES, type SynonymSource, type SynonymStatus } from '../../../synonyms/synonym.enums';

/** One import row: POST /synonyms' rules plus an optional status and source. */
export class ImportRowDto extends CreateSynonymDto {
  @IsOptional()
  @IsIn(SYNONYM_STATUSES)
  status?: SynonymStatus;

  @IsOptional()
  @IsIn(SYNONYM_SOURCES)
  source?: SynonymSource;
}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { OptionalScopeName } from '../../../synonyms/dto/create-synonym.dto';
import { SYNONYM_STATUSES, type SynonymStatus } from '../../../synonyms/synonym.enums';

export const BULK_FORMATS = ['csv', 'json', 'solr'] as const;
export type BulkFormat = (typeof BULK_FORMATS)[number];

/** Longest accepted path text; the path rules themselves are checked by the service (INVALID_FILE_PATH). */
const MAX_PATH_LENGTH = 1024;

export class BulkImportDto {
  @ApiProperty({ example: 'synonyms.csv', description: 'A file inside IMPORT_DIR: relative to it, or absolute inside it' })
  @IsString()
  @MaxLength(MAX_PATH_LENGTH)
  file_path: string;

  @ApiPropertyOptional({ enum: BULK_FORMATS, default: 'csv' })
  @IsOptional()
  @IsIn(BULK_FORMATS)
  import_format?: BulkFormat;

  @ApiPropertyOptional({ example: 'technical', description: 'Domain for rows that name none; default general' })
  @OptionalScopeName()
  domain?: string;
}

export class ExportDto {
  @ApiProperty({ example: 'synonyms-export.csv', description: 'A file inside EXPORT_DIR (its directory must exist); an existing regular file is replaced' })
  @IsString()
  @MaxLength(MAX_PATH_LENGTH)
  output_path: string;

  @ApiPropertyOptional({ enum: BULK_FORMATS, default: 'csv' })
  @IsOptional()
  @IsIn(BULK_FORMATS)
  export_format?: BulkFormat;

  @ApiPropertyOptional({ example: 'technical', description: 'Only entries of this domain' })
  @OptionalScopeName()
  domain?: string;

  @ApiPropertyOptional({ enum: SYNONYM_STATUSES, description: 'Only entries with this status' })
  @IsOptional()
  @IsIn(SYNONYM_STATUSES)
  status?: SynonymStatus;
}

export class BulkImportErrorDto {
  @ApiProperty({ description: '1-based data row (CSV: header not counted; JSON: array index + 1; Solr: file line)' }) row: number;
  @ApiProperty() error: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) data: Record<string, unknown>;
}

export class BulkImportWarningDto {
  @ApiProperty() row: number;
  @ApiProperty() warning: string;
  @ApiProperty({ type: [String], example: ['exact_match'], description: 'exact_match, reverse_pair, term_has_other_synonyms' }) conflicts: string[];
}

/** The spec's "Bulk import result". */
export class BulkImportResultDto {
  @ApiProperty() total_records: number;
  @ApiProperty() successful_imports: number;
  @ApiProperty() failed_imports: number;
  @ApiProperty() conflicts_detected: number;
  @ApiProperty({ type: [BulkImportErrorDto] }) errors: BulkImportErrorDto[];
  @ApiProperty({ type: [BulkImportWarningDto] }) warnings: BulkImportWarningDto[];
}

export class BulkImportResponseDto {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ type: BulkImportResultDto }) result: BulkImportResultDto;
}

export class ExportResultDto {
  @ApiProperty() records_exported: number;
  @ApiProperty({ description: 'The written file, relative to EXPORT_DIR (forward slashes)' }) output_path: string;
}

export class ExportResponseDto extends ExportResultDto {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty() message: string;
}

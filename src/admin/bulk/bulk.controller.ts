import { Body, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { AuthUser } from '../../auth/auth-user';
import { CurrentUser } from '../../auth/decorators';
import { ApiErrors, ApiJsonBody } from '../../common/http/api-responses';
import { BulkImportService } from './bulk-import.service';
import { BulkImportDto, BulkImportResponseDto, ExportDto, ExportResponseDto } from './dto/bulk.dto';
import { ExportService } from './export.service';
import { AdminRoutes } from '../admin-routes.decorator';

/** Bulk import and export of the catalogue (docs/IMPORT_EXPORT.md). */
@AdminRoutes()
export class BulkController {
  constructor(
    private readonly importer: BulkImportService,
    private readonly exporter: ExportService,
  ) {}

  @Post('bulk-import')
  @HttpCode(200)
  @ApiOperation({ summary: 'Import synonyms from a CSV, JSON or Solr file in IMPORT_DIR (rows are created pending unless the file sets a status)' })
  @ApiOkResponse({ type: BulkImportResponseDto })
  @ApiJsonBody(BulkImportDto, {
    csv: { summary: 'A CSV file in IMPORT_DIR; rows without a domain get technical', value: { file_path: 'synonyms.csv', import_format: 'csv', domain: 'technical' } },
    solr: { summary: 'A Solr synonyms file in a subfolder of IMPORT_DIR', value: { file_path: 'solr/synonyms.txt', import_format: 'solr', domain: 'general' } },
  })
  @ApiErrors('INVALID_FILE_PATH', 'FILE_NOT_FOUND', 'FILE_TOO_LARGE')
  async bulkImport(@Body() dto: BulkImportDto, @CurrentUser() user: AuthUser): Promise<BulkImportResponseDto> {
    return { success: true, result: await this.importer.import(dto, user.id) };
  }

  @Post('export')
  @HttpCode(200)
  @ApiOperation({ summary: 'Export synonyms to a CSV, JSON or Solr file in EXPORT_DIR (written atomically)' })
  @ApiOkResponse({ type: ExportResponseDto })
  @ApiJsonBody(ExportDto, {
    active: { summary: 'The active technical entries, as CSV', value: { output_path: 'technical-active.csv', export_format: 'csv', domain: 'technical', status: 'active' } },
    solr: { summary: 'The whole catalogue in the Solr synonyms format', value: { output_path: 'synonyms.txt', export_format: 'solr' } },
  })
  @ApiErrors('INVALID_FILE_PATH')
  async export(@Body() dto: ExportDto): Promise<ExportResponseDto> {
    const result = await this.exporter.export(dto);
    return {
      success: true,
      message: `Exported ${result.records_exported} synonyms to ${result.output_path}`,
      records_exported: result.records_exported,
      output_path: result.output_path,
    };
  }
}

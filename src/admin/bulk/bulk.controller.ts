import { Body, HttpCode, Post } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiPayloadTooLargeResponse } from '@nestjs/swagger';
import type { AuthUser } from '../../auth/auth-user';
import { CurrentUser } from '../../auth/decorators';
import { ErrorResponseDto } from '../../common/http/api-responses';
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
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'FILE_NOT_FOUND' })
  @ApiPayloadTooLargeResponse({ type: ErrorResponseDto, description: 'FILE_TOO_LARGE' })
  async bulkImport(@Body() dto: BulkImportDto, @CurrentUser() user: AuthUser): Promise<BulkImportResponseDto> {
    return { success: true, result: await this.importer.import(dto, user.id) };
  }

  @Post('export')
  @HttpCode(200)
  @ApiOperation({ summary: 'Export synonyms to a CSV, JSON or Solr file in EXPORT_DIR (written atomically)' })
  @ApiOkResponse({ type: ExportResponseDto })
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

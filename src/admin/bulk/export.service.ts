import { randomBytes } from 'node:crypto';
import { open, rename, unlink, type FileHandle } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { RootConfig } from '../../config';
import { CatalogueStore, type ExportFilters } from '../../synonyms/catalogue-store';
import type { SynonymEntity } from '../../synonyms/entities/synonym.entity';
import { BULK_LIMITS, type BulkLimits } from './bulk.limits';
import { CSV_COLUMNS, csvRecord, joinTags } from './csv-format';
import { assertNever } from '../../common/exhaustive';
import type { BulkFormat, ExportDto, ExportResultDto } from './dto/bulk.dto';
import { resolveExportTarget } from './safe-paths';
import { solrLine } from './solr-format';


/** An entry as the import files carry it (the same keys as the CSV header). */
export function exportRecord(e: SynonymEntity) {
  return {
    term: e.term,
    synonym: e.synonym,
    domain: e.domain,
    confidence: e.confidence,
    status: e.status,
    source: e.source,
    tags: e.tags ?? [],
    notes: e.notes,
    context: e.context,
    user_role: e.userRole,
    department: e.department,
  };
}

interface FormatWriter {
  start(): string;
  row(e: SynonymEntity, index: number): string;
  end(count: number): string;
}

function writerFor(format: BulkFormat, filters: ExportFilters): FormatWriter {
  switch (format) {
    case 'json':
      return {
        start: () => '[',
        row: (e, i) => `${i === 0 ? '\n' : ',\n'}${JSON.stringify(exportRecord(e))}`,
        end: (count) => `${count > 0 ? '\n' : ''}]\n`,
      };
    case 'solr':
      return {
        start: () =>
          `# Synonyms exported by the query expansion service at ${new Date().toISOString()}` +
          ` (domain: ${filters.domain ?? 'all'}, status: ${filters.status ?? 'all'}); one "term => synonym" mapping per line\n`,
        row: (e) => solrLine(e.term, e.synonym),
        end: () => '',
      };
    case 'csv':
      return {
        start: () => csvRecord([...CSV_COLUMNS]),
        row: (e) => {
          const r = exportRecord(e);
          return csvRecord([r.term, r.synonym, r.domain, r.confidence, r.status, r.source, joinTags(r.tags), r.notes, r.context, r.user_role, r.department]);
        },
        end: () => '',
      };
    default:
      return assertNever(format, 'export format');
  }
}

/** Writes all of `text` at the handle's position (a write may be partial; each is awaited, so memory stays flat). */
async function writeAll(handle: FileHandle, text: string): Promise<void> {
  let buffer = Buffer.from(text, 'utf8');
  while (buffer.length > 0) {
    const { bytesWritten } = await handle.write(buffer, 0, buffer.length, null);
    buffer = buffer.subarray(bytesWritten);
  }
}

/**
 * POST /admin/export (docs/IMPORT_EXPORT.md): streams the catalogue out of the database in id-ordered pages
 * into a temp file next to the destination, flushes it to disk and renames it over the destination, so
 * a reader sees either the old file or the complete new one.
 */
@Injectable()
export class ExportService {
  constructor(
    @Inject(BULK_LIMITS) private readonly limits: Readonly<BulkLimits>,
    private readonly config: ConfigService<RootConfig, true>,
    private readonly catalogue: CatalogueStore,
  ) {}

  async export(dto: ExportDto): Promise<ExportResultDto> {
    const { exportDir } = this.config.getOrThrow('app', { infer: true });
    const target = await resolveExportTarget(dto.output_path, exportDir);
    const filters: ExportFilters = { domain: dto.domain, status: dto.status };
    const writer = writerFor(dto.export_format ?? 'csv', filters);
    const tempPath = join(target.directory, `.${basename(target.finalPath)}.${randomBytes(6).toString('hex')}.tmp`);
    const handle: FileHandle = await open(tempPath, 'wx', 0o644);
    let done = false;
    let count = 0;
    const pageSize = this.limits.exportPageSize;
    try {
      await writeAll(handle, writer.start());
      let afterId = 0;
      for (;;) {
        const page = await this.catalogue.pageForExport(afterId, filters, pageSize);
        let chunk = '';
        for (const entry of page) chunk += writer.row(entry, count++);
        await writeAll(handle, chunk);
        if (page.length < pageSize) break;
        afterId = page[page.length - 1].id;
      }
      await writeAll(handle, writer.end(count));
      await handle.sync();
      await handle.close();
      await rename(tempPath, target.finalPath);
      done = true;
    } finally {
      if (!done) {
        await handle.close().catch(() => undefined);
        await unlink(tempPath).catch(() => undefined);
      }
    }
    return { records_exported: count, output_path: target.relativePath };
  }

}

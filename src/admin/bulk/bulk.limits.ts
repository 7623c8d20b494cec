/** Bounds of bulk import and export (docs/IMPORT_EXPORT.md, "Limits"). */
export interface BulkImportLimits {
  /** Largest import file; larger → 413 FILE_TOO_LARGE before anything is read. */
  maxFileBytes: number;
  /** Most records read from one file; the rest of the file is not read (one error says so). */
  maxRows: number;
  /** Rows written per transaction. */
  batchSize: number;
  /** Most entries listed in `errors` and in `warnings` (the counts are always complete). */
  maxReportedIssues: number;
}

export const DEFAULT_IMPORT_LIMITS: Readonly<BulkImportLimits> = Object.freeze({
  maxFileBytes: 50 * 1024 * 1024,
  maxRows: 100_000,
  batchSize: 200,
  maxReportedIssues: 1000,
});

/** Rows read from the database per query when exporting. */
export const EXPORT_PAGE_SIZE = 1000;

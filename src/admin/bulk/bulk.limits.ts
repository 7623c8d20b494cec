/** Bounds of bulk import and export (docs/IMPORT_EXPORT.md, "Limits"). */
export interface BulkLimits {
  /** Largest import file; larger → 413 FILE_TOO_LARGE before anything is read. */
  maxFileBytes: number;
  /** Most records read from one file; the rest of the file is not read (one error says so). */
  maxRows: number;
  /** Rows written per transaction. */
  batchSize: number;
  /** Most entries listed in `errors` and in `warnings` (the counts are always complete). */
  maxReportedIssues: number;
  /** Rows read from the database per query when exporting. */
  exportPageSize: number;
}

export const DEFAULT_BULK_LIMITS: Readonly<BulkLimits> = Object.freeze({
  maxFileBytes: 50 * 1024 * 1024,
  maxRows: 100_000,
  batchSize: 200,
  maxReportedIssues: 1000,
  exportPageSize: 1000,
});

/** The bounds in force, injected into the import and export services; AdminModule provides DEFAULT_BULK_LIMITS. */
export const BULK_LIMITS = Symbol('BULK_LIMITS');

import { Inject, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import type { EntityManager } from 'typeorm';
import { TransactionRunner } from '../../common/db/transactions';
import { DomainError, ValidationError } from '../../common/errors';
import { summariseValue, validationExceptionFactory } from '../../common/validation/validation-exception.factory';
import type { RootConfig } from '../../config';
import type { SynonymEntity } from '../../synonyms/entities/synonym.entity';
import { DEFAULT_DOMAIN } from '../../synonyms/synonym.enums';
import { prepareEntry, type PreparedEntry } from '../../synonyms/entry-preparation';
import { DuplicateSynonymError } from '../../synonyms/synonym.errors';
import { CatalogueStore } from '../../synonyms/catalogue-store';
import { SynonymsService, type AddSynonymInput } from '../../synonyms/synonyms.service';
import { BULK_LIMITS, type BulkLimits } from './bulk.limits';
import { splitTags } from './csv-format';
import type { BulkImportDto, BulkImportErrorDto, BulkImportResultDto, BulkImportWarningDto } from './dto/bulk.dto';
import { ImportRowDto } from './dto/import-row.dto';
import { readRecords } from './record-readers';
import { openImportFile } from './safe-paths';

export type ConflictKind = 'exact_match' | 'reverse_pair' | 'term_has_other_synonyms';


/** A validated row, ready to write. */
interface Candidate {
  row: number;
  input: AddSynonymInput;
  termNorm: string;
  synonymNorm: string;
  scope: string;
}

/** What one batch transaction did; applied to the run only after its commit. */
interface BatchOutcome {
  created: Array<{ entry: SynonymEntity; row: number; key: string }>;
  warnings: BulkImportWarningDto[];
  conflictRows: number;
}

const MAX_REASON = 1000;
/** Numbers as CSV text: decimal, optional exponent (no hex, no "Infinity", no empty string). */
const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

const pairKey = (scope: string, term: string, synonym: string) => `${scope}\u0000${term}\u0000${synonym}`;
const termKey = (scope: string, term: string) => `${scope}\u0000${term}`;
const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

function summariseData(data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data).slice(0, 20)) out[k] = summariseValue(v);
  return out;
}

/** The state of one import: counts, the reported issues, and the pairs this file has added so far. */
class ImportRun {
  total = 0;
  successful = 0;
  failed = 0;
  conflicts = 0;
  readonly errors: BulkImportErrorDto[] = [];
  readonly warnings: BulkImportWarningDto[] = [];
  private errorsLeftOut = 0;
  private warningsLeftOut = 0;
  /** pair key → the row that imported it (for "duplicates row N" and same-line exclusions). */
  readonly imported = new Map<string, number>();

  constructor(private readonly maxReported: number) {}

  fail(row: number, error: string, data: Record<string, unknown>, counted = true): void {
    if (counted) this.failed += 1;
    if (this.errors.length < this.maxReported) this.errors.push({ row, error, data: summariseData(data) });
    else this.errorsLeftOut += 1;
  }

  warn(warning: BulkImportWarningDto): void {
    if (this.warnings.length < this.maxReported) this.warnings.push(warning);
    else this.warningsLeftOut += 1;
  }

  result(): BulkImportResultDto {
    const errors = [...this.errors];
    const warnings = [...this.warnings];
    if (this.errorsLeftOut > 0) errors.push({ row: 0, error: `${this.errorsLeftOut} more errors not listed`, data: {} });
    if (this.warningsLeftOut > 0) warnings.push({ row: 0, warning: `${this.warningsLeftOut} more warnings not listed`, conflicts: [] });
    return {
      total_records: this.total,
      successful_imports: this.successful,
      failed_imports: this.failed,
      conflicts_detected: this.conflicts,
      errors,
      warnings,
    };
  }
}

/**
 * POST /admin/bulk-import (docs/IMPORT_EXPORT.md). Streams the file, validates each row like POST /synonyms,
 * detects conflicts and writes the rows through SynonymsService.add (audited) in batches, one transaction
 * per batch; entries are announced to the expansion index after each commit.
 */
@Injectable()
export class BulkImportService {
  constructor(
    @Inject(BULK_LIMITS) private readonly limits: Readonly<BulkLimits>,
    private readonly config: ConfigService<RootConfig, true>,
    private readonly tx: TransactionRunner,
    private readonly synonyms: SynonymsService,
    private readonly catalogue: CatalogueStore,
  ) {}

  async import(dto: BulkImportDto, userId: string): Promise<BulkImportResultDto> {
    const { importDir } = this.config.getOrThrow('app', { infer: true });
    const { limits } = this;
    const file = await openImportFile(dto.file_path, importDir, limits.maxFileBytes);
    const run = new ImportRun(limits.maxReportedIssues);
    const reason = `bulk import of ${file.relativePath}`.slice(0, MAX_REASON);
    const defaultDomain = dto.domain ?? DEFAULT_DOMAIN;
    const input = file.handle.createReadStream({ autoClose: false });
    let batch: Candidate[] = [];
    try {
      for await (const item of readRecords(dto.import_format ?? 'csv', input)) {
        if (item.type === 'notice') {
          run.warn({ row: item.row, warning: item.warning, conflicts: [] });
          continue;
        }
        if (run.total >= limits.maxRows) {
          run.fail(item.row, `row limit of ${limits.maxRows} records per file reached; the rest of the file was not read`, {}, false);
          break;
        }
        run.total += 1;
        if (item.type === 'invalid') {
          run.fail(item.row, item.error, item.data);
          if (item.fatal) break;
          continue;
        }
        const prepared = this.prepare(item.row, item.fields, defaultDomain, reason);
        if ('error' in prepared) {
          run.fail(item.row, prepared.error, item.data);
          continue;
        }
        batch.push(prepared);
        if (batch.length >= limits.batchSize) {
          await this.flush(run, batch, userId);
          batch = [];
        }
      }
      await this.flush(run, batch, userId);
    } finally {
      input.destroy();
      await file.handle.close().catch(() => undefined);
    }
    return run.result();
  }

  /** Validates one row as POST /synonyms would and works out its normalised pair and scope. */
  private prepare(row: number, fields: Record<string, unknown>, defaultDomain: string, reason: string): Candidate | { error: string } {
    const missing = (['term', 'synonym'] as const).filter((k) => isBlank(fields[k]));
    if (missing.length > 0) return { error: `missing required fields: ${missing.join(', ')}` };
    const plain: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(fields)) {
      if (isBlank(value)) continue;
      if (key === 'confidence' && typeof value === 'string') plain.confidence = DECIMAL.test(value.trim()) ? Number(value.trim()) : value;
      else if (key === 'tags' && typeof value === 'string') plain.tags = splitTags(value);
      else if ((key === 'status' || key === 'source') && typeof value === 'string') plain[key] = value.trim().toLowerCase();
      else plain[key] = value;
    }
    if (plain.domain === undefined) plain.domain = defaultDomain;
    const dto = plainToInstance(ImportRowDto, plain);
    const problems = validateSync(dto, { whitelist: true, forbidNonWhitelisted: true, validationError: { target: false, value: true } });
    if (problems.length > 0) return { error: validationExceptionFactory(problems).message };

    // the same normalising, scoping and checks as POST /synonyms (entry-preparation.ts)
    let entry: PreparedEntry;
    try {
      entry = prepareEntry(dto);
    } catch (err) {
      if (err instanceof ValidationError) return { error: err.message };
      throw err;
    }
    return {
      row,
      termNorm: entry.termNormalized,
      synonymNorm: entry.synonymNormalized,
      scope: entry.scopeKey,
      input: {
        term: dto.term,
        synonym: dto.synonym,
        domain: entry.domain,
        confidence: dto.confidence,
        context: dto.context ?? null,
        user_role: dto.user_role ?? null,
        department: dto.department ?? null,
        tags: dto.tags ?? null,
        notes: dto.notes ?? null,
        source: dto.source ?? 'manual_curation',
        status: dto.status ?? 'pending',
        reason,
      },
    };
  }

  /**
   * Writes a batch in one transaction. If the transaction fails (a concurrent writer took a pair, a
   * database refusal), each row is retried in a transaction of its own, so one bad row costs only itself.
   */
  private async flush(run: ImportRun, batch: Candidate[], userId: string): Promise<void> {
    if (batch.length === 0) return;
    let outcome: BatchOutcome;
    try {
      outcome = await this.tx.run((m) => this.writeBatch(m, run, batch, userId));
    } catch (err) {
      if (batch.length > 1) {
        for (const candidate of batch) await this.flush(run, [candidate], userId);
        return;
      }
      const [candidate] = batch;
      if (err instanceof DuplicateSynonymError) {
        run.conflicts += 1;
        run.warn({ row: candidate.row, warning: `"${candidate.input.term}" → "${candidate.input.synonym}" already exists in this scope; row skipped`, conflicts: ['exact_match'] });
        return;
      }
      if (err instanceof DomainError) {
        run.fail(candidate.row, err.message, { term: candidate.input.term, synonym: candidate.input.synonym });
        return;
      }
      throw err;
    }
    for (const created of outcome.created) {
      run.successful += 1;
      run.imported.set(created.key, created.row);
    }
    run.conflicts += outcome.conflictRows;
    for (const warning of outcome.warnings) run.warn(warning);
    for (const created of outcome.created) this.synonyms.announce(created.entry);
  }

  private async writeBatch(m: EntityManager, run: ImportRun, batch: Candidate[], userId: string): Promise<BatchOutcome> {
    // term (scope, normalised term) → synonym → the row of this file that added it (0: it was there before).
    const known = new Map<string, Map<string, number>>();
    const remember = (scope: string, term: string, synonym: string, row: number) => {
      const key = termKey(scope, term);
      let synonyms = known.get(key);
      if (!synonyms) known.set(key, (synonyms = new Map<string, number>()));
      synonyms.set(synonym, row);
    };
    const scopes = [...new Set(batch.map((c) => c.scope))];
    const terms = [...new Set(batch.flatMap((c) => [c.termNorm, c.synonymNorm]))];
    const existing = await this.catalogue.findPairsInScopes(m, scopes, terms);
    for (const e of existing) remember(e.scopeKey, e.termNormalized, e.synonymNormalized, run.imported.get(pairKey(e.scopeKey, e.termNormalized, e.synonymNormalized)) ?? 0);

    const outcome: BatchOutcome = { created: [], warnings: [], conflictRows: 0 };
    for (const c of batch) {
      const { term, synonym } = c.input;
      const sameTerm = known.get(termKey(c.scope, c.termNorm));
      const exact = sameTerm?.get(c.synonymNorm);
      if (exact !== undefined) {
        outcome.conflictRows += 1;
        const where = exact > 0 ? `duplicates row ${exact} of this file` : 'already exists in this scope';
        outcome.warnings.push({ row: c.row, warning: `"${term}" → "${synonym}" ${where}; row skipped`, conflicts: ['exact_match'] });
        continue;
      }
      // Pairs that came from the same row (one Solr line) are not conflicts of each other.
      const conflicts: ConflictKind[] = [];
      const messages: string[] = [];
      const reverse = known.get(termKey(c.scope, c.synonymNorm))?.get(c.termNorm);
      if (reverse !== undefined && reverse !== c.row) {
        conflicts.push('reverse_pair');
        messages.push(`the reverse pair "${synonym}" → "${term}" exists in this scope`);
      }
      const others = [...(sameTerm ?? new Map<string, number>()).entries()].filter(([s, row]) => s !== c.synonymNorm && row !== c.row).map(([s]) => s);
      if (others.length > 0) {
        conflicts.push('term_has_other_synonyms');
        const listed = others.slice(0, 5).map((s) => `"${s}"`).join(', ') + (others.length > 5 ? `, … (${others.length})` : '');
        messages.push(`"${term}" already has other synonyms in this scope: ${listed}`);
      }
      const entry = await this.synonyms.add(c.input, userId, m);
      remember(c.scope, c.termNorm, c.synonymNorm, c.row);
      outcome.created.push({ entry, row: c.row, key: pairKey(c.scope, c.termNorm, c.synonymNorm) });
      if (conflicts.length > 0) {
        outcome.conflictRows += 1;
        outcome.warnings.push({ row: c.row, warning: `${messages.join('; ')}; imported`, conflicts });
      }
    }
    return outcome;
  }
}

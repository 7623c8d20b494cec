import type { Readable } from 'node:stream';
import { createInterface } from 'node:readline';
import { Transform, type TransformCallback } from 'node:stream';
import { parse } from 'csv-parse';
import StreamArray from 'stream-json/streamers/StreamArray';
import { CSV_COLUMNS, normaliseHeader, unneutraliseFormula } from './csv-format';
import { assertNever } from '../../common/exhaustive';
import type { BulkFormat } from './dto/bulk.dto';
import { parseSolrLine } from './solr-format';

/**
 * Turns an import file stream into records, as they arrive (the file is never read whole). Row numbers
 * (docs/IMPORT_EXPORT.md, "Row numbers"): CSV — 1-based data records, the header not counted; JSON —
 * array index + 1; Solr — the line number in the file (every pair of a line carries that line's number).
 */
export type ImportItem =
  /** A record to validate and import. `fields` holds the known columns only. */
  | { type: 'record'; row: number; fields: Record<string, unknown>; data: Record<string, unknown> }
  /** A record that could not be read; counted as a failed record. `fatal` stops reading. */
  | { type: 'invalid'; row: number; error: string; data: Record<string, unknown>; fatal?: boolean }
  /** A remark about the file itself (unknown columns); not a record. */
  | { type: 'notice'; row: number; warning: string };

const KNOWN = new Set<string>(CSV_COLUMNS);
/** Longest CSV record accepted (characters); longer → the file is not read further. */
export const CSV_MAX_RECORD_CHARS = 1_000_000;
/** Most unknown column / key names listed in the notice. */
const MAX_UNKNOWN_LISTED = 20;

export function readRecords(format: BulkFormat, input: Readable): AsyncGenerator<ImportItem> {
  switch (format) {
    case 'json':
      return readJson(input);
    case 'solr':
      return readSolr(input);
    case 'csv':
      return readCsv(input);
    default:
      return assertNever(format, 'import format');
  }
}

/** A parser error's message without library internals (e.g. no file offsets beyond the line). */
function parseErrorMessage(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.length > 300 ? `${message.slice(0, 300)}...` : message;
}

async function* readCsv(input: Readable): AsyncGenerator<ImportItem> {
  let header: string[] | undefined;
  const parser = parse({
    bom: true,
    columns: (names: string[]) => {
      header = names.map(normaliseHeader);
      return header;
    },
    relax_column_count: true,
    skip_empty_lines: true,
    max_record_size: CSV_MAX_RECORD_CHARS,
  });
  input.on('error', (err) => parser.destroy(err));
  input.pipe(parser);
  let row = 0;
  let noticed = false;
  const notice = function* (): Generator<ImportItem> {
    if (noticed || !header) return;
    noticed = true;
    const unknown = [...new Set(header.filter((h) => h !== '' && !KNOWN.has(h)))];
    if (unknown.length > 0) {
      const listed = unknown.slice(0, MAX_UNKNOWN_LISTED).join(', ') + (unknown.length > MAX_UNKNOWN_LISTED ? `, … (${unknown.length} in all)` : '');
      yield { type: 'notice', row: 0, warning: `unknown columns ignored: ${listed}` };
    }
  };
  try {
    for await (const record of parser as AsyncIterable<Record<string, string>>) {
      yield* notice();
      row += 1;
      const fields: Record<string, unknown> = {};
      for (const column of CSV_COLUMNS) {
        const value = Object.prototype.hasOwnProperty.call(record, column) ? record[column] : undefined;
        if (typeof value === 'string') fields[column] = unneutraliseFormula(value);
      }
      yield { type: 'record', row, fields, data: record };
    }
    yield* notice();
  } catch (err) {
    yield* notice();
    yield { type: 'invalid', row: row + 1, error: `CSV syntax error: ${parseErrorMessage(err)}; the rest of the file was not read`, data: {}, fatal: true };
  }
}

/** Drops a UTF-8 byte order mark at the start of a byte stream. */
class StripBom extends Transform {
  private first = true;
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    if (this.first) {
      this.first = false;
      if (chunk.length >= 3 && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) chunk = chunk.subarray(3);
    }
    done(null, chunk);
  }
}

async function* readJson(input: Readable): AsyncGenerator<ImportItem> {
  const bom = new StripBom();
  const pipeline = StreamArray.withParser();
  input.on('error', (err) => pipeline.destroy(err));
  bom.on('error', (err) => pipeline.destroy(err));
  input.pipe(bom).pipe(pipeline);
  const unknownSeen = new Set<string>();
  let row = 0;
  try {
    for await (const item of pipeline as AsyncIterable<{ key: number; value: unknown }>) {
      row = item.key + 1;
      const value = item.value;
      if (value === null || typeof value !== 'object' || Array.isArray(value)) {
        yield { type: 'invalid', row, error: 'each element of the array must be an object', data: { value: value } };
        continue;
      }
      const obj = value as Record<string, unknown>;
      const fields: Record<string, unknown> = {};
      const data: Record<string, unknown> = {};
      const unknown: string[] = [];
      for (const key of Object.keys(obj)) {
        data[key] = obj[key];
        if (KNOWN.has(key)) {
          if (obj[key] !== null && obj[key] !== undefined) fields[key] = obj[key];
        } else if (!unknownSeen.has(key) && unknownSeen.size < MAX_UNKNOWN_LISTED) {
          unknownSeen.add(key);
          unknown.push(key);
        }
      }
      if (unknown.length > 0) yield { type: 'notice', row, warning: `unknown keys ignored: ${unknown.join(', ')}` };
      yield { type: 'record', row, fields, data };
    }
  } catch (err) {
    yield { type: 'invalid', row: row + 1, error: `JSON syntax error: ${parseErrorMessage(err)}; the file must hold one array of objects, the rest was not read`, data: {}, fatal: true };
  }
}

async function* readSolr(input: Readable): AsyncGenerator<ImportItem> {
  input.setEncoding('utf8');
  const lines = createInterface({ input, crlfDelay: Infinity });
  let lineNo = 0;
  try {
    for await (const raw of lines) {
      lineNo += 1;
      const line = lineNo === 1 ? raw.replace(/^\uFEFF/, '') : raw;
      const parsed = parseSolrLine(line);
      if (parsed.kind === 'skip') continue;
      if (parsed.kind === 'error') {
        yield { type: 'invalid', row: lineNo, error: parsed.message, data: { line } };
        continue;
      }
      for (const [term, synonym] of parsed.pairs) {
        yield { type: 'record', row: lineNo, fields: { term, synonym }, data: { line, term, synonym } };
      }
    }
  } finally {
    lines.close();
  }
}

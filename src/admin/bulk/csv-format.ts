/**
 * The CSV dialect of bulk import and export (docs/IMPORT_EXPORT.md, "CSV"): RFC 4180 quoting, CRLF record
 * ends, a formula guard (a leading `'`) on cells a spreadsheet would evaluate, and `|`-joined tags.
 */

/** The import/export columns, in export order. Only term and synonym are required on import. */
export const CSV_COLUMNS = ['term', 'synonym', 'domain', 'confidence', 'status', 'source', 'tags', 'notes', 'context', 'user_role', 'department'] as const;

/**
 * Cells the exporter guards: a formula start (=, +, -, @, tab, CR: what spreadsheet programs take for a formula),
 * possibly behind quotes (so `'=x` survives the round trip).
 */
const NEEDS_GUARD = /^'*[=+\-@\t\r]/;
/** Cells the importer unguards: one or more quotes and then a formula start. */
const GUARDED = /^'+[=+\-@\t\r]/;

/**
 * Neutralises a cell against formula injection by prefixing a single quote. Values that already start
 * with quotes followed by a formula character get one more quote, so that unneutraliseFormula is an
 * exact inverse: unneutraliseFormula(neutraliseFormula(v)) === v for every v.
 */
export function neutraliseFormula(value: string): string {
  return NEEDS_GUARD.test(value) ? `'${value}` : value;
}

/** Strips exactly one leading quote when the rest starts with a formula character (or another guarded quote). */
export function unneutraliseFormula(value: string): string {
  return GUARDED.test(value) ? value.slice(1) : value;
}

/** RFC 4180: a field holding a quote, comma, CR or LF is enclosed in quotes, inner quotes doubled. */
export function quoteCsvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** One exported cell: neutralised, then quoted. null/undefined → empty cell. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  return quoteCsvField(neutraliseFormula(value));
}

/** One CSV record with its CRLF terminator. */
export function csvRecord(cells: Array<string | number | null | undefined>): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/**
 * Tags in one cell: joined with `|`; a `|` or `\` inside a tag is escaped with a backslash so that any
 * tag survives the round trip.
 */
export function joinTags(tags: readonly string[] | null | undefined): string {
  if (!tags || tags.length === 0) return '';
  return tags.map((t) => t.replace(/[\\|]/g, (c) => `\\${c}`)).join('|');
}

/**
 * Splits a tags cell on unescaped `|`; `\|` and `\\` are unescaped, any other backslash is kept as is.
 * Pieces are trimmed and empty pieces dropped ("a||b|" → ["a", "b"]).
 */
export function splitTags(cell: string): string[] {
  const out: string[] = [];
  let current = '';
  for (let i = 0; i < cell.length; i++) {
    const ch = cell[i];
    if (ch === '\\' && (cell[i + 1] === '|' || cell[i + 1] === '\\')) {
      current += cell[i + 1];
      i++;
    } else if (ch === '|') {
      out.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  out.push(current);
  return out.map((t) => t.trim()).filter((t) => t !== '');
}

/** Header names are matched trimmed and case-insensitively. */
export function normaliseHeader(name: string): string {
  return name.trim().toLowerCase();
}

import type { DataSource } from 'typeorm';

/** A timestamp as both SQLite (text) and MySQL (datetime) compare it: "YYYY-MM-DD HH:MM:SS.mmm", UTC. */
export function sqlTime(date: Date): string {
  return date.toISOString().replace('T', ' ').replace('Z', '');
}

/**
 * The SQL dialect, decided here and nowhere else: MySQL and MariaDB share one, the embedded default is SQLite.
 * Code that writes dialect-specific SQL (upserts, day arithmetic, migrations) asks this.
 */
export type SqlDialect = 'mysql' | 'sqlite';

export function dialectOf(source: Pick<DataSource, 'options'>): SqlDialect {
  const type = source.options.type;
  return type === 'mysql' || type === 'mariadb' ? 'mysql' : 'sqlite';
}

export function isMysqlSource(ds: Pick<DataSource, 'options'>): boolean {
  return dialectOf(ds) === 'mysql';
}

/** The calendar day (UTC, "YYYY-MM-DD") of a datetime column, in the connection's dialect. */
export function dayOf(ds: DataSource, column: string): string {
  return isMysqlSource(ds) ? `DATE_FORMAT(${column}, '%Y-%m-%d')` : `substr(${column}, 1, 10)`;
}

/** Numbers from aggregate rows: drivers return strings for SUM/AVG and null for empty sets. */
export function num(value: unknown): number {
  if (value === null || value === undefined) return 0;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : 0;
}

export const ratio = (a: number, b: number): number => (b > 0 ? a / b : 0);
export const round4 = (n: number): number => Math.round(n * 10_000) / 10_000;

/** A row of a raw aggregate query: column alias -> driver value (read with num() and str()). */
export type Row = Record<string, unknown>;

/** Runs a raw query and types its rows as Row (drivers return any). */
export async function rows(q: { query(sql: string, params?: unknown[]): Promise<unknown> }, sql: string, params?: unknown[]): Promise<Row[]> {
  return (await q.query(sql, params)) as Row[];
}

/** The first row of an aggregate query (an empty row when there is none). */
export async function row(q: { query(sql: string, params?: unknown[]): Promise<unknown> }, sql: string, params?: unknown[]): Promise<Row> {
  return (await rows(q, sql, params))[0] ?? {};
}

/** Text from a driver value: strings as they are, numbers printed, anything else (null, objects) empty. */
export function str(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'bigint' ? String(value) : '';
}

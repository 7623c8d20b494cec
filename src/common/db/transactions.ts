import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, QueryFailedError } from 'typeorm';
import { dialectOf } from './sql';

/**
 * Runs a unit of work in one database transaction. SQLite (better-sqlite3) shares one connection, on which
 * TypeORM would nest a second concurrent transaction as a savepoint of the first; writes are therefore
 * queued one at a time there. MySQL gives each transaction its own pooled connection.
 */
@Injectable()
export class TransactionRunner {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly serial: boolean;

  constructor(private readonly dataSource: DataSource) {
    this.serial = dialectOf(dataSource) === 'sqlite';
  }

  run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    if (!this.serial) return this.dataSource.transaction(work);
    const next = this.queue.then(() => this.dataSource.transaction(work));
    this.queue = next.catch(() => undefined);
    return next;
  }
}

/** A unique index refused the row (SQLite and MySQL/MariaDB codes). */
export function isUniqueViolation(err: unknown): boolean {
  if (!(err instanceof QueryFailedError)) return false;
  const driver = (err as QueryFailedError & { driverError?: { code?: string; errno?: number } }).driverError;
  return driver?.code === 'SQLITE_CONSTRAINT_UNIQUE' || driver?.code === 'ER_DUP_ENTRY' || driver?.errno === 1062;
}

/** Escapes % and _ for a LIKE pattern used with ESCAPE '!' (a character both SQLite and MySQL take literally). */
export const LIKE_ESCAPE = "ESCAPE '!'";
export function likeEscape(text: string): string {
  return text.replace(/[!%_]/g, (c) => `!${c}`);
}

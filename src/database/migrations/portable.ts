import type { QueryRunner, TableColumnOptions } from 'typeorm';
import { dialectOf } from '../../common/db/sql';

/** Column helpers for migrations that must produce the same schema on SQLite and MySQL/MariaDB. */
export function isMysql(queryRunner: QueryRunner): boolean {
  return dialectOf(queryRunner.connection) === 'mysql';
}

export const idColumn = (): TableColumnOptions => ({
  name: 'id',
  type: 'integer',
  isPrimary: true,
  isGenerated: true,
  generationStrategy: 'increment',
});

/** datetime with milliseconds; values are always written by the service, never defaulted. */
export function timestampColumn(name: string, nullable = false): TableColumnOptions {
  return { name, type: 'datetime', precision: 3, isNullable: nullable };
}

/** MySQL tables in utf8mb4 whatever the server's default; SQLite text is always UTF-8. */
export async function useUtf8mb4(queryRunner: QueryRunner, table: string): Promise<void> {
  if (isMysql(queryRunner)) {
    await queryRunner.query(`ALTER TABLE \`${table}\` CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  }
}

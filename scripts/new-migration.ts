/**
 * npm run migration:create -- <Name>
 *
 * Writes src/database/migrations/<timestamp>-<Name>.ts, a skeleton in the portable style (the QueryRunner schema
 * API and the helpers of portable.ts, so one migration serves SQLite and MySQL/MariaDB), and registers it at the
 * end of MIGRATIONS in src/database/migrations/index.ts. Fill in up() and down(), then run
 * `npm run migration:run && npm run migration:check` on SQLite and with DB_TYPE=mysql. docs/HOWTO.md.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const DIR = join(__dirname, '..', 'src', 'database', 'migrations');

export function migrationSource(name: string, timestamp: number): string {
  return `import { type MigrationInterface, type QueryRunner } from 'typeorm';
// import { Table, TableColumn, TableIndex } from 'typeorm';
// import { idColumn, isMysql, timestampColumn, useUtf8mb4 } from './portable';

/** TODO: what this migration changes and why. */
export class ${name}${timestamp} implements MigrationInterface {
  name = '${name}${timestamp}';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The schema API keeps this portable: queryRunner.createTable(new Table({...})), addColumn, createIndex.
    // Raw SQL only behind isMysql(queryRunner), with the SQLite form beside it.
    void queryRunner;
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    void queryRunner;
  }
}
`;
}

/** index.ts with the new class imported and appended to MIGRATIONS. */
export function registered(index: string, name: string, timestamp: number): string {
  const cls = `${name}${timestamp}`;
  const lastImport = index.lastIndexOf('\nimport ');
  const endOfImport = index.indexOf('\n', lastImport + 1);
  const withImport = `${index.slice(0, endOfImport + 1)}import { ${cls} } from './${timestamp}-${name}';\n${index.slice(endOfImport + 1)}`;
  return withImport.replace(/(export const MIGRATIONS: .*? = \[[^\]]*?)\s*\];/, (_all, list: string) => `${list}, ${cls}];`);
}

function main(): void {
  const name = process.argv[2];
  if (!name || !/^[A-Z][A-Za-z0-9]{2,60}$/.test(name)) {
    console.error('usage: npm run migration:create -- <Name>   (PascalCase, e.g. AddTagIndex)');
    process.exit(2);
  }
  const timestamp = Date.now();
  const file = join(DIR, `${timestamp}-${name}.ts`);
  if (existsSync(file)) throw new Error(`${file} exists`);
  const indexFile = join(DIR, 'index.ts');
  const index = registered(readFileSync(indexFile, 'utf8'), name, timestamp);
  if (!index.includes(`, ${name}${timestamp}];`)) throw new Error('could not register the migration in index.ts');
  writeFileSync(file, migrationSource(name, timestamp));
  writeFileSync(indexFile, index);
  console.log(`created ${file} and registered it in ${indexFile}`);
}

if (require.main === module) main();

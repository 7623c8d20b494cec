import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { registered, migrationSource } from '../../scripts/new-migration';
import { MIGRATIONS } from '../../src/database/migrations';

const DIR = join(__dirname, '..', '..', 'src', 'database', 'migrations');

describe('migrations', () => {
  it('every migration file is registered in MIGRATIONS, in timestamp order', () => {
    const files = readdirSync(DIR)
      .filter((f) => /^\d{13}-[A-Za-z0-9]+\.ts$/.test(f))
      .sort();
    const expected = files.map((f) => {
      const [, ts, name] = /^(\d{13})-([A-Za-z0-9]+)\.ts$/.exec(f) as RegExpExecArray;
      return `${name}${ts}`;
    });
    expect(MIGRATIONS.map((m) => m.name)).toEqual(expected);
    expect(expected.length).toBeGreaterThanOrEqual(5);
  });

  it('migration:create writes a portable skeleton and registers it at the end', () => {
    const index = readFileSync(join(DIR, 'index.ts'), 'utf8');
    const next = registered(index, 'AddTagIndex', 1800000000000);
    expect(next).toContain("import { AddTagIndex1800000000000 } from './1800000000000-AddTagIndex';");
    expect(next).toMatch(/\w+\d{13}, AddTagIndex1800000000000\];/);
    const source = migrationSource('AddTagIndex', 1800000000000);
    expect(source).toContain('export class AddTagIndex1800000000000 implements MigrationInterface');
    expect(source).toContain("name = 'AddTagIndex1800000000000'");
    expect(source).not.toMatch(/CREATE TABLE|ALTER TABLE/);
  });
});

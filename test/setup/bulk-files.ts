import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SynonymDto } from '../../src/synonyms/dto/synonym-responses.dto';
import type { TestApp } from './create-test-app';

/** The catalogue fields of an import or export file, in the CSV header's order. */
export const CATALOGUE_FIELDS = ['term', 'synonym', 'domain', 'confidence', 'status', 'source', 'tags', 'notes', 'context', 'user_role', 'department'] as const;
export const HEADER = CATALOGUE_FIELDS.join(',');

/** An entry reduced to its catalogue fields. */
export type CatalogueRecord = Pick<SynonymDto, (typeof CATALOGUE_FIELDS)[number]>;

/** Entries as an import/export file carries them, in a stable order, to compare catalogues. */
export function catalogue(list: CatalogueRecord[]): Record<string, unknown>[] {
  return [...list]
    .sort((a, b) => `${a.term}\u0000${a.synonym}`.localeCompare(`${b.term}\u0000${b.synonym}`))
    .map((e) => Object.fromEntries(CATALOGUE_FIELDS.map((f) => [f, e[f]])));
}

/** A test app's import and export directories (created), a writer of import files, and a reader of a domain's entries. */
export function bulkFiles(t: TestApp, admin: string) {
  const importDir = join(t.dataDir, 'imports');
  const exportDir = join(t.dataDir, 'exports');
  mkdirSync(importDir, { recursive: true });
  mkdirSync(exportDir, { recursive: true });
  return {
    importDir,
    exportDir,
    /** Writes a file into the import directory. */
    put: (name: string, content: string | Buffer) => writeFileSync(join(importDir, name), content),
    /** Every entry of a domain, oldest first. */
    entries: async (domain: string): Promise<SynonymDto[]> => (await t.api.synonyms.list({ domain, limit: 1000, sort: 'id', order: 'asc' }, admin).expect(200)).body.synonyms,
  };
}

export type BulkFiles = ReturnType<typeof bulkFiles>;

import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@jest/globals';
import type { BulkImportDto, ExportDto } from '../src/admin/bulk/dto/bulk.dto';
import { CatalogueStore } from '../src/synonyms/catalogue-store';
import type { SynonymDto } from '../src/synonyms/dto/synonym-responses.dto';
import { unchecked, type Body } from './client';
import { bulkFiles, catalogue, CATALOGUE_FIELDS, HEADER, type BulkFiles, type CatalogueRecord } from './setup/bulk-files';
import { createTestApp, type TestApp } from './setup/create-test-app';
import { withErrorLogsSilenced } from './setup/logs';

/** The export tests' entries (domain exportsrc): formula-like cells, quotes, commas, a line break, one pending. */
const EXPORT_SOURCE = [
  { term: 'alpha', synonym: 'first', status: 'active', tags: ['greek', 'letter'], notes: '=SUM(A1:A3)', confidence: 0.5 },
  { term: 'beta, "b"', synonym: 'second\nline', status: 'active', context: '+ctx' },
  { term: '@gamma', synonym: 'third', status: 'pending', department: '-Sales' },
  { term: 'x=>y', synonym: '#hash, tag', status: 'active' },
];

/** Imports EXPORT_SOURCE into an app's domain exportsrc. */
async function seedExportSource(app: TestApp, files: BulkFiles, admin: string): Promise<void> {
  files.put('export-seed.json', JSON.stringify(EXPORT_SOURCE));
  const res = await app.api.admin.bulkImport({ file_path: 'export-seed.json', import_format: 'json', domain: 'exportsrc' }, admin);
  expect(res.body.result.successful_imports).toBe(4);
}

describe('Bulk export', () => {
  let t: TestApp;
  let admin: string;
  let importDir: string;
  let exportDir: string;
  let put: BulkFiles['put'];
  let entries: BulkFiles['entries'];

  beforeAll(async () => {
    t = await createTestApp();
    admin = t.token('ada', ['admin']);
    const files = bulkFiles(t, admin);
    ({ importDir, exportDir, put, entries } = files);
    await seedExportSource(t, files, admin);
  });
  afterAll(() => t.close());

  const importFile = (body: Body<BulkImportDto>) => t.api.admin.bulkImport(body, admin);
  const exportFile = (body: Body<ExportDto>) => t.api.admin.export(body, admin);

  describe('export', () => {
    it('writes CSV with the import header, RFC 4180 quoting and neutralised formula cells', async () => {
      const res = await exportFile({ output_path: 'out.csv', domain: 'exportsrc' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, message: expect.stringContaining('4'), records_exported: 4, output_path: 'out.csv' });
      const text = readFileSync(join(exportDir, 'out.csv'), 'utf8');
      const lines = text.split('\r\n');
      expect(lines[0]).toBe(HEADER);
      expect(lines[1]).toBe("alpha,first,exportsrc,0.5,active,manual_curation,greek|letter,'=SUM(A1:A3),,,");
      expect(text).toContain('"beta, ""b""","second\nline",exportsrc,0.8,active,manual_curation,,,\'+ctx,,');
      expect(text).toContain("'@gamma,third,exportsrc,0.8,pending,manual_curation,,,,,'-Sales");
      expect(text.endsWith('\r\n')).toBe(true);
    });

    it('filters on status', async () => {
      const res = await exportFile({ output_path: 'active.csv', domain: 'exportsrc', status: 'active' });
      expect(res.body.records_exported).toBe(3);
      expect(readFileSync(join(exportDir, 'active.csv'), 'utf8')).not.toContain('gamma');
    });

    it('writes JSON: one array of objects with the import keys', async () => {
      const res = await exportFile({ output_path: 'out.json', export_format: 'json', domain: 'exportsrc' });
      expect(res.body.records_exported).toBe(4);
      const data = JSON.parse(readFileSync(join(exportDir, 'out.json'), 'utf8')) as Record<string, unknown>[];
      expect(data).toHaveLength(4);
      expect(Object.keys(data[0])).toEqual([...CATALOGUE_FIELDS]);
      expect(data[0]).toEqual({ term: 'alpha', synonym: 'first', domain: 'exportsrc', confidence: 0.5, status: 'active', source: 'manual_curation', tags: ['greek', 'letter'], notes: '=SUM(A1:A3)', context: null, user_role: null, department: null });
    });

    it('writes an empty JSON array and a header-only CSV when nothing matches', async () => {
      await exportFile({ output_path: 'empty.json', export_format: 'json', domain: 'nothing-here' }).expect(200);
      expect(JSON.parse(readFileSync(join(exportDir, 'empty.json'), 'utf8')) as unknown).toEqual([]);
      await exportFile({ output_path: 'empty.csv', domain: 'nothing-here' }).expect(200);
      expect(readFileSync(join(exportDir, 'empty.csv'), 'utf8')).toBe(`${HEADER}\r\n`);
    });

    it('writes Solr "term => synonym" lines with backslash escapes', async () => {
      const res = await exportFile({ output_path: 'synonyms.txt', export_format: 'solr', domain: 'exportsrc', status: 'active' });
      expect(res.body.records_exported).toBe(3);
      const lines = readFileSync(join(exportDir, 'synonyms.txt'), 'utf8').split('\n');
      expect(lines[0]).toMatch(/^# /);
      expect(lines.slice(1)).toEqual(['alpha => first', 'beta\\, "b" => second line', 'x\\=>y => \\#hash\\, tag', '']);
    });

    it('writes into an existing subdirectory and accepts an absolute path inside the export directory', async () => {
      mkdirSync(join(exportDir, 'sub'), { recursive: true });
      const res = await exportFile({ output_path: 'sub/nested.csv', domain: 'exportsrc' });
      expect(res.body.output_path).toBe('sub/nested.csv');
      const abs = await exportFile({ output_path: join(exportDir, 'abs.csv'), domain: 'exportsrc' });
      expect(abs.body.output_path).toBe('abs.csv');
    });

    it.each([['../escape.csv'], ['missing-dir/x.csv'], ['sub'], ['sub/'], ['link.csv'], ['linkdir/x.csv'], ['nul\u0000.csv'], ['']])(
      'refuses output_path %j with 400 INVALID_FILE_PATH',
      async (outputPath) => {
        if (!existsSync(join(exportDir, 'link.csv'))) {
          writeFileSync(join(t.dataDir, 'victim.csv'), 'keep me');
          symlinkSync(join(t.dataDir, 'victim.csv'), join(exportDir, 'link.csv'));
          symlinkSync(t.dataDir, join(exportDir, 'linkdir'));
        }
        const res = await exportFile({ output_path: outputPath });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: 'INVALID_FILE_PATH', details: { field: 'output_path' } });
        expect(readFileSync(join(t.dataDir, 'victim.csv'), 'utf8')).toBe('keep me');
      },
    );

    it('refuses an absolute path outside the export directory and a bad format or status', async () => {
      expect((await exportFile({ output_path: join(t.dataDir, 'x.csv') })).body.code).toBe('INVALID_FILE_PATH');
      expect((await exportFile(unchecked({ output_path: 'x.csv', export_format: 'xml' }))).body.details?.field).toBe('export_format');
      expect((await exportFile(unchecked({ output_path: 'x.csv', status: 'archived' }))).body.details?.field).toBe('status');
    });

  });

  describe('round trip', () => {
    const awkward: CatalogueRecord[] = [
      {
        term: 'Café, "naïve"\nline2',
        synonym: '日本語の同義語',
        domain: 'roundtrip',
        confidence: 0.123456789,
        status: 'deprecated',
        source: 'ml_discovery',
        tags: ['x|y', '=tag', 'naïve', 'back\\slash'],
        notes: '=SUM(A1:A3)',
        context: '+cmd, "quoted"\r\nnext',
        user_role: 'developer',
        department: '@Sales, EMEA',
      },
      { term: '-minus', synonym: "'=quoted", domain: 'roundtrip', confidence: 1, status: 'active', source: 'domain_expert', tags: [], notes: "'plain", context: null, user_role: null, department: null },
      { term: 'plain', synonym: 'simple', domain: 'roundtrip', confidence: 0, status: 'pending', source: 'manual_curation', tags: ['one'], notes: null, context: null, user_role: 'analyst', department: 'Finance' },
      { term: 'under', synonym: 'review', domain: 'roundtrip', confidence: 0.8, status: 'under_review', source: 'user_feedback', tags: [], notes: 'tab\tinside', context: null, user_role: null, department: null },
    ];

    async function seed(): Promise<SynonymDto[]> {
      put('roundtrip-seed.json', JSON.stringify(awkward));
      const res = await importFile({ file_path: 'roundtrip-seed.json', import_format: 'json' });
      expect(res.body.result).toMatchObject({ successful_imports: awkward.length, failed_imports: 0 });
      return entries('roundtrip');
    }

    async function wipe(list: SynonymDto[]): Promise<void> {
      for (const e of list) await t.api.synonyms.remove(e.id, admin).expect(200);
      expect(await entries('roundtrip')).toEqual([]);
    }

    it.each([['csv'], ['json']] as const)('export then import as %s reproduces the catalogue entries exactly', async (format) => {
      const before = await seed();
      expect(catalogue(before)).toEqual(catalogue(awkward));
      const exported = await exportFile({ output_path: `roundtrip.${format}`, export_format: format, domain: 'roundtrip' });
      expect(exported.body.records_exported).toBe(awkward.length);
      await wipe(before);
      copyFileSync(join(exportDir, `roundtrip.${format}`), join(importDir, `roundtrip.${format}`));
      const res = await importFile({ file_path: `roundtrip.${format}`, import_format: format });
      expect(res.body.result).toMatchObject({ total_records: awkward.length, successful_imports: awkward.length, failed_imports: 0, conflicts_detected: 0, errors: [], warnings: [] });
      const after = await entries('roundtrip');
      expect(catalogue(after)).toEqual(catalogue(before));
      await wipe(after);
    });

    it('export then import as solr reproduces the pairs (line breaks become spaces)', async () => {
      const before = await seed();
      await exportFile({ output_path: 'roundtrip.txt', export_format: 'solr', domain: 'roundtrip' }).expect(200);
      await wipe(before);
      copyFileSync(join(exportDir, 'roundtrip.txt'), join(importDir, 'roundtrip.txt'));
      const res = await importFile({ file_path: 'roundtrip.txt', import_format: 'solr', domain: 'roundtrip' });
      expect(res.body.result).toMatchObject({ successful_imports: awkward.length, failed_imports: 0 });
      const pairs = (list: Array<{ term: string; synonym: string }>) => list.map((e) => `${e.term.replace(/\n/g, ' ')} => ${e.synonym}`).sort();
      expect(pairs(await entries('roundtrip'))).toEqual(pairs(awkward));
    });
  });
});

describe('Bulk export, one row per database query', () => {
  let t: TestApp;
  let admin: string;
  let exportDir: string;

  beforeAll(async () => {
    t = await createTestApp({ bulkLimits: { exportPageSize: 1 } });
    admin = t.token('ada', ['admin']);
    const files = bulkFiles(t, admin);
    exportDir = files.exportDir;
    await seedExportSource(t, files, admin);
  });
  afterAll(() => t.close());

  const exportFile = (body: Body<ExportDto>) => t.api.admin.export(body, admin);

  it('replaces an existing file atomically and leaves no temp files, also when the export fails midway', async () => {
    const path = join(exportDir, 'atomic.csv');
    writeFileSync(path, 'old content '.repeat(10_000));
    const ok = await exportFile({ output_path: 'atomic.csv', domain: 'exportsrc' });
    expect(ok.body.records_exported).toBe(4);
    const text = readFileSync(path, 'utf8');
    expect(text.startsWith(`${HEADER}\r\n`)).toBe(true);
    expect(text.split('\r\n').filter((l) => l.startsWith('alpha') || l.startsWith('"beta') || l.startsWith("'@gamma") || l.startsWith('x=>y'))).toHaveLength(4);
    expect(text).not.toContain('old content');

    const store = t.app.get(CatalogueStore);
    const realFetch = store.pageForExport.bind(store);
    let calls = 0;
    const spy = jest.spyOn(store, 'pageForExport').mockImplementation(async (...args) => {
      calls += 1;
      if (calls === 3) throw new Error('database went away');
      return realFetch(...args);
    });
    const { result: failed, logged } = await withErrorLogsSilenced(() => exportFile({ output_path: 'atomic.csv', export_format: 'json', domain: 'exportsrc' }));
    spy.mockRestore();
    expect(failed.status).toBe(500);
    expect(logged).toEqual([[expect.objectContaining({ requestId: expect.any(String), err: expect.objectContaining({ message: 'database went away' }) }), 'Unhandled error']]);
    expect(readFileSync(path, 'utf8')).toBe(text);
    expect(readdirSync(exportDir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});

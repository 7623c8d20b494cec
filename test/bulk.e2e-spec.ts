import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { BulkImportService } from '../src/admin/bulk/bulk-import.service';
import { DEFAULT_IMPORT_LIMITS } from '../src/admin/bulk/bulk.limits';
import { ExportService } from '../src/admin/bulk/export.service';
import { CatalogueEvents, type CatalogueChange } from '../src/synonyms/catalogue-events';
import { CatalogueStore } from '../src/synonyms/catalogue-store';
import { DuplicateSynonymError } from '../src/synonyms/synonym.errors';
import { SynonymsService } from '../src/synonyms/synonyms.service';
import { createTestApp, type TestApp } from './setup/create-test-app';

interface Entry {
  id: number;
  term: string;
  synonym: string;
  domain: string;
  confidence: number;
  status: string;
  source: string;
  tags: string[];
  notes: string | null;
  context: string | null;
  user_role: string | null;
  department: string | null;
  created_by: string;
}

const CATALOGUE_FIELDS = ['term', 'synonym', 'domain', 'confidence', 'status', 'source', 'tags', 'notes', 'context', 'user_role', 'department'] as const;
const HEADER = CATALOGUE_FIELDS.join(',');

describe('Bulk import and export', () => {
  let t: TestApp;
  let admin: string;
  let curator: string;
  let importDir: string;
  let exportDir: string;
  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    t = await createTestApp();
    admin = t.token('ada', ['admin']);
    curator = t.token('cora', ['curator']);
    importDir = join(t.dataDir, 'imports');
    exportDir = join(t.dataDir, 'exports');
    mkdirSync(importDir, { recursive: true });
    mkdirSync(exportDir, { recursive: true });
  });
  afterAll(() => t.close());

  const importFile = (body: Record<string, unknown>, token = admin) => request(t.http).post('/query-expansion/admin/bulk-import').set(auth(token)).send(body);
  const exportFile = (body: Record<string, unknown>, token = admin) => request(t.http).post('/query-expansion/admin/export').set(auth(token)).send(body);
  const put = (name: string, content: string | Buffer) => writeFileSync(join(importDir, name), content);

  async function entries(domain: string): Promise<Entry[]> {
    const res = await request(t.http).get(`/query-expansion/synonyms?domain=${encodeURIComponent(domain)}&limit=1000&sort=id&order=asc`).set(auth(admin));
    expect(res.status).toBe(200);
    return res.body.synonyms as Entry[];
  }
  const catalogue = (list: Entry[]) =>
    list
      .map((e) => Object.fromEntries(CATALOGUE_FIELDS.map((f) => [f, e[f]])))
      .sort((a, b) => `${a.term}\u0000${a.synonym}`.localeCompare(`${b.term}\u0000${b.synonym}`));

  describe('CSV import', () => {
    it('imports a file with a BOM, odd header spelling and quoted fields (commas, quotes, newlines)', async () => {
      put(
        'basic.csv',
        '\uFEFF Term , SYNONYM ,Domain,confidence,status,source,tags,notes,context,user_role,department,colour\r\n' +
          'ml,machine learning,,0.9,Active,domain_expert,ai|acronym,"notes, with ""quotes""\nand a second line",data science,Developer,Engineering,red\r\n' +
          'k8s,kubernetes,,,,,,,,,,\r\n' +
          '\r\n' +
          '"Café, ""naïve""",日本語,,,,,,,,,\r\n',
      );
      const res = await importFile({ file_path: 'basic.csv', domain: 'CSVImport' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        result: {
          total_records: 3,
          successful_imports: 3,
          failed_imports: 0,
          conflicts_detected: 0,
          errors: [],
          warnings: [{ row: 0, warning: 'unknown columns ignored: colour', conflicts: [] }],
        },
      });
      const [ml, k8s, cafe] = await entries('csvimport');
      expect(ml).toMatchObject({
        term: 'ml',
        synonym: 'machine learning',
        domain: 'csvimport',
        confidence: 0.9,
        status: 'active',
        source: 'domain_expert',
        tags: ['ai', 'acronym'],
        notes: 'notes, with "quotes"\nand a second line',
        context: 'data science',
        user_role: 'developer',
        department: 'Engineering',
        created_by: 'ada',
      });
      expect(k8s).toMatchObject({ term: 'k8s', synonym: 'kubernetes', status: 'pending', source: 'manual_curation', confidence: 0.8, tags: [], notes: null, user_role: null });
      expect(cafe).toMatchObject({ term: 'Café, "naïve"', synonym: '日本語' });
    });

    it('uses domain general when neither the row nor the request names one; is the default format', async () => {
      put('nodomain.csv', 'term,synonym\nbulk-default-a,bulk-default-b\n');
      const res = await importFile({ file_path: 'nodomain.csv' });
      expect(res.body.result.successful_imports).toBe(1);
      const found = await request(t.http).get('/query-expansion/synonyms?term=bulk-default-a').set(auth(admin));
      expect(found.body.synonyms[0]).toMatchObject({ domain: 'general', status: 'pending' });
    });

    it('reports rows without term or synonym, and other invalid rows, with 1-based data row numbers', async () => {
      put('bad.csv', ['term,synonym,confidence,status,tags', 'a1,b1,,,', ',b2,,,', 'a3,,,,', ',,,,', 'a5,b5,2,,', 'a6,A6,,,', 'a7,b7,abc,,', 'a8,b8,,archived,', `a9,b9,,,${'x'.repeat(51)}`].join('\n'));
      const res = await importFile({ file_path: 'bad.csv', domain: 'badrows' });
      expect(res.status).toBe(200);
      const { result } = res.body;
      expect(result).toMatchObject({ total_records: 9, successful_imports: 1, failed_imports: 8, conflicts_detected: 0, warnings: [] });
      expect(result.errors.map((e: { row: number }) => e.row)).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
      expect(result.errors[0]).toEqual({ row: 2, error: 'missing required fields: term', data: { term: '', synonym: 'b2', confidence: '', status: '', tags: '' } });
      expect(result.errors[1].error).toBe('missing required fields: synonym');
      expect(result.errors[2].error).toBe('missing required fields: term, synonym');
      expect(result.errors[3].error).toContain('"confidence"');
      expect(result.errors[4].error).toBe('term and synonym must differ');
      expect(result.errors[5].error).toContain('"confidence"');
      expect(result.errors[6].error).toContain('"status"');
      expect(result.errors[7].error).toContain('"tags"');
      expect((await entries('badrows')).map((e) => e.term)).toEqual(['a1']);
    });

    it('accepts and refuses exactly what POST /synonyms does (one entry-preparation path)', async () => {
      // a 202-character scope fits its 255-character column; a department that grows past it once lower-cased does not
      const fits = { domain: 'd'.repeat(50), user_role: 'r'.repeat(50), department: 'D'.repeat(100) };
      const grows = { domain: 'g'.repeat(50), user_role: 'r'.repeat(50), department: 'İ'.repeat(100) };
      const posted = await request(t.http).post('/query-expansion/synonyms').set(auth(curator)).send({ term: 'scope-post', synonym: 'range-post', ...fits });
      expect(posted.status).toBe(200);
      const refused = await request(t.http).post('/query-expansion/synonyms').set(auth(curator)).send({ term: 'scope-post2', synonym: 'range-post2', ...grows });
      expect(refused.status).toBe(400);
      put('scopes.csv', ['term,synonym,domain,user_role,department', `scope-bulk,range-bulk,${fits.domain},${fits.user_role},${fits.department}`, `scope-bulk2,range-bulk2,${grows.domain},${grows.user_role},${grows.department}`, 'x½,x½,,,'].join('\n'));
      const res = await importFile({ file_path: 'scopes.csv' });
      expect(res.body.result).toMatchObject({ total_records: 3, successful_imports: 1, failed_imports: 2 });
      expect(res.body.result.errors.map((e: { row: number; error: string }) => [e.row, e.error])).toEqual([
        [2, refused.body.message],
        [3, 'term and synonym must differ'],
      ]);
      const stored = await entries(fits.domain);
      expect(stored.map((e) => [e.term, e.department])).toEqual([
        ['scope-post', fits.department],
        ['scope-bulk', fits.department],
      ]);
    });

    it('reports a CSV syntax error once and stops reading', async () => {
      put('broken.csv', 'term,synonym\nok1,fine1\n"unclosed,quote\nok2,fine2\n');
      const res = await importFile({ file_path: 'broken.csv', domain: 'brokencsv' });
      expect(res.status).toBe(200);
      expect(res.body.result).toMatchObject({ total_records: 2, successful_imports: 1, failed_imports: 1 });
      expect(res.body.result.errors[0]).toMatchObject({ row: 2, error: expect.stringContaining('CSV syntax error') });
    });

    it('strips exactly one formula-guard quote', async () => {
      put('guard.csv', "term,synonym,notes\n'=cmd,formula,'@x\n'plain,quoted,''=y\n");
      await importFile({ file_path: 'guard.csv', domain: 'guardin' }).expect(200);
      const list = await entries('guardin');
      expect(list.map((e) => [e.term, e.notes])).toEqual([
        ['=cmd', '@x'],
        ["'plain", "'=y"],
      ]);
    });
  });

  describe('JSON import', () => {
    it('imports an array of objects, tags as an array or a | string, and reports non-objects and unknown keys', async () => {
      put(
        'data.json',
        JSON.stringify([
          { term: 'db', synonym: 'database', tags: ['x', 'y'], status: 'active', source: 'external_api', confidence: 0.65 },
          { term: 'ui', synonym: 'user interface', tags: 'a|b', domain: 'JsonOther', user_role: 'designer', extra: 1 },
          'not an object',
          { synonym: 'lonely' },
          { term: 123, synonym: 'number' },
        ]),
      );
      const res = await importFile({ file_path: 'data.json', import_format: 'json', domain: 'jsonimport' });
      expect(res.status).toBe(200);
      expect(res.body.result).toMatchObject({ total_records: 5, successful_imports: 2, failed_imports: 3, conflicts_detected: 0 });
      expect(res.body.result.warnings).toEqual([{ row: 2, warning: 'unknown keys ignored: extra', conflicts: [] }]);
      expect(res.body.result.errors.map((e: { row: number; error: string }) => [e.row, e.error.slice(0, 30)])).toEqual([
        [3, 'each element of the array must'],
        [4, 'missing required fields: term'],
        [5, 'Invalid value for "term": term'],
      ]);
      expect(await entries('jsonimport')).toEqual([
        expect.objectContaining({ term: 'db', synonym: 'database', tags: ['x', 'y'], status: 'active', source: 'external_api', confidence: 0.65 }),
      ]);
      expect(await entries('jsonother')).toEqual([expect.objectContaining({ term: 'ui', tags: ['a', 'b'], user_role: 'designer', status: 'pending' })]);
    });

    it('reports a file that is not one JSON array', async () => {
      put('object.json', '{"term": "a", "synonym": "b"}');
      const res = await importFile({ file_path: 'object.json', import_format: 'json' });
      expect(res.status).toBe(200);
      expect(res.body.result).toMatchObject({ total_records: 1, successful_imports: 0, failed_imports: 1 });
      expect(res.body.result.errors[0].error).toContain('JSON syntax error');
    });

    it('accepts a BOM before the array', async () => {
      put('bom.json', `\uFEFF${JSON.stringify([{ term: 'bom-a', synonym: 'bom-b' }])}`);
      const res = await importFile({ file_path: 'bom.json', import_format: 'json', domain: 'jsonbom' });
      expect(res.body.result).toMatchObject({ total_records: 1, successful_imports: 1 });
    });
  });

  describe('Solr import', () => {
    it('reads equivalence lines (every pair) and explicit mappings, skipping comments and blank lines', async () => {
      put('synonyms.txt', ['# Solr synonyms', '', 'tv, television, telly', 'ml, m.l. => machine learning', '   ', 'bad =>', 'a\\,b => c\\=>d'].join('\n'));
      const res = await importFile({ file_path: 'synonyms.txt', import_format: 'solr', domain: 'solrimport' });
      expect(res.status).toBe(200);
      expect(res.body.result).toMatchObject({ total_records: 7, successful_imports: 6, failed_imports: 1, conflicts_detected: 0, warnings: [] });
      expect(res.body.result.errors).toEqual([{ row: 6, error: expect.stringContaining('both sides'), data: { line: 'bad =>' } }]);
      const pairs = (await entries('solrimport')).map((e) => [e.term, e.synonym]);
      expect(pairs).toEqual([
        ['tv', 'television'],
        ['tv', 'telly'],
        ['television', 'telly'],
        ['ml', 'machine learning'],
        ['m.l.', 'machine learning'],
        ['a,b', 'c=>d'],
      ]);
    });
  });

  describe('conflicts', () => {
    it('skips exact matches (existing or earlier in the file) and imports reverse pairs and other-synonym rows with warnings', async () => {
      await request(t.http).post('/query-expansion/synonyms').set(auth(curator)).send({ term: 'Database', synonym: 'DB', domain: 'conflicts' }).expect(200);
      put('conflicts.csv', 'term,synonym\nＤＡＴＡＢＡＳＥ,db\ncache,buffer\nCACHE, Buffer \ndb,database\ndatabase,datastore\ncache,buffer\n');
      const res = await importFile({ file_path: 'conflicts.csv', domain: 'conflicts' });
      expect(res.status).toBe(200);
      const { result } = res.body;
      expect(result).toMatchObject({ total_records: 6, successful_imports: 3, failed_imports: 0, conflicts_detected: 5, errors: [] });
      expect(result.warnings.map((w: { row: number; conflicts: string[] }) => [w.row, w.conflicts])).toEqual([
        [1, ['exact_match']],
        [3, ['exact_match']],
        [4, ['reverse_pair']],
        [5, ['term_has_other_synonyms']],
        [6, ['exact_match']],
      ]);
      expect(result.warnings[0].warning).toContain('already exists');
      expect(result.warnings[1].warning).toContain('duplicates row 2');
      expect(result.warnings[3].warning).toContain('"db"');
      const list = await entries('conflicts');
      expect(list.map((e) => `${e.term}→${e.synonym}`)).toEqual(['Database→DB', 'cache→buffer', 'db→database', 'database→datastore']);
    });

    it('treats the same pair in another scope as no conflict', async () => {
      put('scoped.csv', 'term,synonym,department\nticket,issue,\nticket,issue,Support\n');
      const res = await importFile({ file_path: 'scoped.csv', domain: 'scoped' });
      expect(res.body.result).toMatchObject({ successful_imports: 2, conflicts_detected: 0 });
    });

    it('retries a failed batch row by row: a pair taken concurrently becomes an exact_match, the rest is imported once', async () => {
      const synonyms = t.app.get(SynonymsService);
      const realAdd = synonyms.add.bind(synonyms);
      const spy = jest.spyOn(synonyms, 'add').mockImplementation(async (input, by, manager) => {
        if (input.term === 'raced') throw new DuplicateSynonymError({ term: 'raced', synonym: 'two', domain: 'race', userRole: null, department: null });
        return realAdd(input, by, manager);
      });
      const announced: number[] = [];
      const sub = t.app.get(CatalogueEvents).changes.subscribe((c: CatalogueChange) => announced.push(c.id));
      try {
        put('race.csv', 'term,synonym\nfirst,one\nraced,two\nthird,three\n');
        const res = await importFile({ file_path: 'race.csv', domain: 'race' });
        expect(res.body.result).toMatchObject({ total_records: 3, successful_imports: 2, failed_imports: 0, conflicts_detected: 1 });
        expect(res.body.result.warnings).toEqual([{ row: 2, warning: expect.any(String), conflicts: ['exact_match'] }]);
      } finally {
        spy.mockRestore();
        sub.unsubscribe();
      }
      const list = await entries('race');
      expect(list.map((e) => e.term)).toEqual(['first', 'third']);
      // Only committed rows are announced, each once (the rolled-back first attempt announced nothing).
      expect(announced).toEqual(list.map((e) => e.id));
      for (const e of list) {
        const audit = await request(t.http).get(`/query-expansion/admin/audit-log?synonym_id=${e.id}`).set(auth(admin));
        expect(audit.body.total).toBe(1);
      }
    });
  });

  describe('audit and announcements', () => {
    it('announces every imported entry to the expansion index after its batch commits', async () => {
      const seen: CatalogueChange[] = [];
      const sub = t.app.get(CatalogueEvents).changes.subscribe((c: CatalogueChange) => seen.push(c));
      put('announce.csv', 'term,synonym,status\nann-a,ann-b,active\nann-c,ann-d,\n');
      await importFile({ file_path: 'announce.csv', domain: 'announce' }).expect(200);
      sub.unsubscribe();
      const list = await entries('announce');
      expect(seen.map((c) => [c.kind, c.id, c.entry?.status])).toEqual(list.map((e) => ['upsert', e.id, e.status]));
    });

    it('writes a create audit entry by the admin with the file in the reason for every imported row', async () => {
      put('audited.csv', 'term,synonym,status\naud-a,aud-b,\naud-c,aud-d,active\n');
      await importFile({ file_path: 'audited.csv', domain: 'audited' }).expect(200);
      const list = await entries('audited');
      expect(list).toHaveLength(2);
      for (const e of list) {
        const res = await request(t.http).get(`/query-expansion/admin/audit-log?synonym_id=${e.id}&action=create`).set(auth(admin));
        expect(res.body.audit_entries).toEqual([
          expect.objectContaining({ action: 'create', performed_by: 'ada', reason: 'bulk import of audited.csv', old_values: null, new_values: expect.objectContaining({ term: e.term, status: e.status }) }),
        ]);
      }
      const byAdmin = await request(t.http).get('/query-expansion/admin/audit-log?action=create&user_id=ada&limit=1000').set(auth(admin));
      const reasons = byAdmin.body.audit_entries.filter((a: { reason: string }) => a.reason === 'bulk import of audited.csv');
      expect(reasons).toHaveLength(2);
    });
  });

  describe('limits', () => {
    afterEach(() => Object.assign(t.app.get(BulkImportService).limits, DEFAULT_IMPORT_LIMITS));

    it('reads at most maxRows records and says so once', async () => {
      t.app.get(BulkImportService).limits.maxRows = 3;
      put('many.csv', `term,synonym\n${Array.from({ length: 6 }, (_, i) => `many${i},lots${i}`).join('\n')}\n`);
      const res = await importFile({ file_path: 'many.csv', domain: 'manyrows' });
      expect(res.body.result).toMatchObject({ total_records: 3, successful_imports: 3, failed_imports: 0 });
      expect(res.body.result.errors).toEqual([{ row: 4, error: expect.stringContaining('row limit of 3'), data: {} }]);
    });

    it('imports in several batches and caps the listed issues', async () => {
      Object.assign(t.app.get(BulkImportService).limits, { batchSize: 2, maxReportedIssues: 2 });
      put('batches.csv', `term,synonym\n${Array.from({ length: 7 }, (_, i) => `batch${i},group${i}`).join('\n')}\n,x\n,y\n,z\n`);
      const res = await importFile({ file_path: 'batches.csv', domain: 'batches' });
      expect(res.body.result).toMatchObject({ total_records: 10, successful_imports: 7, failed_imports: 3 });
      expect(res.body.result.errors.map((e: { row: number }) => e.row)).toEqual([8, 9, 0]);
      expect(res.body.result.errors[2].error).toBe('1 more errors not listed');
      expect(await entries('batches')).toHaveLength(7);
    });

    it('refuses a file over 50 MB with 413 FILE_TOO_LARGE before reading it', async () => {
      const path = join(importDir, 'huge.csv');
      writeFileSync(path, 'term,synonym\n');
      truncateSync(path, DEFAULT_IMPORT_LIMITS.maxFileBytes + 1);
      const res = await importFile({ file_path: 'huge.csv' });
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ code: 'FILE_TOO_LARGE', details: { field: 'file_path', max_size: DEFAULT_IMPORT_LIMITS.maxFileBytes } });
      truncateSync(path, 0);
    });
  });

  describe('import path rules', () => {
    beforeAll(() => {
      writeFileSync(join(t.dataDir, 'outside.csv'), 'term,synonym\nout-a,out-b\n');
      put('inside.csv', 'term,synonym\nin-a,in-b\n');
      mkdirSync(join(importDir, 'adir'), { recursive: true });
      symlinkSync(join(t.dataDir, 'outside.csv'), join(importDir, 'link-out.csv'));
      symlinkSync(t.dataDir, join(importDir, 'linkdir'));
      symlinkSync(join(importDir, 'inside.csv'), join(importDir, 'link-in.csv'));
      symlinkSync(join(importDir, 'nowhere.csv'), join(importDir, 'dangling.csv'));
      execFileSync('mkfifo', [join(importDir, 'pipe.csv')]);
    });

    it.each([
      ['../outside.csv'],
      ['adir/../../outside.csv'],
      ['link-out.csv'],
      ['linkdir/outside.csv'],
      ['bad\u0000name.csv'],
      [''],
      ['   '],
      ['adir'],
      ['.'],
      ['pipe.csv'],
      ['dangling.csv'],
    ])('refuses %j with 400 INVALID_FILE_PATH', async (filePath) => {
      const res = await importFile({ file_path: filePath });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'INVALID_FILE_PATH', details: { field: 'file_path' } });
    });

    it('refuses an absolute path outside the import directory', async () => {
      const res = await importFile({ file_path: join(t.dataDir, 'outside.csv') });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('INVALID_FILE_PATH');
      expect(res.body.message).not.toContain(t.dataDir);
    });

    it('accepts an absolute path inside it and a symlink that stays inside', async () => {
      const abs = await importFile({ file_path: join(importDir, 'inside.csv'), domain: 'pathabs' });
      expect(abs.status).toBe(200);
      expect(abs.body.result.successful_imports).toBe(1);
      const link = await importFile({ file_path: 'link-in.csv', domain: 'pathlink' });
      expect(link.status).toBe(200);
      expect(link.body.result.successful_imports).toBe(1);
    });

    it('answers 404 FILE_NOT_FOUND for a missing file', async () => {
      const res = await importFile({ file_path: 'nope/missing.csv' });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('FILE_NOT_FOUND');
    });

    it('refuses an unknown format, a non-string path and a missing path with 400 VALIDATION_ERROR', async () => {
      for (const [body, field] of [
        [{ file_path: 'inside.csv', import_format: 'xml' }, 'import_format'],
        [{ file_path: 42 }, 'file_path'],
        [{}, 'file_path'],
        [{ file_path: 'inside.csv', domain: 'bad/domain' }, 'domain'],
        [{ file_path: 'inside.csv', extra: true }, 'extra'],
      ] as Array<[Record<string, unknown>, string]>) {
        const res = await importFile(body);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', details: { field } });
      }
    });

    it('answers 403 to a curator on both endpoints', async () => {
      const imp = await importFile({ file_path: 'inside.csv' }, curator);
      expect(imp.status).toBe(403);
      expect(imp.body.code).toBe('INSUFFICIENT_ROLE');
      const exp = await exportFile({ output_path: 'x.csv' }, curator);
      expect(exp.status).toBe(403);
    });
  });

  describe('export', () => {
    beforeAll(async () => {
      put(
        'export-seed.json',
        JSON.stringify([
          { term: 'alpha', synonym: 'first', status: 'active', tags: ['greek', 'letter'], notes: '=SUM(A1:A3)', confidence: 0.5 },
          { term: 'beta, "b"', synonym: 'second\nline', status: 'active', context: '+ctx' },
          { term: '@gamma', synonym: 'third', status: 'pending', department: '-Sales' },
          { term: 'x=>y', synonym: '#hash, tag', status: 'active' },
        ]),
      );
      const res = await importFile({ file_path: 'export-seed.json', import_format: 'json', domain: 'exportsrc' });
      expect(res.body.result.successful_imports).toBe(4);
    });

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
      const data = JSON.parse(readFileSync(join(exportDir, 'out.json'), 'utf8'));
      expect(data).toHaveLength(4);
      expect(Object.keys(data[0])).toEqual([...CATALOGUE_FIELDS]);
      expect(data[0]).toEqual({ term: 'alpha', synonym: 'first', domain: 'exportsrc', confidence: 0.5, status: 'active', source: 'manual_curation', tags: ['greek', 'letter'], notes: '=SUM(A1:A3)', context: null, user_role: null, department: null });
    });

    it('writes an empty JSON array and a header-only CSV when nothing matches', async () => {
      await exportFile({ output_path: 'empty.json', export_format: 'json', domain: 'nothing-here' }).expect(200);
      expect(JSON.parse(readFileSync(join(exportDir, 'empty.json'), 'utf8'))).toEqual([]);
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
      expect((await exportFile({ output_path: 'x.csv', export_format: 'xml' })).body.details.field).toBe('export_format');
      expect((await exportFile({ output_path: 'x.csv', status: 'archived' })).body.details.field).toBe('status');
    });

    it('replaces an existing file atomically and leaves no temp files, also when the export fails midway', async () => {
      const path = join(exportDir, 'atomic.csv');
      writeFileSync(path, 'old content '.repeat(10_000));
      const exporter = t.app.get(ExportService);
      exporter.pageSize = 1;
      try {
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
        const failed = await exportFile({ output_path: 'atomic.csv', export_format: 'json', domain: 'exportsrc' });
        spy.mockRestore();
        expect(failed.status).toBe(500);
        expect(readFileSync(path, 'utf8')).toBe(text);
      } finally {
        exporter.pageSize = 1000;
      }
      expect(readdirSync(exportDir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    });
  });

  describe('round trip', () => {
    const awkward = [
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

    async function seed(): Promise<Entry[]> {
      put('roundtrip-seed.json', JSON.stringify(awkward));
      const res = await importFile({ file_path: 'roundtrip-seed.json', import_format: 'json' });
      expect(res.body.result).toMatchObject({ successful_imports: awkward.length, failed_imports: 0 });
      return entries('roundtrip');
    }

    async function wipe(list: Entry[]): Promise<void> {
      for (const e of list) await request(t.http).delete(`/query-expansion/synonyms/${e.id}`).set(auth(admin)).expect(200);
      expect(await entries('roundtrip')).toEqual([]);
    }

    it.each([['csv'], ['json']])('export then import as %s reproduces the catalogue entries exactly', async (format) => {
      const before = await seed();
      expect(catalogue(before)).toEqual(catalogue(awkward as unknown as Entry[]));
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

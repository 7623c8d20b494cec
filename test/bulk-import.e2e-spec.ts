import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@jest/globals';
import { DEFAULT_BULK_LIMITS, type BulkLimits } from '../src/admin/bulk/bulk.limits';
import type { BulkImportDto } from '../src/admin/bulk/dto/bulk.dto';
import { CatalogueEvents, type CatalogueChange } from '../src/synonyms/catalogue-events';
import { DuplicateSynonymError } from '../src/synonyms/synonym.errors';
import { SynonymsService } from '../src/synonyms/synonyms.service';
import { unchecked, type Body } from './client';
import { bulkFiles, type BulkFiles } from './setup/bulk-files';
import { createTestApp, type TestApp } from './setup/create-test-app';

describe('Bulk import', () => {
  let t: TestApp;
  let admin: string;
  let curator: string;
  let importDir: string;
  let put: BulkFiles['put'];
  let entries: BulkFiles['entries'];

  beforeAll(async () => {
    t = await createTestApp();
    admin = t.token('ada', ['admin']);
    curator = t.token('cora', ['curator']);
    ({ importDir, put, entries } = bulkFiles(t, admin));
  });
  afterAll(() => t.close());

  const importFile = (body: Body<BulkImportDto>, token = admin) => t.api.admin.bulkImport(body, token);

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
      const found = await t.api.synonyms.list({ term: 'bulk-default-a' }, admin);
      expect(found.body.synonyms[0]).toMatchObject({ domain: 'general', status: 'pending' });
    });

    it('reports rows without term or synonym, and other invalid rows, with 1-based data row numbers', async () => {
      put('bad.csv', ['term,synonym,confidence,status,tags', 'a1,b1,,,', ',b2,,,', 'a3,,,,', ',,,,', 'a5,b5,2,,', 'a6,A6,,,', 'a7,b7,abc,,', 'a8,b8,,archived,', `a9,b9,,,${'x'.repeat(51)}`].join('\n'));
      const res = await importFile({ file_path: 'bad.csv', domain: 'badrows' });
      expect(res.status).toBe(200);
      const { result } = res.body;
      expect(result).toMatchObject({ total_records: 9, successful_imports: 1, failed_imports: 8, conflicts_detected: 0, warnings: [] });
      expect(result.errors.map((e) => e.row)).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
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
      const posted = await t.api.synonyms.create({ term: 'scope-post', synonym: 'range-post', ...fits }, curator);
      expect(posted.status).toBe(200);
      const refused = await t.api.synonyms.create({ term: 'scope-post2', synonym: 'range-post2', ...grows }, curator);
      expect(refused.status).toBe(400);
      put('scopes.csv', ['term,synonym,domain,user_role,department', `scope-bulk,range-bulk,${fits.domain},${fits.user_role},${fits.department}`, `scope-bulk2,range-bulk2,${grows.domain},${grows.user_role},${grows.department}`, 'x½,x½,,,'].join('\n'));
      const res = await importFile({ file_path: 'scopes.csv' });
      expect(res.body.result).toMatchObject({ total_records: 3, successful_imports: 1, failed_imports: 2 });
      expect(res.body.result.errors.map((e) => [e.row, e.error])).toEqual([
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
      expect(res.body.result.errors.map((e) => [e.row, e.error.slice(0, 30)])).toEqual([
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
      await t.api.synonyms.create({ term: 'Database', synonym: 'DB', domain: 'conflicts' }, curator).expect(200);
      put('conflicts.csv', 'term,synonym\nＤＡＴＡＢＡＳＥ,db\ncache,buffer\nCACHE, Buffer \ndb,database\ndatabase,datastore\ncache,buffer\n');
      const res = await importFile({ file_path: 'conflicts.csv', domain: 'conflicts' });
      expect(res.status).toBe(200);
      const { result } = res.body;
      expect(result).toMatchObject({ total_records: 6, successful_imports: 3, failed_imports: 0, conflicts_detected: 5, errors: [] });
      expect(result.warnings.map((w) => [w.row, w.conflicts])).toEqual([
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
      const sub = t.app.get(CatalogueEvents).changes.subscribe((c) => announced.push(c.id));
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
        const audit = await t.api.admin.auditLog({ synonym_id: e.id }, admin);
        expect(audit.body.total).toBe(1);
      }
    });
  });

  describe('audit and announcements', () => {
    it('announces every imported entry to the expansion index after its batch commits', async () => {
      const seen: CatalogueChange[] = [];
      const sub = t.app.get(CatalogueEvents).changes.subscribe((c) => seen.push(c));
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
        const res = await t.api.admin.auditLog({ synonym_id: e.id, action: 'create' }, admin);
        expect(res.body.audit_entries).toEqual([
          expect.objectContaining({ action: 'create', performed_by: 'ada', reason: 'bulk import of audited.csv', old_values: null, new_values: expect.objectContaining({ term: e.term, status: e.status }) }),
        ]);
      }
      const byAdmin = await t.api.admin.auditLog({ action: 'create', user_id: 'ada', limit: 1000 }, admin);
      const reasons = byAdmin.body.audit_entries.filter((a) => a.reason === 'bulk import of audited.csv');
      expect(reasons).toHaveLength(2);
    });
  });

  describe('limits', () => {
    /** Runs one test on an app of its own with other import limits. */
    async function withLimits(limits: Partial<BulkLimits>, run: (app: TestApp, files: BulkFiles) => Promise<void>): Promise<void> {
      const app = await createTestApp({ bulkLimits: limits });
      try {
        await run(app, bulkFiles(app, admin));
      } finally {
        await app.close();
      }
    }

    it('reads at most maxRows records and says so once', () =>
      withLimits({ maxRows: 3 }, async (app, files) => {
        files.put('many.csv', `term,synonym\n${Array.from({ length: 6 }, (_, i) => `many${i},lots${i}`).join('\n')}\n`);
        const res = await app.api.admin.bulkImport({ file_path: 'many.csv', domain: 'manyrows' }, admin);
        expect(res.body.result).toMatchObject({ total_records: 3, successful_imports: 3, failed_imports: 0 });
        expect(res.body.result.errors).toEqual([{ row: 4, error: expect.stringContaining('row limit of 3'), data: {} }]);
      }));

    it('imports in several batches and caps the listed issues', () =>
      withLimits({ batchSize: 2, maxReportedIssues: 2 }, async (app, files) => {
        files.put('batches.csv', `term,synonym\n${Array.from({ length: 7 }, (_, i) => `batch${i},group${i}`).join('\n')}\n,x\n,y\n,z\n`);
        const res = await app.api.admin.bulkImport({ file_path: 'batches.csv', domain: 'batches' }, admin);
        expect(res.body.result).toMatchObject({ total_records: 10, successful_imports: 7, failed_imports: 3 });
        expect(res.body.result.errors.map((e) => e.row)).toEqual([8, 9, 0]);
        expect(res.body.result.errors[2].error).toBe('1 more errors not listed');
        expect(await files.entries('batches')).toHaveLength(7);
      }));

    it('refuses a file over 50 MB with 413 FILE_TOO_LARGE before reading it', async () => {
      const path = join(importDir, 'huge.csv');
      writeFileSync(path, 'term,synonym\n');
      truncateSync(path, DEFAULT_BULK_LIMITS.maxFileBytes + 1);
      const res = await importFile({ file_path: 'huge.csv' });
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ code: 'FILE_TOO_LARGE', details: { field: 'file_path', max_size: DEFAULT_BULK_LIMITS.maxFileBytes } });
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
        [unchecked({ file_path: 'inside.csv', import_format: 'xml' }), 'import_format'],
        [unchecked({ file_path: 42 }), 'file_path'],
        [{}, 'file_path'],
        [{ file_path: 'inside.csv', domain: 'bad/domain' }, 'domain'],
        [unchecked({ file_path: 'inside.csv', extra: true }), 'extra'],
      ] as Array<[Body<BulkImportDto>, string]>) {
        const res = await importFile(body);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', details: { field } });
      }
    });

    it('answers 403 to a curator on both endpoints', async () => {
      const imp = await importFile({ file_path: 'inside.csv' }, curator);
      expect(imp.status).toBe(403);
      expect(imp.body.code).toBe('INSUFFICIENT_ROLE');
      const exp = await t.api.admin.export({ output_path: 'x.csv' }, curator);
      expect(exp.status).toBe(403);
    });
  });

});

import { expect } from '@jest/globals';
import { ExpansionRecorder } from '../src/expansion/expansion-recorder.service';
import type { LintFindingDto } from '../src/impact/dto/impact.dto';
import { unchecked } from './client';
import { expansionEvent, synonymBody } from './factories';
import { createTestApp, type TestApp } from './setup/create-test-app';

const DAY_MS = 86_400_000;

/** Issue 12, points 4 and 5: impact simulation and rule lint (docs/CURATION.md). */
describe('Impact simulation: POST /query-expansion/admin/simulate', () => {
  let t: TestApp;
  let user: string;
  let curator: string;
  let admin: string;
  let laptopId: number;
  /** expanded_query texts POST /expand answers today, at the defaults */
  const answer = async (query: string) => {
    const res = await t.api.expand({ query }, user).expect(200);
    return res.body.expanded_queries.map((r) => r.expanded_query);
  };

  beforeAll(async () => {
    t = await createTestApp();
    user = t.token('uma', ['user']);
    curator = t.token('cora', ['curator']);
    admin = t.token('ada', ['admin']);
    laptopId = await t.api.synonyms.createdId(synonymBody({ term: 'laptop', synonym: 'portable computer', domain: 'technical', confidence: 0.9 }), curator);
    // the known log: laptop crashing ×3, printer jammed ×2, expense deadline ×1, each a real expansion
    for (const query of ['laptop crashing', 'printer jammed', 'laptop crashing', 'expense deadline', 'printer jammed', 'laptop crashing']) await answer(query);
  });
  afterAll(() => t.close());

  it('shows what a created entry adds to a frequent query: before as answered today, after with the new alternative', async () => {
    const before = await answer('printer jammed');
    expect(before).not.toContain('copier jammed');
    const res = await t.api.impact.simulate({ changes: [{ action: 'create', term: 'printer', synonym: 'copier', domain: 'general', confidence: 0.9 }] }, curator);
    expect(res.status).toBe(200);
    const [example] = res.body.examples;
    expect(res.body).toEqual({
      queries_replayed: 3,
      queries_changed: 1,
      share_changed: 0.3333,
      alternatives_added: example.after.filter((a) => !example.before.includes(a)).length,
      alternatives_removed: example.before.filter((b) => !example.after.includes(b)).length,
      examples: [{ query: 'printer jammed', count: 3, before, after: expect.arrayContaining(['copier jammed']) }],
      lint: [],
    });
    // three, not two: answering it above recorded it once more
    expect(res.body.alternatives_added).toBeGreaterThanOrEqual(1);
  });

  it('shows what a deletion removes, and leaves the live index as it was', async () => {
    const before = await answer('laptop crashing');
    expect(before).toContain('portable computer crashing');
    const res = await t.api.impact.simulate({ changes: [{ action: 'delete', synonym_id: laptopId }] }, admin);
    expect(res.status).toBe(200);
    const [example] = res.body.examples;
    expect(res.body).toMatchObject({ queries_replayed: 3, queries_changed: 1, examples: [{ query: 'laptop crashing', count: 4, before, after: expect.any(Array) }] });
    expect(example.after).not.toContain('portable computer crashing');
    expect(res.body.alternatives_removed).toBe(before.filter((b) => !example.after.includes(b)).length);
    expect(res.body.alternatives_added).toBe(example.after.filter((a) => !before.includes(a)).length);
    expect(res.body.alternatives_removed).toBeGreaterThanOrEqual(2);
    // nothing changed for real: the same answer, the entry still active
    expect(await answer('laptop crashing')).toEqual(before);
    expect((await t.api.synonyms.get(laptopId, curator)).body.status).toBe('active');
    // and made for real, the change answers what was simulated (the thesaurus takes over the freed words)
    await t.api.synonyms.update(laptopId, { status: 'deprecated' }, curator).expect(200);
    expect(await answer('laptop crashing')).toEqual(example.after);
    await t.api.synonyms.update(laptopId, { status: 'active' }, curator).expect(200);
    expect(await answer('laptop crashing')).toEqual(before);
  });

  it('predicts exactly what the index answers once the change is made for real', async () => {
    const simulated = await t.api.impact.simulate({ changes: [{ action: 'update', synonym_id: laptopId, synonym: 'mobile workstation' }] }, curator).expect(200);
    const example = simulated.body.examples.find((e) => e.query === 'laptop crashing');
    expect(example?.after).toContain('mobile workstation crashing');
    // deactivate the old wording and add the new one for real: the same after
    const fresh = await t.api.synonyms.createdId(synonymBody({ term: 'laptop', synonym: 'mobile workstation', domain: 'technical', confidence: 0.9 }), curator);
    await t.api.synonyms.update(laptopId, { status: 'deprecated' }, curator).expect(200);
    expect(await answer('laptop crashing')).toEqual(example?.after);
    await t.api.synonyms.update(fresh, { status: 'deprecated' }, curator).expect(200);
    await t.api.synonyms.update(laptopId, { status: 'active' }, curator).expect(200);
  });

  it('activates an inactive entry and deactivates an active one in one change set', async () => {
    const printer = await t.api.synonyms.createdId(synonymBody({ term: 'printer', synonym: 'copier', domain: 'general', confidence: 0.9 }), curator);
    await t.api.synonyms.update(printer, { status: 'deprecated' }, curator).expect(200);
    const res = await t.api.impact.simulate({ changes: [{ action: 'activate', synonym_id: printer }, { action: 'deactivate', synonym_id: laptopId }] }, curator).expect(200);
    expect(res.body.examples.map((e) => e.query).sort()).toEqual(['laptop crashing', 'printer jammed']);
    expect(res.body.examples.find((e) => e.query === 'printer jammed')?.after).toContain('copier jammed');
    expect(res.body.examples.find((e) => e.query === 'laptop crashing')?.after).not.toContain('portable computer crashing');
  });

  it('replays the queries of the last `days` only, at most `limit`, most frequent first', async () => {
    const recorder = t.app.get(ExpansionRecorder);
    for (let i = 0; i < 20; i++) recorder.record(expansionEvent({ query: 'laptop battery', createdAt: new Date(Date.now() - 10 * DAY_MS) }));
    const del = [{ action: 'delete' as const, synonym_id: laptopId }];
    const week = await t.api.impact.simulate({ changes: del }, curator).expect(200);
    expect(week.body.examples.map((e) => e.query)).toEqual(['laptop crashing']);
    const recent = week.body.examples[0].count;
    expect(recent).toBeLessThan(20);
    const month = await t.api.impact.simulate({ changes: del, days: 30 }, curator).expect(200);
    expect(month.body.examples.map((e) => [e.query, e.count])).toEqual([['laptop battery', 20], ['laptop crashing', recent]]);
    const top = await t.api.impact.simulate({ changes: del, days: 30, limit: 1 }, curator).expect(200);
    expect([top.body.queries_replayed, top.body.examples.map((e) => e.query)]).toEqual([1, ['laptop battery']]);
  });

  it('includes the lint findings its change set brings', async () => {
    const res = await t.api.impact.simulate({ changes: [{ action: 'create', term: 'portable computer', synonym: 'mobile pc', domain: 'technical' }] }, curator).expect(200);
    expect(res.body.lint).toEqual([expect.objectContaining({ kind: 'chain', severity: 'info', entry_ids: [laptopId], change_indexes: [0] })]);
  });

  it.each([
    ['limit above 10000', { limit: 10_001 }, 'limit'],
    ['days of 0', { days: 0 }, 'days'],
    ['a non-integer limit', { limit: 2.5 }, 'limit'],
  ])('refuses %s with the 400 envelope', async (_name, extra, field) => {
    const res = await t.api.impact.simulate({ changes: [{ action: 'delete', synonym_id: laptopId }], ...extra }, curator);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'Bad Request', code: 'VALIDATION_ERROR', details: { field } });
  });

  it('refuses changes without what their action needs', async () => {
    const cases: [unknown, string][] = [
      [{ changes: [{ action: 'create', term: 'printer', synonym: 'copier' }] }, 'changes.0.domain'],
      [{ changes: [{ action: 'delete' }] }, 'changes.0.synonym_id'],
      [{ changes: [{ action: 'rename', synonym_id: laptopId }] }, 'changes.0.action'],
      [{ changes: [] }, 'changes'],
      [{}, 'changes'],
    ];
    for (const [body, field] of cases) {
      const res = await t.api.impact.simulate(unchecked(body), curator);
      expect([field, res.status, res.body.code, res.body.details?.field]).toEqual([field, 400, 'VALIDATION_ERROR', field]);
    }
  });

  it('answers 404 SYNONYM_NOT_FOUND for a change to an entry that does not exist', async () => {
    const res = await t.api.impact.simulate({ changes: [{ action: 'deactivate', synonym_id: 999_999 }] }, curator);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'SYNONYM_NOT_FOUND', details: { field: 'synonym_id', provided_value: 999_999 } });
  });

  it('is for curators and admins: a user is refused with 403, no token with 401', async () => {
    const body = { changes: [{ action: 'delete' as const, synonym_id: laptopId }] };
    expect((await t.api.impact.simulate(body, user)).body).toMatchObject({ code: 'INSUFFICIENT_ROLE' });
    expect((await t.api.impact.simulate(body, user)).status).toBe(403);
    expect((await t.api.impact.lint({}, user)).status).toBe(403);
    expect((await t.api.impact.simulate(body)).status).toBe(401);
    expect((await t.api.impact.lint({}, curator)).status).toBe(200);
  });
});

describe('Rule lint: POST /query-expansion/admin/lint', () => {
  let t: TestApp;
  let curator: string;
  const ids: Record<string, number> = {};
  const create = async (name: string, term: string, synonym: string, extra = {}) => {
    ids[name] = await t.api.synonyms.createdId(synonymBody({ term, synonym, domain: 'technical', confidence: 0.9, ...extra }), curator);
  };
  const ofKind = (findings: LintFindingDto[], kind: string) => findings.filter((f) => f.kind === kind);

  beforeAll(async () => {
    t = await createTestApp();
    curator = t.token('cora', ['curator']);
    await create('alpha', 'alpha team', 'bravo team');
    await create('bravo', 'bravo team', 'charlie team');
    await create('charlie', 'charlie team', 'alpha team');
    await create('workstation', 'workstation', 'desktop pc');
    await create('desktop', 'desktop pc', 'office computer');
    await create('ticket', 'ticket', 'incident');
    // the same pair proposed for the support role, and refused there
    ids.refused = await t.api.synonyms.createdId(synonymBody({ term: 'ticket', synonym: 'incident', domain: 'technical', user_role: 'support' }), t.token('uma', ['user']));
    await t.api.synonyms.update(ids.refused, { status: 'rejected' }, curator).expect(200);
    await create('sales', 'sales', 'revenue');
    await create('salesDeck', 'sales deck', 'pitch deck');
    await create('vpn', 'VPN', 'virtual private network');
    await create('x', 'x', 'cross');
    // 20 recorded expansions, 12 of them with "workstation"
    const recorder = t.app.get(ExpansionRecorder);
    for (let i = 0; i < 20; i++) recorder.record(expansionEvent({ query: i < 12 ? `workstation model ${i}` : `printer model ${i}` }));
  });
  afterAll(() => t.close());

  it('finds every kind over the whole active catalogue', async () => {
    const res = await t.api.impact.lint({ broad_share: 0.5 }, curator);
    expect(res.status).toBe(200);
    const f = res.body.findings;
    expect(res.body.entries_checked).toBe(10);
    expect(ofKind(f, 'cycle')).toEqual([expect.objectContaining({ severity: 'warning', entry_ids: [ids.alpha, ids.bravo, ids.charlie], change_indexes: [] })]);
    expect(ofKind(f, 'chain')).toEqual([expect.objectContaining({ severity: 'info', entry_ids: [ids.workstation, ids.desktop] })]);
    expect(ofKind(f, 'contradictory')).toEqual([expect.objectContaining({ severity: 'warning', entry_ids: [ids.ticket, ids.refused] })]);
    expect(ofKind(f, 'shadowed')).toEqual([expect.objectContaining({ severity: 'info', entry_ids: [ids.sales, ids.salesDeck] })]);
    expect(ofKind(f, 'redundant')).toEqual([expect.objectContaining({ severity: 'info', entry_ids: [ids.vpn], message: expect.stringContaining('acronym lexicon') })]);
    expect(ofKind(f, 'stop_word')).toEqual([expect.objectContaining({ severity: 'error', entry_ids: [ids.x], message: expect.stringContaining('single character') })]);
    expect(ofKind(f, 'broad')).toEqual([expect.objectContaining({ severity: 'warning', entry_ids: [ids.workstation], message: expect.stringContaining('60% of 20 recorded expansions') })]);
  });

  it('keeps broad terms below the configured share out', async () => {
    const res = await t.api.impact.lint({ broad_share: 0.7 }, curator).expect(200);
    expect(ofKind(res.body.findings, 'broad')).toEqual([]);
  });

  it('lints a change set: only the findings that involve its changes', async () => {
    const res = await t.api.impact.lint(
      { changes: [{ action: 'create', term: 'the', synonym: 'a', domain: 'general' }, { action: 'delete', synonym_id: ids.bravo }, { action: 'update', synonym_id: ids.sales, term: 'sale' }] },
      curator,
    );
    expect(res.status).toBe(200);
    expect(res.body.findings.map((x) => [x.kind, x.change_indexes])).toEqual([
      ['shadowed', [2]],
      ['stop_word', [0]],
      ['stop_word', [0]],
    ]);
    expect(res.body.findings[0].entry_ids).toEqual([ids.sales, ids.salesDeck]);
  });

  it('refuses a broad_share above 1 and a change to a missing entry', async () => {
    expect((await t.api.impact.lint({ broad_share: 2 }, curator)).body).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'broad_share' } });
    expect((await t.api.impact.lint({ changes: [{ action: 'delete', synonym_id: 424_242 }] }, curator)).status).toBe(404);
  });
});

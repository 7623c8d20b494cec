import { expect } from '@jest/globals';
import { JobLeases } from '../src/discovery/job-leases.service';
import { ExpansionRecorder } from '../src/expansion/expansion-recorder.service';
import { expansionEvent, synonymBody } from './factories';
import { createTestApp, isMysqlRun, type TestApp } from './setup/create-test-app';
import { withErrorLogsSilenced } from './setup/logs';

/** An hour ago, so every event is within the lookback period and in order. */
const T0 = Date.now() - 3_600_000;
let sessions = 0;

/**
 * Records, through the expansion module's recorder, one session of `user`: `before`, then `after` `gapSeconds`
 * later (the factory's events, as POST /expand would record them).
 */
async function reformulate(t: TestApp, user: string, before: string, after: string, options: { domain?: string | null; gapSeconds?: number } = {}): Promise<void> {
  const sessionId = `sess_${++sessions}`;
  const start = T0 + sessions * 1000;
  const recorder = t.app.get(ExpansionRecorder);
  recorder.record(expansionEvent({ userId: user, sessionId, query: before, domain: options.domain ?? null, createdAt: new Date(start) }));
  recorder.record(expansionEvent({ userId: user, sessionId, query: after, domain: options.domain ?? null, createdAt: new Date(start + (options.gapSeconds ?? 30) * 1000) }));
  await recorder.flush();
}

const NO_SKIPS = { too_few_users: 0, in_catalogue: 0, rejected: 0, proposed_before: 0, duplicate: 0, invalid: 0 };

describe('Discovery: reformulations and ratings become pending entries with evidence', () => {
  let t: TestApp;
  let admin: string;
  let curator: string;
  let user: string;
  const run = async () => {
    const res = await t.api.admin.runDiscovery(admin);
    expect(res.status).toBe(200);
    return res.body;
  };
  const discovered = async () => (await t.api.synonyms.list({ tag: 'discovered', sort: 'id', order: 'asc' }, admin).expect(200)).body.synonyms;

  beforeAll(async () => {
    t = await createTestApp();
    admin = t.token('ada', ['admin']);
    curator = t.token('cora', ['curator']);
    user = t.token('uma', ['user']);
  });
  afterAll(() => t.close());

  it('turns a reformulation made by 3 users into exactly one pending entry, and one made by 2 users into none', async () => {
    // laptop -> notebook: users u1, u2, u3 (u1 twice, in two sessions), in the technical domain
    await reformulate(t, 'u1', 'laptop crashing', 'notebook crashing', { domain: 'technical' });
    await reformulate(t, 'u1', 'laptop battery drain', 'notebook battery drain', { domain: 'technical' });
    await reformulate(t, 'u2', 'Laptop crashing', 'notebook crashing', { domain: 'technical' });
    await reformulate(t, 'u3', 'reset laptop password', 'reset notebook password');
    // printer -> copier: only 2 users
    await reformulate(t, 'u1', 'printer jammed', 'copier jammed');
    await reformulate(t, 'u2', 'printer jammed', 'copier jammed');
    // not reformulations: outside the 5-minute window, a spelling fix
    await reformulate(t, 'u4', 'monitor flickering', 'screen flickering', { gapSeconds: 301 });
    await reformulate(t, 'u5', 'laptop crashng', 'laptop crashing');

    const body = await run();
    expect(body).toEqual({
      ran: true,
      reason: null,
      sessions_scanned: 8,
      events_scanned: 16,
      candidates: 2,
      created: 1,
      created_by_source: { ml_discovery: 1, user_feedback: 0 },
      moved_to_review: 0,
      skipped: { ...NO_SKIPS, too_few_users: 1 },
      duration_ms: expect.any(Number),
    });
    const entries = await discovered();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ term: 'laptop', synonym: 'notebook', status: 'pending', source: 'ml_discovery', tags: ['discovered'], domain: 'technical', created_by: 'discovery' });

    const audit = await t.api.admin.auditLog({ synonym_id: entries[0].id }, admin).expect(200);
    expect(audit.body.audit_entries).toEqual([expect.objectContaining({ action: 'create', performed_by: 'discovery', reason: expect.stringContaining('3 users, 4 sessions, 4 reformulations') })]);
  });

  it('lists the suggestion with its evidence and the list headers (curator)', async () => {
    const res = await t.api.admin.suggestions({ limit: 10 }, curator);
    expect(res.status).toBe(200);
    expect(res.headers['x-total-count']).toBe('1');
    expect(res.headers['x-page-size']).toBe('10');
    expect(res.headers['x-page-offset']).toBe('0');
    expect(res.headers['x-has-more']).toBe('false');
    expect(res.body.total).toBe(1);
    const [s] = res.body.suggestions;
    expect(s).toMatchObject({ kind: 'reformulation', term: 'laptop', synonym: 'notebook', domain: 'technical', status: 'pending', source: 'ml_discovery' });
    expect(s.evidence).toEqual({
      distinct_users: 3,
      distinct_sessions: 4,
      reformulation_count: 4,
      helpful_count: 0,
      unhelpful_count: 0,
      example_queries: [
        { before: 'laptop crashing', after: 'notebook crashing' },
        { before: 'laptop battery drain', after: 'notebook battery drain' },
        { before: 'Laptop crashing', after: 'notebook crashing' },
        { before: 'reset laptop password', after: 'reset notebook password' },
      ],
      score: 0.5,
      first_seen: new Date(T0 + 1000 + 30_000).toISOString(),
      last_seen: new Date(T0 + 4000 + 30_000).toISOString(),
    });
    expect((await t.api.admin.suggestions({ limit: 1001 }, curator)).status).toBe(400);
  });

  it('does not propose the pair again on a second run, nor its reverse', async () => {
    for (const u of ['u6', 'u7', 'u8']) await reformulate(t, u, 'notebook crashing', 'laptop crashing');
    const body = await run();
    expect(body).toMatchObject({ sessions_scanned: 11, candidates: 3, created: 0, skipped: { ...NO_SKIPS, too_few_users: 1, in_catalogue: 2 } });
    expect(await discovered()).toHaveLength(1);
  });

  it('never proposes a pair a curator rejected, nor a discovered pair whose entry was deleted', async () => {
    const proposed = await t.api.synonyms.createdId(synonymBody({ term: 'invoice', synonym: 'bill', domain: 'business' }), user);
    await t.api.synonyms.update(proposed, { status: 'rejected', reason: 'too ambiguous' }, curator).expect(200);
    for (const u of ['r1', 'r2', 'r3']) await reformulate(t, u, 'invoice overdue', 'bill overdue');
    const [laptop] = await discovered();
    await t.api.synonyms.remove(laptop.id, curator).expect(200);

    const body = await run();
    expect(body).toMatchObject({ candidates: 4, created: 0, skipped: { ...NO_SKIPS, too_few_users: 1, rejected: 1, proposed_before: 2 } });
    expect(await discovered()).toHaveLength(0);
  });

  it('proposes a lexicon pair with 10 helpful ratings (user_feedback) and moves a catalogue entry with 10 unhelpful ones to under_review', async () => {
    // vpn -> virtual private network, from the acronym lexicon, rated helpful by ten users
    const vpn = await t.api.expand({ query: 'VPN setup', domain: 'networking', enabled_strategies: ['acronym_expansion'], expansion_settings: { confidence_threshold: 0 } }, user).expect(200);
    const vpnResult = vpn.body.expanded_queries.find((r) => r.synonyms_used.some((s) => s.synonym === 'virtual private network'));
    expect(vpnResult).toBeDefined();
    // a curator's active entry that users find unhelpful
    const zorkId = await t.api.synonyms.createdId(synonymBody({ term: 'zork', synonym: 'frobnicator', domain: 'technical' }), curator);
    const zork = await t.api.expand({ query: 'zork install', domain: 'technical', expansion_settings: { confidence_threshold: 0 } }, user).expect(200);
    const zorkResult = zork.body.expanded_queries.find((r) => r.synonyms_used.some((s) => s.synonym_id === zorkId));
    expect(zorkResult).toBeDefined();
    await t.app.get(ExpansionRecorder).flush();
    for (let i = 0; i < 10; i++) {
      const rater = t.token(`rater${i}`, ['user']);
      await t.api.feedback.rate({ expansion_id: vpnResult!.expansion_id, was_helpful: true }, rater).expect(200);
      await t.api.feedback.rate({ expansion_id: zorkResult!.expansion_id, was_helpful: false }, rater).expect(200);
    }

    const body = await run();
    expect(body).toMatchObject({ candidates: 6, created: 1, created_by_source: { ml_discovery: 0, user_feedback: 1 }, moved_to_review: 1 });
    const [entry] = await discovered();
    expect(entry).toMatchObject({ term: 'vpn', synonym: 'virtual private network', domain: 'networking', status: 'pending', source: 'user_feedback' });
    expect((await t.api.synonyms.get(zorkId, admin).expect(200)).body.status).toBe('under_review');

    const list = await t.api.admin.suggestions({ sort: 'created_at', order: 'asc' }, admin).expect(200);
    expect(list.body.suggestions.map((s) => [s.kind, s.term, s.status])).toEqual([
      ['reformulation', 'laptop', null],
      ['ratings', 'vpn', 'pending'],
      ['negative_ratings', 'zork', 'under_review'],
    ]);
    expect(list.body.suggestions[1].evidence).toMatchObject({ helpful_count: 10, unhelpful_count: 0, score: 0.722 });
    expect(list.body.suggestions[2].evidence).toMatchObject({ helpful_count: 0, unhelpful_count: 10, score: 0.722 });

    // the next run leaves both alone
    const again = await run();
    expect(again).toMatchObject({ created: 0, moved_to_review: 0 });
    expect(again.skipped.proposed_before).toBeGreaterThanOrEqual(1);
  });

  it('mines the sessions of real POST /expand calls', async () => {
    for (const u of ['e1', 'e2', 'e3']) {
      const token = t.token(u, ['user']);
      await t.api.expand({ query: 'cheap flight booking', session_id: `web-${u}`, domain: 'travel' }, token).expect(200);
      await t.api.expand({ query: 'cheap airfare booking', session_id: `web-${u}`, domain: 'travel' }, token).expect(200);
    }
    const body = await run();
    expect(body).toMatchObject({ created: 1, created_by_source: { ml_discovery: 1, user_feedback: 0 } });
    const list = await t.api.admin.suggestions({ kind: 'reformulation', sort: 'last_seen' }, curator).expect(200);
    expect(list.body.suggestions[0]).toMatchObject({ term: 'flight', synonym: 'airfare', domain: 'travel', status: 'pending', evidence: { distinct_users: 3, distinct_sessions: 3, reformulation_count: 3 } });
  });

  it('lets curators and admins read suggestions, only admins run discovery, and refuses users', async () => {
    expect((await t.api.admin.suggestions({}, user)).status).toBe(403);
    expect((await t.api.admin.runDiscovery(user)).status).toBe(403);
    const byCurator = await t.api.admin.runDiscovery(curator);
    expect(byCurator.status).toBe(403);
    expect(byCurator.body.code).toBe('INSUFFICIENT_ROLE');
    expect((await t.api.admin.suggestions({}, admin)).status).toBe(200);
    expect((await t.api.admin.runDiscovery()).status).toBe(401);
  });
});

describe('The report\'s curation figures', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('counts the period\'s suggestions by source and outcome, the approved ones\' ratings, and the open queue', async () => {
    const admin = t.token('ada', ['admin']);
    const curator = t.token('cora', ['curator']);
    const analyst = t.token('ana', ['analyst']);
    for (const u of ['r1', 'r2', 'r3']) {
      await reformulate(t, u, 'laptop crashing', 'notebook crashing');
      await reformulate(t, u, 'printer jammed', 'copier jammed');
      await reformulate(t, u, 'expense claim form', 'expense reimbursement form');
    }
    expect((await t.api.admin.runDiscovery(admin).expect(200)).body.created).toBe(3);
    const entries = (await t.api.synonyms.list({ tag: 'discovered', sort: 'id', order: 'asc' }, admin).expect(200)).body.synonyms;
    const id = (term: string) => entries.find((e) => e.term === term)!.id;
    await t.api.synonyms.review({ ids: [id('laptop')], action: 'approve', reason: 'seen in sessions' }, curator).expect(200);
    await t.api.synonyms.review({ ids: [id('printer')], action: 'reject', reason: 'another device' }, curator).expect(200);

    // the approved entry is shown by expand and rated: one helpful, one not
    const user = t.token('uma', ['user']);
    const answer = await t.api.expand({ query: 'laptop crashing', expansion_settings: { confidence_threshold: 0 } }, user).expect(200);
    const shown = answer.body.expanded_queries.find((r) => r.synonyms_used.some((s) => s.synonym_id === id('laptop')));
    expect(shown).toBeDefined();
    await t.app.get(ExpansionRecorder).flush();
    await t.api.feedback.rate({ expansion_id: shown!.expansion_id, was_helpful: true }, t.token('rater1', ['user'])).expect(200);
    await t.api.feedback.rate({ expansion_id: shown!.expansion_id, was_helpful: false }, t.token('rater2', ['user'])).expect(200);

    const report = await t.api.analytics.report({}, analyst).expect(200);
    expect(report.body.curation_metrics).toEqual({
      suggestions_by_source: {
        ml_discovery: { created: 3, approved: 1, rejected: 1, open: 1, removed: 0 },
        user_feedback: { created: 0, approved: 0, rejected: 0, open: 0, removed: 0 },
      },
      sent_to_review: 0,
      approved_rated_uses: 2,
      approved_precision: 0.5,
      open_queue: 1,
    });
    // a period before the suggestions: none created in it, the open queue is today's
    const before = await t.api.analytics.report({ end_date: '2020-01-01' }, analyst).expect(200);
    expect(before.body.curation_metrics.suggestions_by_source.ml_discovery).toEqual({ created: 0, approved: 0, rejected: 0, open: 0, removed: 0 });
    expect(before.body.curation_metrics.open_queue).toBe(1);
    // another domain's report counts none of them
    const other = await t.api.analytics.report({ domain: 'finance' }, analyst).expect(200);
    expect(other.body.curation_metrics.open_queue).toBe(0);
  });
});

describe('Discovery on two instances sharing one database', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    a = await createTestApp();
    // the second instance on the first one's database (created before anything is written to it)
    const shared: Record<string, string> = isMysqlRun() ? { DB_NAME: a.mysqlDatabase! } : { DB_PATH: a.dataSource.options.database as string };
    b = (await withErrorLogsSilenced(() => createTestApp({ env: shared }))).result;
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('gives the lease to exactly one of two instances asking at once', async () => {
    const [la, lb] = [a.app.get(JobLeases), b.app.get(JobLeases)];
    for (let round = 0; round < 5; round++) {
      const won = await Promise.all([la.acquire('discovery', 60_000), lb.acquire('discovery', 60_000)]);
      expect(won.filter(Boolean)).toHaveLength(1);
      await la.release('discovery');
      await lb.release('discovery');
    }
  });

  it("answers ran: false on one instance while the other's run holds the lease, and runs once it is released", async () => {
    const admin = a.token('ada', ['admin']);
    expect(await a.app.get(JobLeases).acquire('discovery', 60_000)).toBe(true);
    const refused = await b.api.admin.runDiscovery(admin).expect(200);
    expect(refused.body).toMatchObject({ ran: false, reason: 'another instance holds the discovery lease', created: 0, candidates: 0 });
    await a.app.get(JobLeases).release('discovery');
    expect((await b.api.admin.runDiscovery(admin).expect(200)).body.ran).toBe(true);
  });

  it('never writes a pair twice when both instances run at once', async () => {
    for (const u of ['x1', 'x2', 'x3']) await reformulate(a, u, 'wifi dropping', 'wireless dropping');
    const admin = a.token('ada', ['admin']);
    const answers = await Promise.all([a.api.admin.runDiscovery(admin), b.api.admin.runDiscovery(admin)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(answers.filter((r) => r.body.ran).length).toBeGreaterThanOrEqual(1);
    expect(answers.reduce((n, r) => n + r.body.created, 0)).toBe(1);
    const entries = (await a.api.synonyms.list({ tag: 'discovered' }, admin).expect(200)).body.synonyms;
    expect(entries.map((e) => [e.term, e.synonym])).toEqual([['wifi', 'wireless']]);
  });
});

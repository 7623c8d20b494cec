import { expect } from '@jest/globals';
import { sqlTime } from '../src/common/db/sql';
import { pairKey } from '../src/expansion/engine';
import { ExpansionEventEntity } from '../src/expansion/entities/expansion-event.entity';
import { ExpansionIndexService } from '../src/expansion/expansion-index.service';
import { ExpansionRecorder } from '../src/expansion/expansion-recorder.service';
import { PairStatsService } from '../src/expansion/pair-stats.service';
import { expansionEvent } from './factories';
import { createTestApp, isMysqlRun, type TestApp } from './setup/create-test-app';

const VPN = { term: 'vpn', alternative: 'virtual private network' };

describe('Learning from feedback on lexicon, thesaurus and WordNet alternatives', () => {
  let t: TestApp;
  const rate = (token: string, expansionId: string, wasHelpful: boolean) => t.api.feedback.rate({ expansion_id: expansionId, was_helpful: wasHelpful }, token);
  /** "VPN setup" through the acronym lexicon only: its results use vpn -> virtual private network, no catalogue entry. */
  const expandVpn = async (token: string, domain: string) => {
    const res = await t.api.expand({ query: 'VPN setup', domain, enabled_strategies: ['acronym_expansion'], expansion_settings: { confidence_threshold: 0 } }, token);
    expect(res.status).toBe(200);
    const result = res.body.expanded_queries.find((r) => r.synonyms_used.some((s) => s.synonym === 'virtual private network'));
    expect(result).toBeDefined();
    expect(result!.synonyms_used.every((s) => s.synonym_id === undefined)).toBe(true);
    return { expansionId: res.body.expansion_id, resultId: result!.expansion_id };
  };
  const stat = async (domain: string) => {
    const rows = await t.dataSource.query<{ helpful_count: unknown; usage_count: unknown }[]>(
      'SELECT helpful_count, usage_count FROM expansion_pair_stats WHERE term = ? AND alternative = ? AND domain = ?',
      [VPN.term, VPN.alternative, domain],
    );
    return rows.map((r) => ({ helpful: Number(r.helpful_count), uses: Number(r.usage_count) }));
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('records an unhelpful rating of an acronym-lexicon result as one pair updated (usage 1, helpful 0)', async () => {
    const user = t.token('uma', ['user']);
    const { resultId } = await expandVpn(user, 'technical');
    const res = await rate(user, resultId, false);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, synonyms_updated: 1, message: expect.stringContaining('1 learnt pair') });
    expect(await stat('technical')).toEqual([{ helpful: 0, uses: 1 }]);
    // This instance's table has it at once, without waiting for the sync.
    expect(t.app.get(ExpansionIndexService).pairStats.get(pairKey(VPN.term, VPN.alternative, 'technical'))).toEqual({ helpful: 0, uses: 1 });
  });

  it("counts one user's ratings of one expansion once per pair", async () => {
    const user = t.token('ursula', ['user']);
    const { expansionId, resultId } = await expandVpn(user, 'technical');
    await rate(user, resultId, true).expect(200);
    expect(await stat('technical')).toEqual([{ helpful: 1, uses: 2 }]);
    // The same id again is refused; the whole answer (whose results share the pair) adds nothing more.
    expect((await rate(user, resultId, true)).status).toBe(409);
    const whole = await rate(user, expansionId, true);
    expect(whole.status).toBe(200);
    expect(whole.body.synonyms_updated).toBe(0);
    expect(await stat('technical')).toEqual([{ helpful: 1, uses: 2 }]);
  });

  it("adds up ten users' concurrent unhelpful ratings, findChangedSince returns the pair, and the index holds it", async () => {
    const before = new Date(Date.now() - 1000);
    const owner = t.token('oscar', ['user']);
    const { resultId } = await expandVpn(owner, 'networking');
    await t.app.get(ExpansionRecorder).flush();
    // At the same time: the counts are added by the database, so concurrent ratings add up.
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => rate(t.token(`rater${i}`, ['user']), resultId, false)));
    expect(answers.map((r) => [r.status, r.body.synonyms_updated])).toEqual(Array.from({ length: 10 }, () => [200, 1]));
    expect(await stat('networking')).toEqual([{ helpful: 0, uses: 10 }]);
    const changed = await t.app.get(PairStatsService).findChangedSince(before, 100);
    expect(changed).toEqual(expect.arrayContaining([expect.objectContaining({ ...VPN, domain: 'networking', helpfulCount: 0, usageCount: 10 })]));
    expect(t.app.get(ExpansionIndexService).pairStats.get(pairKey(VPN.term, VPN.alternative, 'networking'))).toEqual({ helpful: 0, uses: 10 });
  });

  it('keeps requests without a domain, or in "general", under one pair', async () => {
    const user = t.token('gina', ['user']);
    const plain = await t.api.expand({ query: 'VPN setup', enabled_strategies: ['acronym_expansion'] }, user);
    const general = await t.api.expand({ query: 'VPN setup', domain: 'general', enabled_strategies: ['acronym_expansion'] }, user);
    await rate(user, plain.body.expansion_id, true).expect(200);
    await rate(user, general.body.expansion_id, true).expect(200);
    expect(await stat('')).toEqual([{ helpful: 2, uses: 2 }]);
    expect(t.app.get(ExpansionIndexService).pairStats.get(pairKey(VPN.term, VPN.alternative, null))).toEqual({ helpful: 2, uses: 2 });
  });

  it("picks up another instance's ratings in the one-second sync", async () => {
    const now = sqlTime(new Date());
    await t.dataSource.query('INSERT INTO expansion_pair_stats (term, alternative, domain, helpful_count, usage_count, updated_at) VALUES (?, ?, ?, ?, ?, ?)', [
      'k8s', 'kubernetes', 'technical', 3, 4, now,
    ]);
    const indexes = t.app.get(ExpansionIndexService);
    await indexes.syncFromDatabase();
    expect(indexes.pairStats.get(pairKey('k8s', 'kubernetes', 'technical'))).toEqual({ helpful: 3, uses: 4 });
  });

  it('rates an expansion recorded before pairs were learnt (results without pairs)', async () => {
    const id = 'exp_0123456789abcdef0123456789abcdef';
    await t.dataSource.getRepository(ExpansionEventEntity).insert(
      expansionEvent({
        id,
        userId: 'uma',
        domain: 'technical',
        query: 'VPN setup',
        resultCount: 1,
        strategies: ['acronym_expansion'],
        avgConfidence: 0.9,
        avgRelevance: 0.7,
        results: [{ expansion_id: `${id}.1`, expansion_type: 'acronym_expansion', confidence_score: 0.9, relevance_score: 0.7, synonym_ids: [] }],
      }),
    );
    const one = await rate(t.token('uma', ['user']), `${id}.1`, true);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ success: true, synonyms_updated: 0 });
    const whole = await rate(t.token('olga', ['user']), id, false);
    expect(whole.status).toBe(200);
    expect(whole.body.synonyms_updated).toBe(0);
  });

  // Two instances on one database: a file SQLite database can be opened twice; the MySQL suite gives each app its
  // own database, so there the start-up load is covered through the sync test above (same loading query).
  if (!isMysqlRun()) {
  it('loads every pair statistic when an instance starts', async () => {
    const other = await createTestApp({ env: { DB_PATH: t.dataSource.options.database as string } });
    try {
      const table = other.app.get(ExpansionIndexService).pairStats;
      expect(table.get(pairKey(VPN.term, VPN.alternative, 'networking'))).toEqual({ helpful: 0, uses: 10 });
      expect(table.get(pairKey('k8s', 'kubernetes', 'technical'))).toEqual({ helpful: 3, uses: 4 });
    } finally {
      await other.close();
    }
  });
  }
});

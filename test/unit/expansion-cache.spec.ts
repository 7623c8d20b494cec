import { expand, ExpansionIndex, PairStatsTable, type CatalogueEntry, type EngineResult, type ExpansionRequest } from '../../src/expansion/engine';
import { BYTES_PER_ENTRY, ExpansionCache, MAX_CACHE_KEY_LENGTH, weightOf, type CachedExpansion, type ExpansionSources } from '../../src/expansion/expansion-cache';

describe('ExpansionCache', () => {
  const request = (query: string, extra: Partial<ExpansionRequest> = {}): ExpansionRequest => ({ query, maxExpansions: 10, confidenceThreshold: 0, ...extra });
  const entry = (id: number, term: string, synonym: string): CatalogueEntry => ({ id, term, synonym, domain: 'technical', confidence: 0.9, userRole: null, department: null, context: null, tags: [] });
  const computed = (label: string): CachedExpansion => ({ results: [], strategies: [label], recorded: [], avgConfidence: 0, avgRelevance: 0, json: [] });
  let sources: ExpansionSources;
  beforeEach(() => {
    sources = { index: ExpansionIndex.build([entry(1, 'laptop', 'notebook')]), wordnet: undefined, pairStats: new PairStatsTable() };
  });

  it('serves what was stored for the same request while the index, WordNet and pair statistics are unchanged', () => {
    const cache = new ExpansionCache(10);
    const key = cache.keyOf(request('laptop docking station'))!;
    expect(cache.get(key, sources)).toBeUndefined();
    const value = computed('a');
    cache.set(key, value, sources);
    expect(cache.get(key, sources)).toBe(value);
    // another request is another key: role, domain and settings are part of it
    expect(cache.keyOf(request('laptop docking station', { userRole: 'developer' }))).not.toBe(key);
    expect(cache.keyOf(request('laptop docking station', { confidenceThreshold: 0.5 }))).not.toBe(key);
    expect(cache.keyOf(request('laptop docking station'))).toBe(key);
  });

  it('empties when a catalogue entry is added, replaced or removed, or the index is rebuilt', () => {
    const cache = new ExpansionCache(10);
    const key = cache.keyOf(request('laptop'))!;
    const fill = () => cache.set(key, computed('x'), sources);
    fill();
    sources.index.upsert(entry(2, 'vendor', 'supplier'));
    expect(cache.get(key, sources)).toBeUndefined();
    fill();
    sources.index.upsert(entry(1, 'laptop', 'notebook computer'));
    expect(cache.get(key, sources)).toBeUndefined();
    fill();
    sources.index.remove(2);
    expect(cache.get(key, sources)).toBeUndefined();
    fill();
    sources.index.remove(99); // not held: nothing changed
    expect(cache.get(key, sources)).toBeDefined();
    // the sync applies a changed row again: the same entry as held changes nothing, any field changed does
    sources.index.upsert(entry(1, 'laptop', 'notebook computer'));
    expect(cache.get(key, sources)).toBeDefined();
    for (const changed of [{ confidence: 0.8 }, { userRole: 'developer' }, { context: 'hardware' }, { successRate: 0.5 }, { usageCount: 3 }, { domain: 'business' }]) {
      sources.index.upsert({ ...entry(1, 'laptop', 'notebook computer'), ...changed });
      expect(cache.get(key, sources)).toBeUndefined();
      fill();
      sources.index.upsert({ ...entry(1, 'laptop', 'notebook computer'), ...changed });
      expect(cache.get(key, sources)).toBeDefined();
      sources.index.upsert(entry(1, 'laptop', 'notebook computer'));
      fill();
    }
    sources = { ...sources, index: ExpansionIndex.build([entry(1, 'laptop', 'notebook')]) };
    expect(cache.get(key, sources)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('empties when a pair rating changes, not when the same counts are applied again (the sync re-reads rows)', () => {
    const cache = new ExpansionCache(10);
    const key = cache.keyOf(request('laptop'))!;
    sources.pairStats.set('laptop\u0001notebook\u0001', { helpful: 0, uses: 1 });
    cache.set(key, computed('x'), sources);
    sources.pairStats.set('laptop\u0001notebook\u0001', { helpful: 0, uses: 1 });
    expect(cache.get(key, sources)).toBeDefined();
    sources.pairStats.set('laptop\u0001notebook\u0001', { helpful: 0, uses: 2 });
    expect(cache.get(key, sources)).toBeUndefined();
  });

  it('drops the least recently used request at capacity, and is off at capacity 0', () => {
    const cache = new ExpansionCache(2);
    const [a, b, c] = ['a', 'b', 'c'].map((q) => cache.keyOf(request(q))!);
    cache.set(a, computed('a'), sources);
    cache.set(b, computed('b'), sources);
    expect(cache.get(a, sources)).toBeDefined(); // a is now the most recent
    cache.set(c, computed('c'), sources);
    expect(cache.get(b, sources)).toBeUndefined();
    expect(cache.get(a, sources)?.strategies).toEqual(['a']);
    expect(cache.get(c, sources)?.strategies).toEqual(['c']);
    expect(cache.size).toBe(2);
    expect(new ExpansionCache(0).keyOf(request('a'))).toBeUndefined();
  });

  it('holds at most capacity x BYTES_PER_ENTRY estimated bytes: large answers push out old ones, and one too large is not kept', () => {
    const cache = new ExpansionCache(4);
    /** an answer of n results, each repeating a 200-character query */
    const large = (n: number): CachedExpansion => ({
      ...computed('l'),
      results: Array.from({ length: n }, () => ({ expanded_query: 'q'.repeat(200) }) as EngineResult),
      json: Array.from({ length: n }, () => `{"expanded_query":"${'q'.repeat(200)}"`),
    });
    const keys = ['a', 'b', 'c', 'd'].map((q) => cache.keyOf(request(q))!);
    const each = weightOf(keys[0], large(15));
    expect(each).toBeGreaterThan(BYTES_PER_ENTRY); // two of them fill half of the budget of four entries
    for (const k of keys) cache.set(k, large(15), sources);
    expect(cache.bytes).toBeLessThanOrEqual(4 * BYTES_PER_ENTRY);
    expect(cache.size).toBe(Math.floor((4 * BYTES_PER_ENTRY) / each));
    expect(cache.get(keys[3], sources)).toBeDefined(); // the newest stay
    expect(cache.get(keys[0], sources)).toBeUndefined();
    cache.set(cache.keyOf(request('huge'))!, large(60), sources);
    expect(cache.get(cache.keyOf(request('huge'))!, sources)).toBeUndefined();
    expect(cache.get(keys[3], sources)).toBeDefined();
  });

  it('does not cache a request whose key would be longer than MAX_CACHE_KEY_LENGTH', () => {
    const cache = new ExpansionCache(10);
    expect(cache.keyOf(request('vpn', { conversationHistory: ['x'.repeat(MAX_CACHE_KEY_LENGTH)] }))).toBeUndefined();
    expect(cache.keyOf(request('vpn', { conversationHistory: ['x'.repeat(100)] }))).toBeDefined();
  });

  it('keys what the engine reads: two requests with one key get the same expansion', () => {
    const cache = new ExpansionCache(10);
    const one = request('laptop', { domain: 'technical' });
    const two = { ...request('laptop'), domain: 'technical' };
    expect(cache.keyOf(two)).toBe(cache.keyOf(one));
    expect(expand(sources.index, two, {})).toEqual(expand(sources.index, one, {}));
  });
});

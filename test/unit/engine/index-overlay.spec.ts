import { expand, ExpansionIndex, IndexOverlay, loadLexicons, type CatalogueEntry, type CatalogueView, type ExpansionRequest } from '../../../src/expansion/engine';
import { replay, type ReplayQuery } from '../../../src/impact/replay';
import { entry, req } from './helpers';

const lex = loadLexicons();

const catalogue = (): CatalogueEntry[] => [
  entry('laptop', 'notebook', { id: 1, confidence: 0.9 }),
  entry('vpn', 'virtual private network', { id: 2, confidence: 0.95 }),
  entry('pto', 'paid time off', { id: 3, confidence: 0.9 }),
  entry('repo', 'repository', { id: 4, confidence: 0.9, userRole: 'developer' }),
  entry('sales deck', 'pitch deck', { id: 5, confidence: 0.85 }),
  entry('printer', 'copier', { id: 6, confidence: 0.7 }),
];

const QUERIES: Partial<ExpansionRequest>[] = [
  { query: 'laptop crashing' },
  { query: 'laptops for sale' },
  { query: 'vpn setup at home' },
  { query: 'request pto for friday' },
  { query: 'clone the repo', userRole: 'developer' },
  { query: 'clone the repo', userRole: 'manager' },
  { query: 'clone the repo', userRole: 'tester' },
  { query: 'sales deck template' },
  { query: 'printer jammed again' },
  { query: 'expense report deadline' },
  { query: 'notebook battery' },
];

const texts = (view: CatalogueView, r: Partial<ExpansionRequest>) => expand(view, req(r.query ?? '', { maxExpansions: 10, ...r })).map((x) => x.expanded_query);

/** What the live index would answer once the changes were applied to it for real. */
function applied(upserts: CatalogueEntry[], removals: number[]): ExpansionIndex {
  const idx = ExpansionIndex.build(catalogue(), lex);
  for (const id of removals) idx.remove(id);
  for (const e of upserts) idx.upsert(e);
  return idx;
}

describe('IndexOverlay (impact simulation)', () => {
  const cases: [string, CatalogueEntry[], number[]][] = [
    ['a created entry', [entry('laptop', 'portable computer', { id: -1, confidence: 0.95 })], []],
    ['a removed entry', [], [1]],
    ['an updated entry (new synonym and confidence)', [entry('printer', 'multifunction device', { id: 6, confidence: 0.95 })], []],
    ['a longer phrase that claims the words of a shorter one', [entry('laptop crashing', 'laptop freezing', { id: -1, confidence: 0.9 })], []],
    ['a role only the change set knows', [entry('repo', 'source repository', { id: -1, confidence: 0.9, userRole: 'tester' })], []],
    ['a removal and a creation together', [entry('vpn', 'secure tunnel', { id: -2, confidence: 0.9 })], [2, 3]],
  ];

  it.each(cases)('answers as the index with the changes applied, for %s', (_name, upserts, removals) => {
    const live = ExpansionIndex.build(catalogue(), lex);
    const overlay = new IndexOverlay(live, { upserts, removals });
    const truth = applied(upserts, removals);
    for (const q of QUERIES) expect([q, texts(overlay, q)]).toEqual([q, texts(truth, q)]);
    expect(overlay.size).toBe(truth.size);
    // and the change set does change something: the equality above is not the live index's own answer
    expect(QUERIES.some((q) => texts(live, q).join('|') !== texts(truth, q).join('|'))).toBe(true);
  });

  it('leaves the live index untouched: same entries, same answers', () => {
    const live = ExpansionIndex.build(catalogue(), lex);
    const before = QUERIES.map((q) => texts(live, q));
    const entriesBefore = [...live.entries()];
    const overlay = new IndexOverlay(live, { upserts: [entry('laptop', 'portable computer', { id: 1, confidence: 0.99 }), entry('printer', 'copier', { id: -1 })], removals: [2, 3] });
    for (const q of QUERIES) texts(overlay, q);
    expect(QUERIES.map((q) => texts(live, q))).toEqual(before);
    expect([...live.entries()]).toEqual(entriesBefore);
    expect(live.size).toBe(6);
  });

  it('says which queries cannot change: none of their token runs is a phrase the change set touches', () => {
    const live = ExpansionIndex.build(catalogue(), lex);
    const overlay = new IndexOverlay(live, { upserts: [entry('sales deck', 'pitch deck', { id: 5, confidence: 0.5 })], removals: [1] });
    expect(overlay.mayChange('Laptops for sale')).toBe(true); // plural-insensitive, like the matcher
    expect(overlay.mayChange('the sales decks')).toBe(true);
    expect(overlay.mayChange('pitch deck review')).toBe(true); // the synonym side is matched too
    expect(overlay.mayChange('sales figures')).toBe(false);
    expect(overlay.mayChange('vpn setup')).toBe(false);
    expect(new IndexOverlay(live, { upserts: [], removals: [] }).mayChange('laptop')).toBe(false);
  });

  it('replays queries: counts changed ones, alternatives added and removed, examples most frequent first', () => {
    const live = ExpansionIndex.build(catalogue(), lex);
    const overlay = new IndexOverlay(live, { upserts: [entry('laptop', 'portable computer', { id: -1, confidence: 0.95 })], removals: [6] });
    const queries: ReplayQuery[] = [
      { query: 'laptop crashing', domain: null, userRole: null, department: null, count: 9 },
      { query: 'printer jammed', domain: null, userRole: null, department: null, count: 4 },
      { query: 'vpn setup', domain: null, userRole: null, department: null, count: 3 },
    ];
    const alternatives = (view: CatalogueView, q: { query: string }) => texts(view, { query: q.query });
    const summary = replay(queries, live, overlay, alternatives);
    expect(summary).toEqual({
      queries_replayed: 3,
      queries_changed: 2,
      share_changed: 0.6667,
      alternatives_added: summary.alternatives_added,
      alternatives_removed: summary.alternatives_removed,
      examples: [
        { query: 'laptop crashing', count: 9, before: texts(live, { query: 'laptop crashing' }), after: texts(overlay, { query: 'laptop crashing' }) },
        { query: 'printer jammed', count: 4, before: ['copier jammed'], after: [] },
      ],
    });
    expect(summary.examples[0].after).toContain('portable computer crashing');
    expect(summary.examples[0].before).not.toContain('portable computer crashing');
    const added = summary.examples.reduce((n, e) => n + e.after.filter((a) => !e.before.includes(a)).length, 0);
    const removed = summary.examples.reduce((n, e) => n + e.before.filter((b) => !e.after.includes(b)).length, 0);
    expect([summary.alternatives_added, summary.alternatives_removed]).toEqual([added, removed]);
  });
});

import { defaultThesaurus, loadLexicons } from '../../../src/expansion/engine';
import { DEFAULT_BROAD_SHARE, lintCatalogue, MIN_EVENTS_FOR_BROAD, type LintEntry, type LintInput } from '../../../src/impact/lint/rule-lint';

const lexicons = loadLexicons();
const thesaurus = defaultThesaurus();
let nextId = 1;
const e = (term: string, synonym: string, extra: Partial<LintEntry> = {}): LintEntry => ({ id: nextId++, term, synonym, userRole: null, department: null, ...extra });
const lint = (entries: LintEntry[], extra: Partial<LintInput> = {}) =>
  lintCatalogue({ entries, rejected: [], queries: [], broadShare: DEFAULT_BROAD_SHARE, lexicons, thesaurus, changesOnly: false, ...extra });
const kinds = (entries: LintEntry[], extra: Partial<LintInput> = {}) => lint(entries, extra).map((f) => [f.kind, f.severity, f.entry_ids]);

/** A catalogue with none of the patterns: different phrases, no shared words, nothing the lexicons or thesaurus hold. */
const clean = () => [e('laptop', 'portable computer'), e('expense claim', 'reimbursement request'), e('onboarding', 'new hire induction'), e('release freeze', 'deployment lock', { userRole: 'developer' })];

describe('rule lint', () => {
  it('finds nothing in a clean catalogue, even with recorded queries', () => {
    const queries = [{ query: 'printer jammed', count: 30 }, { query: 'vpn setup', count: 30 }];
    expect(lint(clean(), { queries })).toEqual([]);
  });

  it('finds a cycle: phrases that lead back to themselves (a → b → c → a), once, with every entry on it', () => {
    const [a, b, c] = [e('alpha team', 'bravo team'), e('bravo team', 'charlie team'), e('charlie team', 'alpha team')];
    expect(kinds([...clean(), a, b, c])).toEqual([['cycle', 'warning', [a.id, b.id, c.id]]]);
    const [x, y] = [e('car', 'automobile'), e('automobile', 'car')];
    expect(kinds([x, y])).toEqual([['cycle', 'warning', [x.id, y.id]]]);
  });

  it('finds a chain: a → b and b → c, where a query for a never reaches c', () => {
    const [a, b] = [e('workstation', 'desktop pc'), e('Desktop PC', 'office computer')];
    const found = lint([...clean(), a, b]);
    expect(found.map((f) => [f.kind, f.entry_ids])).toEqual([['chain', [a.id, b.id]]]);
    expect(found[0].message).toContain('"workstation" is never expanded to "office computer"');
  });

  it('finds a contradiction: a pair active in a scope overlapping one where it was rejected, in either direction', () => {
    const active = e('ticket', 'incident');
    const refused = e('incident', 'ticket', { userRole: 'support' });
    const elsewhere = e('ticket', 'incident', { userRole: 'support' });
    expect(kinds([...clean(), active], { rejected: [refused] })).toEqual([['contradictory', 'warning', [active.id, refused.id]]]);
    // scoped to another role: the scopes do not overlap
    const developers = e('ticket', 'incident', { userRole: 'developer' });
    expect(kinds([...clean(), developers], { rejected: [elsewhere] })).toEqual([]);
  });

  it('finds a shadowed entry: its term inside a longer term whose scope includes its own', () => {
    const [short, long] = [e('sales', 'revenue'), e('sales deck', 'pitch deck')];
    expect(kinds([...clean(), short, long])).toEqual([['shadowed', 'info', [short.id, long.id]]]);
    // a longer phrase for one role only does not shadow an entry for everyone
    expect(kinds([...clean(), e('sales', 'revenue'), e('sales deck', 'pitch deck', { userRole: 'sales' })])).toEqual([]);
  });

  it('finds a redundant entry: the same pair as an acronym, an abbreviation or a thesaurus set', () => {
    const [vpn, reverse, mgmt, notebook] = [e('VPN', 'virtual private network'), e('virtual private network', 'VPN'), e('mgmt', 'management'), e('laptop', 'notebook')];
    const found = lint([vpn, reverse, mgmt, notebook]);
    expect(found.map((f) => [f.kind, f.entry_ids])).toEqual([
      ['cycle', [vpn.id, reverse.id]],
      ['redundant', [vpn.id]],
      ['redundant', [reverse.id]],
      ['redundant', [mgmt.id]],
      ['redundant', [notebook.id]],
    ]);
    expect(found.map((f) => f.message).slice(1)).toEqual([
      expect.stringContaining('acronym lexicon'),
      expect.stringContaining('acronym lexicon'),
      expect.stringContaining('abbreviation lexicon'),
      expect.stringContaining('thesaurus set'),
    ]);
  });

  it('finds stop words and single characters on either side, as errors', () => {
    const [the, x] = [e('the', 'teh'), e('cross', 'x')];
    const found = lint([...clean(), the, x]);
    expect(found.map((f) => [f.kind, f.severity, f.entry_ids])).toEqual([
      ['stop_word', 'error', [the.id]],
      ['stop_word', 'error', [x.id]],
    ]);
    expect(found.map((f) => f.message)).toEqual(['the term "the" is a stop word', 'the synonym "x" is a single character']);
  });

  it('finds a broad phrase: in more than the configured share of recorded expansions, once there are enough', () => {
    const catalogue = clean();
    const queries = [{ query: 'laptops for sale', count: 6 }, { query: 'laptop crashing', count: 5 }, { query: 'printer jammed', count: 9 }];
    const found = lint(catalogue, { queries, broadShare: 0.5 });
    expect(found.map((f) => [f.kind, f.severity, f.entry_ids])).toEqual([['broad', 'warning', [catalogue[0].id]]]);
    expect(found[0].message).toContain('"laptop" appears in 55% of 20 recorded expansions (limit 50%)');
    expect(lint(catalogue, { queries, broadShare: 0.6 })).toEqual([]);
    // too few recorded expansions to judge
    expect(lint(catalogue, { queries: [{ query: 'laptop', count: MIN_EVENTS_FOR_BROAD - 1 }] })).toEqual([]);
  });

  it('lints a change set: only findings with a changed entry, naming its position', () => {
    const [a, b] = [e('workstation', 'desktop pc'), e('desktop pc', 'office computer', { id: -1, change: 0 })];
    const [c, d] = [e('sales', 'revenue'), e('sales deck', 'pitch deck')];
    const found = lint([a, b, c, d], { changesOnly: true });
    expect(found.map((f) => [f.kind, f.severity, f.entry_ids, f.change_indexes])).toEqual([['chain', 'info', [a.id], [0]]]);
  });

  it('lints a change set from either side: a changed shorter term, a cycle it closes, a broad phrase it brings', () => {
    const long = e('sales deck', 'pitch deck');
    const existing = e('car', 'automobile');
    const shortChanged = e('sales', 'revenue', { id: -1, change: 0 });
    const closing = e('automobile', 'car', { id: -2, change: 1 });
    const broad = e('laptop', 'portable computer', { id: -3, change: 2 });
    const queries = [{ query: 'laptop crashing', count: 15 }, { query: 'printer jammed', count: 10 }];
    const found = lint([long, existing, shortChanged, closing, broad, ...clean()], { changesOnly: true, queries, broadShare: 0.5 });
    expect(found.map((f) => [f.kind, f.entry_ids, f.change_indexes])).toEqual([
      ['cycle', [existing.id], [1]],
      ['shadowed', [long.id], [0]],
      ['broad', [], [2]],
    ]);
  });
});

import { canonicalKey, canonicalToken, LIMITS, STOPWORDS, tokenize, type Lexicons, type Thesaurus } from '../../expansion/engine';

/**
 * Rule lint: plain functions over catalogue entries, no Nest (docs/CURATION.md, "Rule lint" defines every kind).
 * The endpoint gathers the entries, the rejected pairs and the recorded queries; everything is decided here.
 */

export const LINT_KINDS = ['cycle', 'chain', 'contradictory', 'shadowed', 'redundant', 'stop_word', 'broad'] as const;
export type LintKind = (typeof LINT_KINDS)[number];
export const LINT_SEVERITIES = ['error', 'warning', 'info'] as const;
export type LintSeverity = (typeof LINT_SEVERITIES)[number];

export const SEVERITY: Record<LintKind, LintSeverity> = {
  stop_word: 'error',
  cycle: 'warning',
  contradictory: 'warning',
  broad: 'warning',
  chain: 'info',
  shadowed: 'info',
  redundant: 'info',
};

/** Findings kept per kind (the most frequent patterns of a large catalogue would otherwise flood the answer). */
export const MAX_FINDINGS_PER_KIND = 200;
/** Recorded expansions needed before a term can be called broad. */
export const MIN_EVENTS_FOR_BROAD = 20;
/** Default share of recorded expansions above which a term is broad. */
export const DEFAULT_BROAD_SHARE = 0.05;

/** An entry as the linter reads it. Created entries of a change set have negative ids and no catalogue id. */
export interface LintEntry {
  id: number;
  term: string;
  synonym: string;
  userRole: string | null;
  department: string | null;
  /** 0-based position in the change set that produced or changed this entry */
  change?: number;
}

export interface LintFinding {
  kind: LintKind;
  severity: LintSeverity;
  /** catalogue ids of the entries involved (created entries of a change set have none) */
  entry_ids: number[];
  /** 0-based positions, in the change set, of the changes involved (empty when linting the catalogue as it is) */
  change_indexes: number[];
  message: string;
}

export interface LintInput {
  /** the active catalogue, with a change set applied when one is linted */
  entries: readonly LintEntry[];
  /** rejected entries (the curators' refusals) */
  rejected: readonly LintEntry[];
  /** recorded queries with their counts, for broad terms */
  queries: readonly { query: string; count: number }[];
  /** share of recorded expansions above which a term is broad */
  broadShare: number;
  lexicons: Lexicons;
  thesaurus: Thesaurus;
  /** only findings that involve a changed entry (entries with `change`) */
  changesOnly: boolean;
}

interface Keyed {
  e: LintEntry;
  termToks: string[];
  term: string;
  syn: string;
}

const quote = (s: string) => `"${s}"`;
const sameScope = (a: string | null, b: string | null) => a === null || b === null || a.toLowerCase() === b.toLowerCase();
const overlaps = (a: LintEntry, b: LintEntry) => sameScope(a.userRole, b.userRole) && sameScope(a.department, b.department);
/** L's scope includes S's: L is unrestricted on a dimension, or restricted to the same value. */
const covers = (l: LintEntry, s: LintEntry) =>
  (l.userRole === null || (s.userRole !== null && l.userRole.toLowerCase() === s.userRole.toLowerCase())) &&
  (l.department === null || (s.department !== null && l.department.toLowerCase() === s.department.toLowerCase()));

function keyed(e: LintEntry): Keyed | undefined {
  const termToks = tokenize(e.term).map(canonicalToken);
  const synToks = tokenize(e.synonym).map(canonicalToken);
  if (termToks.length === 0 || synToks.length === 0) return undefined;
  const term = termToks.join(' ');
  const syn = synToks.join(' ');
  return term === syn ? undefined : { e, termToks, term, syn };
}

class Findings {
  readonly list: LintFinding[] = [];
  private readonly perKind = new Map<LintKind, number>();
  constructor(private readonly changesOnly: boolean) {}
  /** No more findings of this kind are kept. */
  full(kind: LintKind): boolean {
    return (this.perKind.get(kind) ?? 0) >= MAX_FINDINGS_PER_KIND;
  }
  add(kind: LintKind, entries: readonly LintEntry[], message: string): void {
    const change_indexes = [...new Set(entries.flatMap((e) => (e.change === undefined ? [] : [e.change])))].sort((a, b) => a - b);
    if (this.changesOnly && change_indexes.length === 0) return;
    const n = this.perKind.get(kind) ?? 0;
    if (n >= MAX_FINDINGS_PER_KIND) return;
    this.perKind.set(kind, n + 1);
    const entry_ids = [...new Set(entries.flatMap((e) => (e.id > 0 ? [e.id] : [])))].sort((a, b) => a - b);
    this.list.push({ kind, severity: SEVERITY[kind], entry_ids, change_indexes, message });
  }
}

/**
 * Strongly connected components of the term -> synonym graph reachable from `roots` (iterative Tarjan), only
 * those of 2 nodes or more. Every cycle through a root's edges is inside the part reachable from it.
 */
function cyclesOf(edges: Map<string, string[]>, roots: Iterable<string>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const out: string[][] = [];
  let counter = 0;
  for (const root of roots) {
    if (index.has(root)) continue;
    const work: [string, number][] = [[root, 0]];
    while (work.length > 0) {
      const top = work[work.length - 1];
      const [v, i] = top;
      if (i === 0) {
        index.set(v, counter);
        low.set(v, counter++);
        stack.push(v);
        onStack.add(v);
      }
      const next = edges.get(v) ?? [];
      if (i < next.length) {
        top[1] = i + 1;
        const w = next[i];
        if (!index.has(w)) work.push([w, 0]);
        else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent)!, low.get(v)!));
      }
      if (low.get(v) === index.get(v)) {
        const scc: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          scc.push(w);
        } while (w !== v);
        if (scc.length > 1) out.push(scc.reverse());
      }
    }
  }
  return out;
}

function lexiconPair(lexicons: Lexicons, from: string, to: string): string | undefined {
  for (const [name, map] of [['acronym', lexicons.acronyms], ['abbreviation', lexicons.abbreviations]] as const) {
    const hit = map.get(from);
    if (hit?.senses.some((s) => canonicalKey(tokenize(s.expansion)) === to)) return `the built-in ${name} lexicon (${hit.key} → ${to})`;
  }
  return undefined;
}

function thesaurusPair(thesaurus: Thesaurus, from: string, to: string): string | undefined {
  for (const hit of thesaurus.lookup(from)) {
    if (hit.set.terms.some((t) => canonicalKey(t.split(' ')) === to)) return `the ${hit.set.domain} thesaurus set (${hit.set.terms.slice(0, 4).join(', ')})`;
  }
  return undefined;
}

const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

/**
 * Every finding of the catalogue, or of a change set over it (`changesOnly`: only the findings with a changed
 * entry, looked for from the changed entries, so a change set costs little more than reading the catalogue), by
 * kind in LINT_KINDS order.
 */
export function lintCatalogue(input: LintInput): LintFinding[] {
  const findings = new Findings(input.changesOnly);
  const entries = input.entries.flatMap((e) => keyed(e) ?? []);
  /** the entries findings are looked for from */
  const focus = input.changesOnly ? entries.filter((k) => k.e.change !== undefined) : entries;
  const byTerm = new Map<string, Keyed[]>();
  const bySyn = new Map<string, Keyed[]>();
  const edges = new Map<string, string[]>();
  for (const k of entries) {
    push(byTerm, k.term, k);
    push(bySyn, k.syn, k);
    push(edges, k.term, k.syn);
  }

  // cycle: phrases that lead back to themselves through term -> synonym entries
  const sccOf = new Map<string, number>();
  cyclesOf(edges, input.changesOnly ? focus.map((k) => k.term) : edges.keys()).forEach((scc, n) => {
    for (const key of scc) sccOf.set(key, n);
    const involved = scc.flatMap((key) => (byTerm.get(key) ?? []).filter((k) => sccOf.get(k.syn) === n));
    findings.add('cycle', involved.map((k) => k.e), `${scc.map(quote).join(', ')} lead back to each other through ${involved.length} entries; entries are already used in both directions`);
  });

  // chain: a -> b and b -> c (c ≠ a, not within one cycle): a query for a is offered b, never c
  const seenChains = new Set<string>();
  const chain = (first: Keyed, second: Keyed) => {
    const key = `${first.e.id}:${second.e.id}`;
    if (second.syn === first.term || seenChains.has(key)) return;
    seenChains.add(key);
    const n = sccOf.get(first.term);
    if (n !== undefined && n === sccOf.get(second.syn)) return;
    findings.add('chain', [first.e, second.e], `${quote(first.term)} → ${quote(first.syn)} and ${quote(second.term)} → ${quote(second.syn)}: ${quote(first.term)} is never expanded to ${quote(second.syn)}`);
  };
  for (const k of focus) {
    if (findings.full('chain')) break;
    for (const second of byTerm.get(k.syn) ?? []) chain(k, second);
    // a changed entry as the second link too
    if (input.changesOnly) for (const first of bySyn.get(k.term) ?? []) chain(first, k);
  }

  // contradictory: a pair active in a scope that overlaps one where curators rejected the same pair
  const activeByPair = new Map<string, Keyed[]>();
  const pairKey = (a: string, b: string) => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);
  for (const k of entries) push(activeByPair, pairKey(k.term, k.syn), k);
  for (const r of input.rejected) {
    const rk = keyed(r);
    if (!rk) continue;
    for (const a of activeByPair.get(pairKey(rk.term, rk.syn)) ?? []) {
      if (!overlaps(a.e, r)) continue;
      findings.add('contradictory', [a.e, r], `${quote(a.e.term)} ↔ ${quote(a.e.synonym)} is active for ${scopeText(a.e)} and was rejected for ${scopeText(r)}, which overlap`);
    }
  }

  // shadowed: the term is a shorter run inside a longer term whose scope includes its own; the longest phrase wins
  const seenShadows = new Set<string>();
  const shadow = (short: Keyed, long: Keyed) => {
    const key = `${short.e.id}:${long.e.id}`;
    if (seenShadows.has(key) || !covers(long.e, short.e)) return;
    seenShadows.add(key);
    findings.add('shadowed', [short.e, long.e], `${quote(short.e.term)} is never used inside ${quote(long.e.term)}: the longer phrase claims those words`);
  };
  const runsOf = (long: Keyed, visit: (key: string) => void) => {
    const n = long.termToks.length;
    if (n < 2 || n > LIMITS.MAX_PHRASE_TOKENS) return;
    for (let i = 0; i < n; i++) for (let L = 1; i + L <= n && L < n; L++) visit(long.termToks.slice(i, i + L).join(' '));
  };
  for (const long of focus) {
    if (findings.full('shadowed')) break;
    runsOf(long, (key) => {
      for (const short of byTerm.get(key) ?? []) shadow(short, long);
    });
  }
  if (input.changesOnly && focus.length > 0) {
    // a changed entry as the shorter one: the longer terms that contain its first word
    const byWord = new Map<string, Keyed[]>();
    for (const k of entries) if (k.termToks.length >= 2) for (const w of new Set(k.termToks)) push(byWord, w, k);
    for (const short of focus) {
      for (const long of byWord.get(short.termToks[0]) ?? []) {
        if (long.termToks.length <= short.termToks.length) continue;
        runsOf(long, (key) => {
          if (key === short.term) shadow(short, long);
        });
      }
    }
  }

  // redundant: the same pair, in either direction, as a built-in lexicon or thesaurus pair
  for (const k of focus) {
    const same = lexiconPair(input.lexicons, k.term, k.syn) ?? lexiconPair(input.lexicons, k.syn, k.term) ?? thesaurusPair(input.thesaurus, k.term, k.syn);
    if (same) findings.add('redundant', [k.e], `${quote(k.e.term)} → ${quote(k.e.synonym)} repeats ${same}`);
  }

  // stop_word: a side that is one stop word or one character matches almost every query
  for (const k of focus) {
    for (const [side, text] of [['term', k.term], ['synonym', k.syn]] as const) {
      if (text.includes(' ')) continue;
      if (text.length === 1 || STOPWORDS.has(text)) findings.add('stop_word', [k.e], `the ${side} ${quote(side === 'term' ? k.e.term : k.e.synonym)} is ${text.length === 1 ? 'a single character' : 'a stop word'}`);
    }
  }

  lintBroad(input, focus, findings);
  return findings.list;
}

/** broad: a phrase (either side of entries) found in more than `broadShare` of the recorded expansions. */
function lintBroad(input: LintInput, entries: readonly Keyed[], findings: Findings): void {
  const total = input.queries.reduce((s, q) => s + q.count, 0);
  if (total < MIN_EVENTS_FOR_BROAD) return;
  const bySide = new Map<string, Keyed[]>();
  let longest = 1;
  for (const k of entries) {
    for (const key of new Set([k.term, k.syn])) {
      (bySide.get(key) ?? bySide.set(key, []).get(key)!).push(k);
      longest = Math.max(longest, key.split(' ').length);
    }
  }
  const hits = new Map<string, number>();
  for (const q of input.queries) {
    const canon = tokenize(q.query).map(canonicalToken);
    const inQuery = new Set<string>();
    for (let i = 0; i < canon.length; i++) {
      let key = '';
      for (let L = 1; L <= longest && i + L <= canon.length; L++) {
        key = L === 1 ? canon[i] : `${key} ${canon[i + L - 1]}`;
        if (bySide.has(key)) inQuery.add(key);
      }
    }
    for (const key of inQuery) hits.set(key, (hits.get(key) ?? 0) + q.count);
  }
  for (const [key, n] of [...hits].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))) {
    const share = n / total;
    if (share <= input.broadShare) continue;
    const users = bySide.get(key)!;
    findings.add('broad', users.map((k) => k.e), `${quote(key)} appears in ${Math.round(share * 1000) / 10}% of ${total} recorded expansions (limit ${Math.round(input.broadShare * 1000) / 10}%), used by ${users.length} entries`);
  }
}

function scopeText(e: LintEntry): string {
  const parts = [e.userRole === null ? 'every role' : `role ${e.userRole}`, e.department === null ? 'every department' : `department ${e.department}`];
  return parts.join(' and ');
}

import { LIMITS } from './limits';
import { loadLexicons } from './lexicon';
import { canonicalKey, tokenize } from './normalize';
import { CatalogueEntry, Lexicons } from './types';
import { Interner } from './interner';

/** Entry classification flags. */
export const FLAG_USED = 1;
export const FLAG_ACRONYM = 2;
export const FLAG_ABBREVIATION = 4;

/** A posting is slot * 2 + direction (0 = term -> synonym, 1 = synonym -> term). */
export const DIR_FORWARD = 0;
export const DIR_REVERSE = 1;

export type Postings = number | number[];

/**
 * What the matchers read from an index: the live `ExpansionIndex`, or an `IndexOverlay` (index-overlay.ts) that
 * shows a proposed change set over it without touching it. Slots and postings are opaque numbers owned by the view.
 */
export interface CatalogueView {
  readonly lexicons: Lexicons;
  readonly size: number;
  readonly maxPhraseTokens: number;
  firstTokenMax(canonToken: string): number;
  postings(key: string): Postings | undefined;
  scopeCode(v: string | undefined | null): number;
  slotId(s: number): number;
  slotTerm(s: number): string;
  slotSynonym(s: number): string;
  slotConfidence(s: number): number;
  slotFlags(s: number): number;
  slotDomain(s: number): string | null;
  slotRoleCode(s: number): number;
  slotDeptCode(s: number): number;
  slotContext(s: number): string | null;
  slotSuccess(s: number): { rate: number; usage: number } | null;
}

const ACRONYM_SURFACE = /^[A-Za-z0-9&/.\-]{2,10}$/;

/**
 * True when an untagged entry's term looks like an acronym of its synonym: a single token of
 * 2..10 characters written with at least two capitals and no lower-case run longer than two
 * letters ("API", "SaaS", "R&D", "K8S") and a synonym of at least two words.
 */
export function looksLikeAcronym(term: string, synonym: string, termToks = tokenize(term), synToks?: string[]): boolean {
  const t = term.trim();
  if (!ACRONYM_SURFACE.test(t)) return false;
  if (termToks.length !== 1) return false;
  const caps = t.replace(/[^A-Z]/g, '').length;
  if (caps < 2 || /[a-z]{3,}/.test(t)) return false;
  return (synToks ?? tokenize(synonym)).length >= 2;
}

/**
 * True when an untagged entry's term looks like an abbreviation of its synonym: one lower-case
 * token whose letters appear in order in the synonym's first word, starting with the same letter,
 * and at most 70% of its length ("mgmt" -> "management", "config" -> "configuration", "db" -> "database").
 */
export function looksLikeAbbreviation(term: string, synonym: string, t = tokenize(term), s = tokenize(synonym)): boolean {
  if (t.length !== 1 || s.length === 0) return false;
  const a = t[0];
  const word = s.join('');
  if (a.length < 2 || !/^[a-z]+$/.test(a) || !/^[a-z]+$/.test(word)) return false;
  if (term.trim() !== term.trim().toLowerCase()) return false;
  if (a[0] !== word[0] || a.length > 0.7 * word.length) return false;
  let j = 0;
  for (let i = 0; i < word.length && j < a.length; i++) if (word[i] === a[j]) j++;
  return j === a.length;
}

/** Classification of a catalogue entry for the acronym / abbreviation strategies. */
export function classifyEntry(e: Pick<CatalogueEntry, 'term' | 'synonym' | 'tags'>, termToks?: string[], synToks?: string[]): number {
  const tags = Array.isArray(e.tags) && e.tags.length > 0 ? e.tags.map((t) => String(t).trim().toLowerCase()) : [];
  if (tags.includes('acronym')) return FLAG_ACRONYM;
  if (tags.includes('abbreviation') || tags.includes('abbr')) return FLAG_ABBREVIATION;
  if (tags.includes('synonym')) return 0; // explicit opt-out of the heuristics
  const tt = termToks ?? tokenize(e.term);
  const st = synToks ?? tokenize(e.synonym);
  if (looksLikeAcronym(e.term, e.synonym, tt, st)) return FLAG_ACRONYM;
  if (looksLikeAbbreviation(e.term, e.synonym, tt, st)) return FLAG_ABBREVIATION;
  return 0;
}

/** An entry's confidence, success rate, usage and context as the index stores them. */
function storedValues(entry: CatalogueEntry): { c: number; success: number; usage: number; context: string | null } {
  return {
    c: Number.isFinite(entry.confidence) ? Math.min(1, Math.max(0, entry.confidence)) : 0,
    success: typeof entry.successRate === 'number' && Number.isFinite(entry.successRate) ? entry.successRate : NaN,
    usage: typeof entry.usageCount === 'number' && entry.usageCount > 0 ? Math.min(entry.usageCount, 0xffffffff) : 0,
    context: entry.context && entry.context.trim() ? entry.context.trim() : null,
  };
}

function grow<T extends Float64Array | Float32Array | Uint32Array | Uint16Array | Uint8Array>(a: T, n: number): T {
  const b = new (a.constructor as new (n: number) => T)(n);
  b.set(a);
  return b;
}

/**
 * Compiled, incrementally refreshable index over catalogue entries and the built-in lexicons.
 *
 * Storage is struct-of-arrays indexed by slot (typed arrays for numbers, arrays for strings), plus
 *  - phrases: canonical phrase key -> posting(s) (slot*2+direction), sorted by confidence desc,
 *  - firstMax: canonical first token -> longest phrase length (tokens) starting with it,
 *  - slotOf: entry id -> slot.
 * Both the term (direction 0) and the synonym (direction 1, reverse lookup) are indexed.
 */
export class ExpansionIndex implements CatalogueView {
  readonly lexicons: Lexicons;
  private readonly slotOf = new Map<number, number>();
  private readonly phrases = new Map<string, Postings>();
  private readonly firstMax = new Map<string, number>();
  private readonly interner = new Interner();
  private readonly free: number[] = [];
  private cap = 0;
  private next = 0;
  private ids = new Float64Array(0);
  private conf = new Float32Array(0);
  private success = new Float32Array(0);
  private usage = new Uint32Array(0);
  private flags = new Uint8Array(0);
  private domainC = new Uint16Array(0);
  private roleC = new Uint16Array(0);
  private deptC = new Uint16Array(0);
  private terms: string[] = [];
  private synonyms: string[] = [];
  private contexts: (string | null)[] = [];
  private maxLen = 1;
  /** set while build() loads entries: postings are sorted once at the end */
  private bulk = false;
  private changes = 0;

  private constructor(lexicons: Lexicons) {
    this.lexicons = lexicons;
  }

  /** Builds an index. Without lexicons, the built-in ones (data/*.json) are loaded (cached). */
  static build(entries: Iterable<CatalogueEntry>, lexicons?: Lexicons): ExpansionIndex {
    const idx = new ExpansionIndex(lexicons ?? defaultLexicons());
    // bulk load: postings are appended, then each list is sorted once (stable), instead of an insertion each
    idx.bulk = true;
    for (const e of entries) idx.upsert(e);
    idx.bulk = false;
    for (const [key, p] of idx.phrases) {
      if (typeof p === 'number') continue;
      p.sort((a, b) => idx.conf[Math.floor(b / 2)] - idx.conf[Math.floor(a / 2)]);
      idx.phrases.set(key, p);
    }
    return idx;
  }

  /** Counts upserts and removals that changed the index: a cached expansion is valid while it is unchanged. */
  get version(): number {
    return this.changes;
  }

  /** Number of catalogue entries held. */
  get size(): number {
    return this.slotOf.size;
  }

  /** Longest indexed phrase, in tokens (capped at LIMITS.MAX_PHRASE_TOKENS). */
  get maxPhraseTokens(): number {
    return this.maxLen;
  }

  has(id: number): boolean {
    return this.slotOf.has(id);
  }

  /** Adds or replaces one entry. Cost: O(tokens of the entry + postings of its two phrases). */
  upsert(entry: CatalogueEntry): void {
    if (!entry || typeof entry.id !== 'number') throw new Error('catalogue entry needs a numeric id');
    const termToks = tokenize(entry.term ?? '');
    const synToks = tokenize(entry.synonym ?? '');
    const held = this.slotOf.get(entry.id);
    // the sync applies a changed row more than once: an entry identical to the one held changes nothing
    if (held !== undefined && this.holds(held, entry, termToks, synToks)) return;
    this.changes++;
    if (held !== undefined) this.remove(entry.id);
    if (termToks.length === 0 || synToks.length === 0) return; // nothing matchable
    const termKey = canonicalKey(termToks);
    const synKey = canonicalKey(synToks);
    if (termKey === synKey) return; // a no-op pair
    const slot = this.allocate();
    this.slotOf.set(entry.id, slot);
    const { c, success, usage, context } = storedValues(entry);
    this.ids[slot] = entry.id;
    this.conf[slot] = c;
    this.success[slot] = success;
    this.usage[slot] = usage;
    this.flags[slot] = FLAG_USED | classifyEntry(entry, termToks, synToks);
    this.domainC[slot] = this.interner.code(entry.domain);
    this.roleC[slot] = this.interner.code(entry.userRole);
    this.deptC[slot] = this.interner.code(entry.department);
    const term = entry.term.trim();
    const syn = entry.synonym.trim();
    // share string instances with the map keys where possible (saves memory for plain lower-case terms)
    this.terms[slot] = term === termKey ? termKey : term;
    this.synonyms[slot] = syn === synKey ? synKey : syn;
    this.contexts[slot] = context;
    this.addPosting(termKey, termToks.length, slot * 2 + DIR_FORWARD, c);
    this.addPosting(synKey, synToks.length, slot * 2 + DIR_REVERSE, c);
  }

  /** Whether the entry in this slot is stored exactly as upsert() would store `entry`. */
  private holds(slot: number, entry: CatalogueEntry, termToks: string[], synToks: string[]): boolean {
    const { c, success, usage, context } = storedValues(entry);
    return (
      this.terms[slot] === (entry.term ?? '').trim() &&
      this.synonyms[slot] === (entry.synonym ?? '').trim() &&
      this.conf[slot] === Math.fround(c) &&
      Object.is(this.success[slot], Math.fround(success)) &&
      this.usage[slot] === usage &&
      this.flags[slot] === (FLAG_USED | classifyEntry(entry, termToks, synToks)) &&
      this.domainC[slot] === this.interner.find(entry.domain) &&
      this.roleC[slot] === this.interner.find(entry.userRole) &&
      this.deptC[slot] === this.interner.find(entry.department) &&
      this.contexts[slot] === context
    );
  }

  /** Removes one entry by id (no-op when absent). Cost: O(postings of its two phrases). */
  remove(id: number): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.changes++;
    this.slotOf.delete(id);
    this.removePosting(canonicalKey(tokenize(this.terms[slot])), slot * 2 + DIR_FORWARD);
    this.removePosting(canonicalKey(tokenize(this.synonyms[slot])), slot * 2 + DIR_REVERSE);
    this.flags[slot] = 0;
    this.terms[slot] = '';
    this.synonyms[slot] = '';
    this.contexts[slot] = null;
    this.free.push(slot);
  }

  /** Every stored entry (as getEntry reconstructs it), in no particular order. */
  *entries(): IterableIterator<CatalogueEntry> {
    for (const id of this.slotOf.keys()) yield this.getEntry(id)!;
  }

  /** Reconstructs a stored entry (tags reduced to the acronym/abbreviation classification). */
  getEntry(id: number): CatalogueEntry | undefined {
    const s = this.slotOf.get(id);
    if (s === undefined) return undefined;
    const f = this.flags[s];
    return {
      id,
      term: this.terms[s],
      synonym: this.synonyms[s],
      domain: this.interner.value(this.domainC[s]),
      confidence: this.conf[s],
      userRole: this.interner.value(this.roleC[s]),
      department: this.interner.value(this.deptC[s]),
      context: this.contexts[s],
      tags: f & FLAG_ACRONYM ? ['acronym'] : f & FLAG_ABBREVIATION ? ['abbreviation'] : [],
      ...(Number.isNaN(this.success[s]) ? {} : { successRate: this.success[s] }),
      usageCount: this.usage[s],
    };
  }

  // ---- read access used by the matcher (internal API) ----

  /** Longest phrase length starting with this canonical token (0 when none). */
  firstTokenMax(canonToken: string): number {
    return this.firstMax.get(canonToken) ?? 0;
  }
  /** Postings of a canonical phrase key. */
  postings(key: string): Postings | undefined {
    return this.phrases.get(key);
  }
  /** Interned code of a role/department/domain value: 0 for none, -1 when no entry uses it. */
  scopeCode(v: string | undefined | null): number {
    return this.interner.find(v);
  }
  /** The value of an interned role/department/domain code (null for 0). */
  scopeValue(code: number): string | null {
    return this.interner.value(code);
  }
  /** The slot holding an entry id. */
  slotOfId(id: number): number | undefined {
    return this.slotOf.get(id);
  }
  slotId(s: number): number {
    return this.ids[s];
  }
  slotTerm(s: number): string {
    return this.terms[s];
  }
  slotSynonym(s: number): string {
    return this.synonyms[s];
  }
  slotConfidence(s: number): number {
    return this.conf[s];
  }
  slotFlags(s: number): number {
    return this.flags[s];
  }
  slotDomain(s: number): string | null {
    return this.interner.value(this.domainC[s]);
  }
  slotRoleCode(s: number): number {
    return this.roleC[s];
  }
  slotDeptCode(s: number): number {
    return this.deptC[s];
  }
  slotContext(s: number): string | null {
    return this.contexts[s];
  }
  slotSuccess(s: number): { rate: number; usage: number } | null {
    return Number.isNaN(this.success[s]) ? null : { rate: this.success[s], usage: this.usage[s] };
  }

  // ---- internals ----

  private allocate(): number {
    const f = this.free.pop();
    if (f !== undefined) return f;
    if (this.next === this.cap) {
      const n = Math.max(1024, this.cap * 2);
      this.ids = grow(this.ids, n);
      this.conf = grow(this.conf, n);
      this.success = grow(this.success, n);
      this.usage = grow(this.usage, n);
      this.flags = grow(this.flags, n);
      this.domainC = grow(this.domainC, n);
      this.roleC = grow(this.roleC, n);
      this.deptC = grow(this.deptC, n);
      this.cap = n;
    }
    return this.next++;
  }

  private addPosting(key: string, len: number, posting: number, c: number): void {
    if (len <= LIMITS.MAX_PHRASE_TOKENS) {
      const sp = key.indexOf(' ');
      const first = sp < 0 ? key : key.slice(0, sp);
      const m = this.firstMax.get(first);
      if (m === undefined || m < len) this.firstMax.set(first, len);
      if (len > this.maxLen) this.maxLen = len;
    }
    const cur = this.phrases.get(key);
    if (cur === undefined) {
      this.phrases.set(key, posting);
      return;
    }
    const list = typeof cur === 'number' ? [cur] : cur;
    if (this.bulk) {
      list.push(posting);
      if (typeof cur === 'number') this.phrases.set(key, list);
      return;
    }
    // keep sorted by confidence desc (stable: new entry after equal ones)
    let i = list.length;
    while (i > 0 && this.conf[Math.floor(list[i - 1] / 2)] < c) i--;
    list.splice(i, 0, posting);
    if (typeof cur === 'number') this.phrases.set(key, list);
  }

  private removePosting(key: string, posting: number): void {
    const cur = this.phrases.get(key);
    if (cur === undefined) return;
    if (typeof cur === 'number') {
      if (cur === posting) this.phrases.delete(key);
      return;
    }
    const i = cur.indexOf(posting);
    if (i >= 0) cur.splice(i, 1);
    if (cur.length === 1) this.phrases.set(key, cur[0]);
    else if (cur.length === 0) this.phrases.delete(key);
  }
}

let cachedLexicons: Lexicons | undefined;
/** The built-in lexicons, loaded once per process. */
export function defaultLexicons(): Lexicons {
  if (!cachedLexicons) cachedLexicons = loadLexicons();
  return cachedLexicons;
}

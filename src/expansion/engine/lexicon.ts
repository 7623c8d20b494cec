import * as fs from 'fs';
import * as path from 'path';
import { dataFile } from './data-files';
import { spellingVariant } from './analysis/spelling';
import { domainMatchOf } from './domains';
import { canonicalKey, tokenize } from './normalize';
import { LexiconDomain, LexiconEntry, LexiconMap, LexiconSense, Lexicons } from './types';

/** Shape of data/acronyms.json and data/abbreviations.json. */
export interface LexiconFile {
  description?: string;
  /** keys that are also ordinary words: only matched when the query writes them with a capital letter */
  case_sensitive?: string[];
  entries: Record<string, LexiconSense[]>;
}

export const LEXICON_DOMAINS: readonly LexiconDomain[] = ['technical', 'business', 'general'];

/** Extra per-key flags kept next to the senses. */
export interface CompiledLexiconEntry extends LexiconEntry {
  /** only matched when the surface form contains an upper-case letter */
  caseSensitive: boolean;
  /** normalised tokens of each sense's expansion (parallel to senses) */
  expansionTokens: string[][];
}

/** Validates one lexicon file; returns a list of problems (empty when well-formed). */
export function validateLexiconFile(file: LexiconFile): string[] {
  const problems: string[] = [];
  if (!file || typeof file !== 'object' || !file.entries || typeof file.entries !== 'object') {
    return ['missing "entries" object'];
  }
  const seen = new Map<string, string>();
  for (const [key, senses] of Object.entries(file.entries)) {
    const toks = tokenize(key);
    if (toks.length !== 1) problems.push(`${key}: key must normalise to exactly one token (got ${toks.length})`);
    const canon = canonicalKey(toks);
    if (seen.has(canon)) problems.push(`${key}: collides with ${seen.get(canon)} after normalisation`);
    seen.set(canon, key);
    if (!Array.isArray(senses) || senses.length === 0) {
      problems.push(`${key}: needs at least one sense`);
      continue;
    }
    for (const s of senses) {
      if (!s || typeof s.expansion !== 'string' || tokenize(s.expansion).length === 0) problems.push(`${key}: empty expansion`);
      else if (tokenize(s.expansion).join(' ') === toks.join(' ')) problems.push(`${key}: expansion equals the key`);
      if (!LEXICON_DOMAINS.includes(s?.domain)) problems.push(`${key}: bad domain ${String(s?.domain)}`);
      if (s?.context_words !== undefined) {
        if (!Array.isArray(s.context_words) || s.context_words.some((w) => typeof w !== 'string' || tokenize(w).length !== 1)) {
          problems.push(`${key}: context_words must be single words`);
        }
      }
    }
  }
  for (const k of file.case_sensitive ?? []) if (!(k in file.entries)) problems.push(`case_sensitive ${k}: not a key`);
  return problems;
}

/** Compiles a lexicon file into a map keyed by the canonical normalised key. */
export function compileLexicon(file: LexiconFile): LexiconMap {
  const map: LexiconMap = new Map();
  const cs = new Set(file.case_sensitive ?? []);
  for (const [key, senses] of Object.entries(file.entries ?? {})) {
    const toks = tokenize(key);
    if (toks.length === 0 || !Array.isArray(senses)) continue;
    const good = senses.filter((s) => s && typeof s.expansion === 'string' && tokenize(s.expansion).length > 0);
    if (good.length === 0) continue;
    const entry: CompiledLexiconEntry = {
      key,
      senses: good.map((s) => ({
        expansion: s.expansion.trim(),
        domain: LEXICON_DOMAINS.includes(s.domain) ? s.domain : 'general',
        ...(s.context_words ? { context_words: s.context_words.map((w) => tokenize(w).join(' ')).filter(Boolean) } : {}),
      })),
      caseSensitive: cs.has(key),
      expansionTokens: good.map((s) => tokenize(s.expansion)),
    };
    map.set(canonicalKey(toks), entry);
  }
  return map;
}

function resolveDataDir(dir?: string): string {
  if (dir === undefined) return path.dirname(dataFile('acronyms.json'));
  if (!fs.existsSync(path.join(dir, 'acronyms.json'))) throw new Error(`expansion lexicons not found (looked in ${dir})`);
  return dir;
}

/** Reads data/acronyms.json and data/abbreviations.json (directory relative to this module unless given). */
export function loadLexicons(dir?: string): Lexicons {
  const d = resolveDataDir(dir);
  const read = (name: string): LexiconFile => JSON.parse(fs.readFileSync(path.join(d, name), 'utf8')) as LexiconFile;
  return {
    acronyms: compileLexicon(read('acronyms.json')),
    abbreviations: compileLexicon(read('abbreviations.json')),
  };
}

/** Lexicons with no entries. */
export function emptyLexicons(): Lexicons {
  return { acronyms: new Map(), abbreviations: new Map() };
}

/** Ranked senses of an ambiguous key: prior in (0,1], best first. */
export interface RankedSense {
  sense: LexiconSense;
  index: number;
  prior: number;
  contextHits: number;
  domainMatch: -1 | 0 | 1;
  expansionTokens: string[];
}

/**
 * Ranks the senses of one lexicon key.
 *   raw_i = order_i * domain_i * (1 + 0.5 * min(hits_i, 3))
 *   order_i = 1 / (1 + 0.15 * i)             (list order = commonness)
 *   domain_i = 1.4 if sense.domain serves the request domain (domains.ts), 0.75 if both are specific and unrelated, else 1
 *   hits_i   = distinct context_words (and expansion words) of the sense found in the context word set, a request
 *              domain finer than the lexicon's own three counting as one of them ("PR" in a procurement request is a
 *              purchase requisition, whose context words name procurement; public relations is filed under business
 *              like it); a request for business or technical already weighs in through domain_i
 *   prior_i  = raw_i / max_j raw_j, times 0.9 when the key has several senses (ambiguity discount).
 */
export function rankSenses(
  entry: LexiconEntry,
  requestDomain: string | undefined,
  contextWords: ReadonlySet<string>,
): RankedSense[] {
  const senses = entry.senses;
  const compiled = entry as Partial<CompiledLexiconEntry>;
  const rd = requestDomain && requestDomain !== 'general' ? requestDomain : undefined;
  // the request's domain as a context word only where it is finer than the lexicon's domains
  const rdWord = rd !== undefined && !(LEXICON_DOMAINS as readonly string[]).includes(rd) ? rd : undefined;
  const out: RankedSense[] = [];
  let max = 0;
  for (let i = 0; i < senses.length; i++) {
    const s = senses[i];
    let hits = 0;
    const cw = s.context_words;
    if (cw) for (const w of cw) if (contextWords.has(w) || w === rdWord) hits++;
    const et = compiled.expansionTokens?.[i] ?? tokenize(s.expansion);
    for (const w of et) if (w.length > 2 && contextWords.has(w)) hits++;
    const domainMatch = domainMatchOf(s.domain, rd);
    const raw = (1 / (1 + 0.15 * i)) * (domainMatch === 1 ? 1.4 : domainMatch === -1 ? 0.75 : 1) * (1 + 0.5 * Math.min(hits, 3));
    max = Math.max(max, raw);
    out.push({ sense: s, index: i, prior: raw, contextHits: hits, domainMatch, expansionTokens: et });
  }
  const amb = senses.length > 1 ? 0.9 : 1;
  for (const r of out) r.prior = (r.prior / max) * amb;
  out.sort((a, b) => b.prior - a.prior || a.index - b.index);
  return out;
}

/** A lexicon key reached from one of its long forms ("intellectual property" -> IP). */
export interface LongFormHit {
  key: string;
  sense: LexiconSense;
}

/**
 * Long forms of a lexicon (several words only), by normalised and canonical phrase, in British and American
 * spelling ("search engine optimisation" and "...optimization" -> SEO), built once per map.
 */
export interface LongFormIndex {
  lookup(phrase: string): readonly LongFormHit[];
  longestFrom(word: string): number;
}

const longFormCache = new WeakMap<LexiconMap, LongFormIndex>();

/** The long-form index of an acronym lexicon: used to offer the acronym for its spelled-out form. */
export function longFormsOf(map: LexiconMap): LongFormIndex {
  const cached = longFormCache.get(map);
  if (cached) return cached;
  const byPhrase = new Map<string, LongFormHit[]>();
  const firstMax = new Map<string, number>();
  for (const entry of map.values()) {
    for (const sense of entry.senses) {
      const listed = tokenize(sense.expansion);
      // a hyphenated long form is also found written open, as searchers often write it ("account based marketing"
      // for "account-based marketing"); a query's hyphenated words are read open by lookup()
      const open = listed.flatMap((t) => t.split('-').filter(Boolean));
      for (const toks of open.length === listed.length ? [listed] : [listed, open]) {
        if (toks.length < 2) continue;
        const other = toks.map((t) => spellingVariant(t) ?? t);
        for (const k of new Set([toks.join(' '), canonicalKey(toks), other.join(' '), canonicalKey(other)])) {
          const list = byPhrase.get(k) ?? [];
          if (!list.some((h) => h.key === entry.key)) list.push({ key: entry.key, sense });
          byPhrase.set(k, list);
        }
        for (const first of new Set([toks[0], other[0]])) if (toks.length > (firstMax.get(first) ?? 0)) firstMax.set(first, toks.length);
      }
    }
  }
  const index: LongFormIndex = {
    lookup: (phrase) => byPhrase.get(phrase) ?? (phrase.includes('-') ? byPhrase.get(phrase.replace(/-/g, ' ')) : undefined) ?? [],
    longestFrom: (word) => firstMax.get(word) ?? 0,
  };
  longFormCache.set(map, index);
  return index;
}

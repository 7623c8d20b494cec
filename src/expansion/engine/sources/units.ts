import { longFormsOf } from '../lexicon';
import type { QueryToken } from '../analysis';
import { canonicalKey } from '../normalize';
import type { MatchState, Unit } from './types';

/**
 * The keys a stretch of the query is looked up by, most literal first: as written, with its last word's lemma
 * ("release notes" -> "release note"), with its first word's lemma for a verb phrase ("working from home" ->
 * "work from home"), and canonical (plural-insensitive).
 */
export function phraseKeys(tokens: readonly QueryToken[], a: number, b: number): string[] {
  const words = tokens.slice(a, b).map((t) => t.norm);
  const keys = [words.join(' ')];
  const last = tokens[b - 1];
  if (last.lemma !== last.norm) keys.push([...words.slice(0, -1), last.lemma].join(' '));
  const first = tokens[a];
  if (b - a > 1 && first.wordClass === 'verb' && first.lemma !== first.norm) keys.push([first.lemma, ...words.slice(1)].join(' '));
  const canon = canonicalKey(words);
  if (!keys.includes(canon)) keys.push(canon);
  return keys;
}

/** Longest compound looked for, in words (acronym long forms may be two words longer). */
const MAX_COMPOUND = 4;

/**
 * The query's units after the catalogue claimed its phrases: greedy longest-first compounds and
 * multi-word expressions that the thesaurus, WordNet or the acronym lexicon's long forms list whole ("unit
 * test", "cash flow", "time off", "paid time off"), then every remaining word on its own. A compound is only ever
 * looked up whole; the listed compounds inside a longer one are units too, marked nested.
 */
export function detectUnits(state: MatchState, claimed: readonly Unit[]): Unit[] {
  const tokens = state.analysis.tokens;
  const n = tokens.length;
  const taken = new Uint8Array(n);
  for (const u of claimed) for (let k = u.tokStart; k < u.tokEnd; k++) taken[k] = 1;
  const out: Unit[] = [...claimed];
  const th = state.thesaurus;
  const wn = state.wordnet;
  const longForms = longFormsOf(state.index.lexicons.acronyms);
  // a WordNet phrasal verb ("lift out", "sign in") is a unit only where its first word is read as a verb: "lift out of
  // order" is the noun lift
  const verbOnly = (k: string): boolean => wn !== undefined && wn.entry(k, 'verb') !== undefined && wn.entry(k, 'noun') === undefined && wn.entry(k, 'adj') === undefined;
  const listed = (k: string, verb: boolean): boolean =>
    (th !== undefined && th.lookup(k).length > 0) || (wn !== undefined && wn.isCollocation(k) && (verb || !verbOnly(k))) || longForms.lookup(k).length > 0;
  const known = (a: number, b: number): boolean => phraseKeys(tokens, a, b).some((k) => listed(k, tokens[a].wordClass === 'verb'));
  const longestFrom = (w: string) => Math.max(th?.longestFrom(w) ?? 0, wn?.longestCollocationFrom(w) ?? 0, longForms.longestFrom(w));
  let i = 0;
  while (i < n) {
    if (taken[i]) {
      i++;
      continue;
    }
    const maxL = Math.min(MAX_COMPOUND + 2, n - i, Math.max(longestFrom(tokens[i].norm), longestFrom(tokens[i].lemma)));
    let len = 1;
    for (let L = maxL; L >= 2; L--) {
      let free = true;
      for (let k = i; k < i + L; k++) if (taken[k]) free = false;
      if (!free) continue;
      if (known(i, i + L)) {
        len = L;
        break;
      }
    }
    out.push({ tokStart: i, tokEnd: i + len });
    // the longest listed compounds inside it, each whole ("sick leave" in "sick leave policy")
    for (let a = i; len > 2 && a < i + len - 1; ) {
      let inner = 0;
      for (let L = Math.min(i + len - a, len - 1); L >= 2 && inner === 0; L--) if (known(a, a + L)) inner = L;
      if (inner > 0) out.push({ tokStart: a, tokEnd: a + inner, nested: true });
      a += Math.max(inner, 1);
    }
    i += len;
  }
  return out.sort((a, b) => a.tokStart - b.tokStart || b.tokEnd - a.tokEnd);
}

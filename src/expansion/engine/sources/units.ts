import { longFormsOf } from '../lexicon';
import { canonicalToken } from '../normalize';
import type { MatchState, Unit } from './types';

/** Longest compound looked for, in words (acronym long forms may be two words longer). */
const MAX_COMPOUND = 4;

/**
 * The query's units after the catalogue claimed its phrases: greedy longest-first compounds and
 * multi-word expressions that the thesaurus, WordNet or the acronym lexicon's long forms list whole ("unit
 * test", "cash flow", "time off", "paid time off"), then every remaining word on its own. A compound is only ever looked up whole.
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
  const norms = tokens.map((t) => t.norm);
  const canon = tokens.map((t) => canonicalToken(t.norm));
  const listed = (k: string): boolean => (th !== undefined && th.lookup(k).length > 0) || (wn !== undefined && wn.isCollocation(k)) || longForms.lookup(k).length > 0;
  /** the phrase tokens[a, b) as written, with its last word's lemma, or in canonical form */
  const known = (a: number, b: number): boolean => {
    const head = b - 1 > a ? norms.slice(a, b - 1).join(' ') + ' ' : '';
    if (listed(head + norms[b - 1])) return true;
    if (tokens[b - 1].lemma !== norms[b - 1] && listed(head + tokens[b - 1].lemma)) return true;
    const c = canon.slice(a, b).join(' ');
    return c !== head + norms[b - 1] && listed(c);
  };
  let i = 0;
  while (i < n) {
    if (taken[i]) {
      i++;
      continue;
    }
    const first = tokens[i].norm;
    const maxL = Math.min(MAX_COMPOUND + 2, n - i, Math.max(th?.longestFrom(first) ?? 0, wn?.longestCollocationFrom(first) ?? 0, longForms.longestFrom(first)));
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
    i += len;
  }
  return out.sort((a, b) => a.tokStart - b.tokStart);
}

import { canonicalKey } from '../normalize';
import type { MatchState, Unit } from './types';

/** Longest compound looked for, in words. */
const MAX_COMPOUND = 4;

/**
 * The query's units after the catalogue claimed its phrases: greedy longest-first compounds and
 * multi-word expressions that the thesaurus or WordNet list whole ("unit test", "cash flow", "time off",
 * "paid time off"), then every remaining word on its own. A compound is only ever looked up whole.
 */
export function detectUnits(state: MatchState, claimed: readonly Unit[]): Unit[] {
  const tokens = state.analysis.tokens;
  const n = tokens.length;
  const taken = new Uint8Array(n);
  for (const u of claimed) for (let k = u.tokStart; k < u.tokEnd; k++) taken[k] = 1;
  const out: Unit[] = [...claimed];
  const th = state.thesaurus;
  const wn = state.wordnet;
  const known = (words: string[], lemmaLast: string): boolean => {
    const keys = [words.join(' '), [...words.slice(0, -1), lemmaLast].join(' '), canonicalKey(words)];
    return keys.some((k) => (th !== undefined && th.lookup(k).length > 0) || (wn !== undefined && wn.isCollocation(k)));
  };
  let i = 0;
  while (i < n) {
    if (taken[i]) {
      i++;
      continue;
    }
    const first = tokens[i].norm;
    const maxL = Math.min(MAX_COMPOUND, n - i, Math.max(th?.longestFrom(first) ?? 0, wn?.longestCollocationFrom(first) ?? 0));
    let len = 1;
    for (let L = maxL; L >= 2; L--) {
      let free = true;
      for (let k = i; k < i + L; k++) if (taken[k]) free = false;
      if (!free) continue;
      const words = tokens.slice(i, i + L).map((t) => t.norm);
      if (known(words, tokens[i + L - 1].lemma)) {
        len = L;
        break;
      }
    }
    out.push({ tokStart: i, tokEnd: i + len });
    i += len;
  }
  return out.sort((a, b) => a.tokStart - b.tokStart);
}

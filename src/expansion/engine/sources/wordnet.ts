import { inflectLike, zipf } from '../analysis';
import type { WordNetPos } from '../wordnet';
import type { MatchState } from './types';

/** Source score of a WordNet alternative before calibration (docs/EXPANSION.md, "WordNet"). */
export const WORDNET_SCORE = {
  base: 0.7,
  /** alternatives rarer than this Zipf value (SUBTLEX-US) are never shown: archaic and obscure words */
  minZipf: 3,
  /** Zipf value from which an alternative counts as fully common */
  commonZipf: 5,
  /** score of a sense chosen on context evidence rather than frequency */
  contextSense: 0.8,
} as const;

/**
 * WordNet, conservatively: only for units no other source understood; only senses of the word's tagged
 * part of speech; the most frequent sense by sense-tag counts unless the query or context supports
 * another; no proper-noun members, no multi-word members for single verbs ("leave" -> "go forth"), no
 * member containing the word itself, no rare words; never inside a noun compound it does not list whole.
 */
export function matchWordNet(state: MatchState): void {
  const wn = state.wordnet;
  if (!wn) return;
  const { builder, analysis } = state;
  const tokens = analysis.tokens;
  for (const u of state.units) {
    if (builder.full) break;
    if (u.nested || builder.hasCandidateFor(u.tokStart, u.tokEnd)) continue;
    const single = u.tokEnd - u.tokStart === 1;
    const head = tokens[u.tokEnd - 1];
    let lemma: string;
    let pos: WordNetPos;
    if (single) {
      if (!head.content || head.inNounRun || head.wordClass === 'other') continue;
      lemma = head.lemma;
      pos = head.wordClass;
    } else {
      lemma = [...tokens.slice(u.tokStart, u.tokEnd - 1).map((t) => t.norm), head.lemma].join(' ');
      if (!wn.isCollocation(lemma)) continue;
      pos = 'noun';
    }
    const entry = wn.entry(lemma, pos);
    if (!entry) continue;
    const own = new Set(lemma.split(' '));
    const evidence = entry.senses.map((s) => {
      let hits = 0;
      for (const w of new Set([...s.words.flatMap((x) => x.split(' ')), ...s.gloss])) if (!own.has(w) && builder.contextWords.has(w)) hits++;
      return hits;
    });
    let chosen = 0;
    let byContext = false;
    if (evidence[0] === 0) {
      const k = evidence.findIndex((h) => h > 0);
      if (k > 0) {
        chosen = k;
        byContext = true;
      }
    }
    const sense = entry.senses[chosen];
    // share of tagged uses that the chosen sense has (smoothed); untagged polysemous words score low
    const dominance = byContext ? WORDNET_SCORE.contextSense : (sense.tagCount + 1) / (entry.totalTags + entry.senseCount);
    const span = builder.span(u.tokStart, u.tokEnd);
    for (const member of sense.words) {
      const words = member.split(' ');
      if (pos === 'verb' && words.length > 1) continue;
      if (words.some((w) => own.has(w))) continue;
      const z = zipf(member);
      if (z < WORDNET_SCORE.minZipf) continue;
      const common = Math.min(1, (z - WORDNET_SCORE.minZipf + 1) / (WORDNET_SCORE.commonZipf - WORDNET_SCORE.minZipf + 1));
      const raw = WORDNET_SCORE.base * Math.sqrt(dominance) * common;
      builder.add(span, single ? inflectLike(member, head.inflection, head.pos) : member, {
        kind: 'semantic',
        source: 'wordnet',
        raw,
        domain: null,
        domainMatch: 0,
        contextHits: evidence[chosen],
        scoped: false,
        useTerm: lemma,
        useSynonym: member,
        success: null,
        features: { sense: chosen, sense_share: Math.round(dominance * 1e4) / 1e4, zipf: Math.round(z * 100) / 100, senses: entry.senseCount },
      });
    }
  }
}

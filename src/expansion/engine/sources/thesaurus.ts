import { inflectLike, zipf } from '../analysis';
import { domainMatchOf } from '../domains';
import { canonicalKey } from '../normalize';
import type { ThesaurusHit } from '../thesaurus';
import type { MatchState } from './types';

/** Source score of a thesaurus alternative before calibration (docs/EXPANSION.md, "Thesaurus"). */
export const THESAURUS_SCORE = {
  base: 0.85,
  /** per position of the alternative in its set (later members are less common wordings) */
  perMember: 0.1,
  domainMatch: 1,
  neutral: 0.9,
  domainMismatch: 0.6,
  /** sets labelled general: workplace-wide wording is looser than a domain's */
  generalSet: 0.85,
  /** a longer wording for a single word ("approve" -> "give approval") */
  longerWording: 0.8,
  /** alternatives whose rarest word has a Zipf value below this are discounted linearly to commonZipf - 2 */
  commonZipf: 4,
} as const;

/** 1 for a common wording, down to 0.5 for one with a rare word (SUBTLEX-US Zipf). */
function commonness(alt: string): number {
  const z = zipf(alt);
  if (z >= THESAURUS_SCORE.commonZipf) return 1;
  return Math.max(0.5, 1 - (THESAURUS_SCORE.commonZipf - z) / 4);
}

/**
 * The enterprise thesaurus: a unit (a word of the tagged part of speech, or a whole compound) is
 * looked up by its lemma; a set with context words applies only when one of them is in the query or
 * its context, or when the request's domain serves the set's.
 */
export function matchThesaurus(state: MatchState): void {
  const th = state.thesaurus;
  if (!th) return;
  const { builder, analysis } = state;
  const tokens = analysis.tokens;
  for (const u of state.units) {
    if (builder.full) break;
    const single = u.tokEnd - u.tokStart === 1;
    const head = tokens[u.tokEnd - 1];
    if (single && !head.content) continue;
    const words = tokens.slice(u.tokStart, u.tokEnd).map((t) => t.norm);
    const lemmaKey = [...words.slice(0, -1), head.lemma].join(' ');
    let hits: readonly ThesaurusHit[] = th.lookup(lemmaKey);
    if (hits.length === 0) hits = th.lookup(words.join(' '));
    if (hits.length === 0) hits = th.lookup(canonicalKey(words));
    if (hits.length === 0) continue;
    const span = builder.span(u.tokStart, u.tokEnd);
    for (const { set, member } of hits) {
      if (single && set.pos !== head.wordClass) continue; // only the sense of the word's part of speech
      const dm = domainMatchOf(set.domain, builder.domain);
      let ctxHits = 0;
      if (set.context_words) for (const w of set.context_words) if (builder.contextWords.has(w) && !words.includes(w)) ctxHits++;
      // an ambiguous word without evidence for this meaning; a compound is specific enough on its own
      if (set.context_words && single && ctxHits === 0 && dm !== 1) continue;
      const domainFactor = dm === 1 ? THESAURUS_SCORE.domainMatch : dm === 0 ? THESAURUS_SCORE.neutral : THESAURUS_SCORE.domainMismatch;
      set.terms.forEach((alt, pos) => {
        if (pos === member) return;
        const replacement = inflectLike(alt, head.inflection, set.pos === 'verb' ? 'VERB' : 'NOUN');
        const longer = alt.split(' ').length > u.tokEnd - u.tokStart ? THESAURUS_SCORE.longerWording : 1;
        const general = set.domain === 'general' ? THESAURUS_SCORE.generalSet : 1;
        const raw = THESAURUS_SCORE.base * (1 - THESAURUS_SCORE.perMember * Math.min(pos, 4)) * domainFactor * longer * general * commonness(alt);
        builder.add(span, replacement, {
          kind: 'synonym',
          source: 'thesaurus',
          raw,
          domain: set.domain,
          domainMatch: dm,
          contextHits: ctxHits,
          scoped: false,
          useTerm: set.terms[member],
          useSynonym: alt,
          success: null,
          features: { set_domain: set.domain, pos: set.pos, member: pos, context_gated: set.context_words ? 1 : 0, longer_wording: longer < 1 ? 1 : 0 },
        });
      });
    }
  }
}

import { spellingVariant, zipf } from '../analysis';
import { STOPWORDS } from '../normalize';
import type { MatchState } from './types';

/** Source score of a spelling variant before calibration: British/American, and a closed compound. */
export const SPELLING_SCORE = 0.9;
export const CLOSED_COMPOUND_SCORE = 0.8;
/** A closed form counts as a word when this common in SUBTLEX-US, or listed in the thesaurus. */
const KNOWN_WORD_ZIPF = 2;

/**
 * Words whose British spelling belongs to one sense only ("programme" is never software, "disc" rarely
 * storage): their variant is offered only outside technical requests.
 */
const SENSE_SPLIT = new Set(['program', 'programs', 'programmed', 'programming', 'disk', 'disks']);
const TECHNICAL = new Set(['technical', 'it', 'engineering']);

/**
 * The other variety's spelling of a word (British <-> American). A spelling never changes meaning, so it
 * applies to any word, inside a compound too.
 */
export function matchSpelling(state: MatchState): void {
  matchClosedCompounds(state);
  const { builder, analysis } = state;
  const technical = builder.domain !== undefined && TECHNICAL.has(builder.domain);
  analysis.tokens.forEach((t, i) => {
    if (builder.full || !/^[a-z]+$/.test(t.norm)) return;
    const variant = spellingVariant(t.norm);
    if (!variant || (technical && (SENSE_SPLIT.has(t.norm) || SENSE_SPLIT.has(variant)))) return;
    // a variant absent from the frequency list where the word itself is common is archaic or another word
    // ("connexion", "instal", "philtre" for filter)
    if (zipf(variant) < 1 && zipf(t.norm) >= 3) return;
    builder.add(builder.span(i, i + 1), variant, {
      kind: 'synonym',
      source: 'spelling',
      raw: SPELLING_SCORE,
      domain: null,
      domainMatch: 0,
      contextHits: 0,
      scoped: false,
      useTerm: t.norm,
      useSynonym: variant,
      success: null,
      features: { variant: 'british/american spelling' },
    });
  });
}

/**
 * Open and hyphenated compounds written closed when the closed form is a word in its own right: "wi-fi" ->
 * "wifi", "cut off" -> "cutoff", "hand off" -> "handoff". Function words never join ("log in" stays: the
 * closed "login" is another part of speech).
 */
function matchClosedCompounds(state: MatchState): void {
  const { builder, analysis } = state;
  const tokens = analysis.tokens;
  const known = (w: string) => zipf(w) >= KNOWN_WORD_ZIPF || (state.thesaurus !== undefined && state.thesaurus.lookup(w).length > 0);
  const add = (a: number, b: number, closed: string) =>
    builder.add(builder.span(a, b), closed, {
      kind: 'synonym',
      source: 'spelling',
      raw: CLOSED_COMPOUND_SCORE,
      domain: null,
      domainMatch: 0,
      contextHits: 0,
      scoped: false,
      useTerm: tokens.slice(a, b).map((t) => t.norm).join(' '),
      useSynonym: closed,
      success: null,
      features: { variant: 'closed compound' },
    });
  for (let i = 0; i < tokens.length && !builder.full; i++) {
    const t = tokens[i];
    if (/^[a-z]+-[a-z]+$/.test(t.norm)) {
      const closed = t.norm.replace('-', '');
      if (known(closed)) add(i, i + 1, closed);
      continue;
    }
    if (i + 1 >= tokens.length || !/^[a-z]{2,}$/.test(t.norm) || !/^[a-z]{2,}$/.test(tokens[i + 1].norm)) continue;
    if (STOPWORDS.has(t.norm) || (tokens[i + 1].pos === 'ADP' && t.wordClass === 'verb' && tokens[i + 2]?.pos !== 'NOUN')) continue;
    const closed = t.norm + tokens[i + 1].norm;
    if (known(closed)) add(i, i + 2, closed);
  }
}

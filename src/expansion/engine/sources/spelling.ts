import { spellingVariant, zipf } from '../analysis';
import type { MatchState } from './types';

/** Source score of a spelling variant before calibration. */
export const SPELLING_SCORE = 0.9;

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

import { StrategyContext } from '../candidates';
import { Candidate, scoreCandidate } from '../scoring';

/**
 * contextual: any alternative (catalogue, lexicon, WordNet) supported by the context — its words (or
 * the sense's context words, or the entry's context text) occur in the conversation history, the
 * available documents or elsewhere in the query — or containing one of the user's preferred terms.
 */
export function contextualStrategy(ctx: StrategyContext): Candidate[] {
  const out: Candidate[] = [];
  for (const b of ctx.bases) {
    if (b.contextHits > 0 || b.preferred) {
      // an ambiguous acronym's non-preferred senses are not promoted unless they have their own evidence
      if (b.senseRank !== undefined && b.senseRank > 0 && b.contextHits === 0 && !b.preferred) continue;
      out.push(scoreCandidate(b, 'contextual', ctx));
    }
  }
  return out;
}

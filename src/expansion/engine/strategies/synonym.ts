import { StrategyContext } from '../candidates';
import { Candidate, scoreCandidate } from '../scoring';

/**
 * synonym_expansion: catalogue pairs (term -> synonym, and synonym -> term at a lower match factor)
 * that are in the request's scope. Forward uses of entries classified as acronyms/abbreviations are
 * left to those strategies.
 */
export function synonymStrategy(ctx: StrategyContext): Candidate[] {
  const out: Candidate[] = [];
  for (const b of ctx.bases) if (b.source === 'catalogue' && b.kind === 'synonym') out.push(scoreCandidate(b, 'synonym_expansion', ctx));
  return out;
}

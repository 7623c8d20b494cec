import { StrategyContext } from '../candidates';
import { Candidate, scoreCandidate } from '../scoring';

/** abbreviation_expansion: catalogue entries classified as abbreviations plus the built-in abbreviation lexicon. */
export function abbreviationStrategy(ctx: StrategyContext): Candidate[] {
  const out: Candidate[] = [];
  for (const b of ctx.bases) if (b.kind === 'abbreviation') out.push(scoreCandidate(b, 'abbreviation_expansion', ctx));
  return out;
}

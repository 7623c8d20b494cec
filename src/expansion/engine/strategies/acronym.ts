import { StrategyContext } from '../candidates';
import { Candidate, scoreCandidate } from '../scoring';

/** acronym_expansion: catalogue entries classified as acronyms plus the built-in acronym lexicon (senses ranked by domain and context). */
export function acronymStrategy(ctx: StrategyContext): Candidate[] {
  const out: Candidate[] = [];
  for (const b of ctx.bases) if (b.kind === 'acronym') out.push(scoreCandidate(b, 'acronym_expansion', ctx));
  return out;
}

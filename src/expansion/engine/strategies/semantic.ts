import { StrategyContext } from '../candidates';
import { Candidate, scoreCandidate } from '../scoring';

/** semantic: WordNet synonyms of content words not covered by catalogue or lexicon matches. */
export function semanticStrategy(ctx: StrategyContext): Candidate[] {
  const out: Candidate[] = [];
  for (const b of ctx.bases) if (b.kind === 'semantic') out.push(scoreCandidate(b, 'semantic', ctx));
  return out;
}

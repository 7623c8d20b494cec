import { StrategyContext } from '../candidates';
import { Candidate, scoreCandidate } from '../scoring';

/**
 * domain_specific: catalogue entries and lexicon senses whose domain equals the request's (specific,
 * i.e. not 'general') domain. Nothing is produced without a request domain.
 */
export function domainStrategy(ctx: StrategyContext): Candidate[] {
  if (!ctx.domain) return [];
  const out: Candidate[] = [];
  for (const b of ctx.bases) if (b.source !== 'wordnet' && b.domainMatch === 1) out.push(scoreCandidate(b, 'domain_specific', ctx));
  return out;
}

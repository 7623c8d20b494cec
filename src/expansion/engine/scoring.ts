import { BaseCandidate, StrategyContext } from './candidates';
import { ExpansionType } from './types';

/** Multiplier applied to a source's prior by the strategy that emits it. */
export const STRATEGY_WEIGHT: Record<ExpansionType, number> = {
  synonym_expansion: 1,
  acronym_expansion: 1,
  abbreviation_expansion: 1,
  domain_specific: 1,
  contextual: 1,
  semantic: 0.8,
};

/** Relevance bonus of the strategy (lets the more specific explanation win de-duplication). */
export const TYPE_BONUS: Record<ExpansionType, number> = {
  synonym_expansion: 0,
  acronym_expansion: 0,
  abbreviation_expansion: 0,
  domain_specific: 0.05,
  contextual: 0.05,
  semantic: 0,
};

export const RELEVANCE = {
  base: 0.5,
  domainMatch: 0.2,
  domainMismatch: -0.15,
  scoped: 0.1,
  perContextHit: 0.07,
  maxContext: 0.2,
  preferredTerm: 0.3,
  preferredDomain: 0.05,
  /** success adjustment = successWeight * (successRate - 0.5) once usageCount >= minUsage */
  successWeight: 0.2,
  minUsage: 5,
} as const;

/** Ranking score = confidence * (RANK_FLOOR + (1 - RANK_FLOOR) * relevance). */
export const RANK_FLOOR = 0.6;

export interface Candidate {
  base: BaseCandidate;
  type: ExpansionType;
  confidence: number;
  relevance: number;
  score: number;
  explanation: Record<string, number | string>;
}

const clamp01 = (x: number): number => (x < 0 ? 0 : x > 1 ? 1 : x);
const r4 = (x: number): number => Math.round(x * 10000) / 10000;

/**
 * confidence = clamp(prior * matchFactor * STRATEGY_WEIGHT[type])
 * relevance  = clamp(0.5 + domain + scope + context + preference + success + TYPE_BONUS[type])
 * score      = confidence * (0.6 + 0.4 * relevance)
 */
export function scoreCandidate(base: BaseCandidate, type: ExpansionType, ctx: StrategyContext): Candidate {
  const weight = STRATEGY_WEIGHT[type];
  const confidence = clamp01(base.prior * base.matchFactor * weight);
  const domainAdj = base.domainMatch === 1 ? RELEVANCE.domainMatch : base.domainMatch === -1 ? RELEVANCE.domainMismatch : 0;
  const scopeAdj = base.scoped ? RELEVANCE.scoped : 0;
  const contextAdj = Math.min(RELEVANCE.maxContext, RELEVANCE.perContextHit * base.contextHits);
  let prefAdj = base.preferred ? RELEVANCE.preferredTerm : 0;
  if (base.domain && ctx.prefs.preferredDomains.has(base.domain.toLowerCase())) prefAdj += RELEVANCE.preferredDomain;
  const successAdj =
    base.success && base.success.usage >= RELEVANCE.minUsage ? RELEVANCE.successWeight * (clamp01(base.success.rate) - 0.5) : 0;
  const bonus = TYPE_BONUS[type];
  const relevance = clamp01(RELEVANCE.base + domainAdj + scopeAdj + contextAdj + prefAdj + successAdj + bonus);
  const score = confidence * (RANK_FLOOR + (1 - RANK_FLOOR) * relevance);
  return {
    base,
    type,
    confidence,
    relevance,
    score,
    explanation: {
      source: base.source,
      prior: r4(base.prior),
      match_factor: r4(base.matchFactor),
      strategy_weight: weight,
      domain_adjustment: r4(domainAdj),
      scope_adjustment: r4(scopeAdj),
      context_hits: base.contextHits,
      context_adjustment: r4(contextAdj),
      preference_adjustment: r4(prefAdj),
      success_adjustment: r4(successAdj),
      type_bonus: bonus,
      score: r4(score),
    },
  };
}

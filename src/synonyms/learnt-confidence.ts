/**
 * Prior strength of the Bayesian confidence update: an entry's stated confidence counts as this many
 * ratings, so one rating moves the learnt score by at most 1/(PRIOR_WEIGHT + n) (docs/EXPANSION.md).
 */
export const PRIOR_WEIGHT = 10;

/** Posterior mean of a Beta prior centred on the stated confidence, after `helpful` of `uses` ratings. */
export function learntConfidence(confidence: number, helpful: number, uses: number): number {
  return (PRIOR_WEIGHT * confidence + helpful) / (PRIOR_WEIGHT + uses);
}

import { normalize } from './normalize';

/**
 * Prior strength of the Bayesian confidence update: a source's stated confidence counts as this many
 * ratings, so one rating moves the learnt score by at most 1/(PRIOR_WEIGHT + n) (docs/EXPANSION.md, "Learning").
 */
export const PRIOR_WEIGHT = 10;

/** Posterior mean of a Beta prior centred on the stated confidence, after `helpful` of `uses` ratings. */
export function learntConfidence(confidence: number, helpful: number, uses: number): number {
  return betaUpdate(confidence, helpful, uses, PRIOR_WEIGHT);
}

/** Posterior mean of a Beta prior of `weight` pseudo-ratings centred on `confidence`, after `helpful` of `uses`. */
export function betaUpdate(confidence: number, helpful: number, uses: number, weight: number): number {
  return (weight * confidence + helpful) / (weight + uses);
}

/** Ratings of one term -> alternative pair in one domain. */
export interface PairStat {
  helpful: number;
  uses: number;
}

/** Read access to pair statistics, keyed by pairKey(). */
export interface PairStatsLookup {
  get(key: string): PairStat | undefined;
}

/**
 * Key of a term -> alternative pair in a request domain ('' when the request has none): normalised text,
 * so "Laptops"/"laptops" and "Notebook"/"notebook" share one key.
 */
export function pairKey(term: string, alternative: string, domain?: string | null): string {
  const d = domain ? domain.trim().toLowerCase() : '';
  return `${normalize(term)}\u0001${normalize(alternative)}\u0001${d === 'general' ? '' : d}`;
}

/** In-memory pair statistics (the service keeps one, refreshed from the database). */
export class PairStatsTable implements PairStatsLookup {
  private readonly map = new Map<string, PairStat>();
  private changes = 0;
  get size(): number {
    return this.map.size;
  }
  /** Counts the sets that changed a pair's counts: a cached expansion is valid while it is unchanged. */
  get version(): number {
    return this.changes;
  }
  get(key: string): PairStat | undefined {
    return this.map.get(key);
  }
  set(key: string, stat: PairStat): void {
    const held = this.map.get(key);
    if (held && held.helpful === stat.helpful && held.uses === stat.uses) return;
    this.changes++;
    this.map.set(key, { helpful: stat.helpful, uses: stat.uses });
  }
}

import { calibrate, judgedConfidence, judgmentsApply, judgmentsLower, judgmentsOf, setJudgmentsOf, type CalibrationTable } from './calibration';
import type { Candidate } from './candidates';
import type { Preferences } from './context';
import { learntConfidence, pairKey, type PairStatsLookup } from './learning';
import type { ExpansionType } from './types';

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

export interface ScoredCandidate {
  c: Candidate;
  type: ExpansionType;
  confidence: number;
  calibrated: number;
  relevance: number;
  score: number;
  adjustments: { domain: number; scope: number; context: number; preference: number; success: number };
  stat?: { helpful: number; uses: number };
  /** [good, bad] judgments of the pair in the judged set's other queries */
  judged?: readonly [number, number];
  /** [good, bad] judgments of the other pairs of the candidate's thesaurus set, where they moved its confidence */
  setJudged?: readonly [number, number];
}

const clamp01 = (x: number): number => (x < 0 ? 0 : x > 1 ? 1 : x);
const r4 = (x: number): number => Math.round(x * 10000) / 10000;

export interface ScoringContext {
  calibration?: CalibrationTable;
  pairStats?: PairStatsLookup;
  prefs: Preferences;
  /** request domain ('' for none), the key of pair statistics */
  domain: string | undefined;
}

/**
 * confidence = learnt(judged(calibrated(source score))): the probability that a searcher judges the alternative
 *              right, moved by the judgments of this pair (and of its thesaurus set's other pairs) in other
 *              queries and by its ratings in this domain (catalogue entries learn per entry)
 * relevance  = clamp(0.5 + domain + scope + context + preference + success)
 * score      = confidence * (0.6 + 0.4 * relevance)
 */
export function scoreCandidate(c: Candidate, type: ExpansionType, ctx: ScoringContext): ScoredCandidate {
  const calibrated = clamp01(calibrate(ctx.calibration, c.source, c.raw));
  let confidence = calibrated;
  const table = ctx.calibration;
  // a pair's judgments are read even where their weight is 0, to take them out of its set's record
  const judged = c.source !== 'catalogue' && judgmentsApply(c.features) ? judgmentsOf(table, c.useTerm, c.useSynonym) : undefined;
  const pairWeight = judged ? (table?.judged_pairs?.weight ?? 0) : 0;
  // a thesaurus pair's set (Candidate.set: a member's pair, never one chained from an acronym): its other pairs' record
  const setWeight = table?.judged_sets?.weight ?? 0;
  const setJudged = c.set !== undefined && setWeight > 0 && !(pairWeight > 0 && judgmentsLower(judged)) ? setJudgmentsOf(table, c.set, judged) : undefined;
  if (pairWeight > 0 || setJudged) confidence = clamp01(judgedConfidence(calibrated, judged, pairWeight, setJudged?.[0], setJudged?.[1], setJudged ? setWeight : 0));
  const stat = c.source !== 'catalogue' && ctx.pairStats ? ctx.pairStats.get(pairKey(c.useTerm, c.useSynonym, ctx.domain)) : undefined;
  if (stat && stat.uses > 0) confidence = clamp01(learntConfidence(confidence, stat.helpful, stat.uses));
  const domainAdj = c.domainMatch === 1 ? RELEVANCE.domainMatch : c.domainMatch === -1 ? RELEVANCE.domainMismatch : 0;
  const scopeAdj = c.scoped ? RELEVANCE.scoped : 0;
  const contextAdj = Math.min(RELEVANCE.maxContext, RELEVANCE.perContextHit * c.contextHits);
  let prefAdj = c.preferred ? RELEVANCE.preferredTerm : 0;
  if (c.domain && ctx.prefs.preferredDomains.has(c.domain.toLowerCase())) prefAdj += RELEVANCE.preferredDomain;
  const successAdj = c.success && c.success.usage >= RELEVANCE.minUsage ? RELEVANCE.successWeight * (clamp01(c.success.rate) - 0.5) : 0;
  const relevance = clamp01(RELEVANCE.base + domainAdj + scopeAdj + contextAdj + prefAdj + successAdj);
  const score = confidence * (RANK_FLOOR + (1 - RANK_FLOOR) * relevance);
  return {
    c,
    type,
    confidence,
    calibrated,
    relevance,
    score,
    adjustments: { domain: domainAdj, scope: scopeAdj, context: contextAdj, preference: prefAdj, success: successAdj },
    stat,
    judged,
    setJudged,
  };
}

/** The score's components, for metadata.explanation (built only for results that are shown). */
export function explain(s: ScoredCandidate): Record<string, number | string> {
  const a = s.adjustments;
  return {
    source: s.c.source,
    source_score: r4(s.c.raw),
    calibrated_confidence: r4(s.calibrated),
    ...(s.judged ? { judged_good: s.judged[0], judged_bad: s.judged[1] } : {}),
    ...(s.setJudged ? { set_judged_good: s.setJudged[0], set_judged_bad: s.setJudged[1] } : {}),
    ...(s.stat ? { ratings: s.stat.uses, helpful_ratings: s.stat.helpful } : {}),
    ...s.c.features,
    ...(s.c.set !== undefined ? { set: s.c.set } : {}),
    domain_adjustment: r4(a.domain),
    scope_adjustment: r4(a.scope),
    context_hits: s.c.contextHits,
    context_adjustment: r4(a.context),
    preference_adjustment: r4(a.preference),
    success_adjustment: r4(a.success),
    score: r4(s.score),
  };
}

import * as fs from 'fs';
import { findDataFile } from './data-files';
import { betaUpdate } from './learning';
import type { SynonymSourceKind } from './types';

/**
 * Maps each source's own score to the probability that a searcher judges the alternative right, learnt
 * from the judged query set (npm run eval -- --fit): a monotone map of the good/bad labels on the source score
 * (Platt scaling for the sources scored by a logistic feature model, isotonic regression by pool adjacent
 * violators for the others; docs/EXPANSION.md, "Calibration"), stored as breakpoints and read by linear
 * interpolation. A source without a table keeps its own score. The catalogue is never recalibrated: its
 * confidence is the curator's, learnt from ratings.
 */
export interface CalibrationTable {
  description?: string;
  fitted_on?: string;
  sources: Partial<Record<SynonymSourceKind, [number, number][]>>;
  /** logistic model of the thesaurus source score on its features (absent: the hand-set score) */
  thesaurus_model?: LogisticModel;
  /** logistic model of the acronym lexicon's source score on its features (absent: the hand-set score) */
  acronym_model?: LogisticModel;
  /** judgments of term -> alternative pairs in the judged set's dev queries and the training queries (absent: none) */
  judged_pairs?: JudgedPairs;
  /** judgments of each thesaurus set's pairs in the same queries (absent: sets lend nothing to their other pairs) */
  judged_sets?: JudgedSets;
}

/**
 * What the judges said of term -> alternative pairs, each in the context of its own query: [good, bad] per
 * judgedPairKey(). A pair judged in other queries lifts the calibrated confidence of the same pair in a new one to
 * the posterior of `weight` prior ratings, (weight * calibrated + good) / (weight + good + bad), when that is
 * higher; it lowers it to that posterior only when judged bad in two or more other queries and more often bad than
 * good (JUDGED_BAD_TO_LOWER): a pair judged bad in one other query's context is not wrong in every context
 * (docs/EXPANSION.md, "Calibration").
 */
export interface JudgedPairs {
  weight: number;
  pairs: Record<string, [number, number]>;
}

/**
 * What the judges said of the pairs of each thesaurus set, [good, bad] per thesaurusSetKey(): the sum of the
 * judgments of its members' pairs (not their spelling variants) in the queries where the set proposed them. A pair of a
 * set judged in other queries (its own judgments taken out) is the set's evidence for the pair: the calibrated
 * confidence is first lifted towards the set's record, as `weight` prior ratings, and the pair's own judgments then
 * move that (judgedConfidence); a set never lowers a pair (docs/EXPANSION.md, "Calibration"). Weight 0: not used.
 */
export interface JudgedSets {
  weight: number;
  sets: Record<string, [number, number]>;
}

/**
 * Judgments of a thesaurus set's other pairs: the set's record less this pair's own judgments in JudgedPairs
 * (undefined when the table has none, or none beyond the pair's). A pair that other sources or sets proposed too has
 * those judgments in its JudgedPairs record as well, so the difference may take out more than its own, never less.
 */
export function setJudgmentsOf(table: CalibrationTable | undefined, setKey: string | undefined, pair: readonly [number, number] | undefined): readonly [number, number] | undefined {
  const record = setRecord(table, setKey);
  if (!record) return undefined;
  const good = Math.max(0, record[0] - (pair?.[0] ?? 0));
  const bad = Math.max(0, record[1] - (pair?.[1] ?? 0));
  return good + bad > 0 ? [good, bad] : undefined;
}

/** A set's record in the table (no copy), or undefined. */
export function setRecord(table: CalibrationTable | undefined, setKey: string | undefined): readonly [number, number] | undefined {
  const sets = table?.judged_sets?.sets;
  return sets && setKey !== undefined && Object.prototype.hasOwnProperty.call(sets, setKey) ? sets[setKey] : undefined;
}

/**
 * Key of a term -> alternative pair in JudgedPairs: the pair as its source states it (the lexicon's or thesaurus's
 * own wording, a lemma, never the query's inflection), lower-case.
 */
export function judgedPairKey(term: string, alternative: string): string {
  return `${term.toLowerCase()}\u0001${alternative.toLowerCase()}`;
}

const judgedMaps = new WeakMap<JudgedPairs, Map<string, Map<string, readonly [number, number]>>>();
/** [good, bad] judgments of a pair, or undefined when the table has none for it (two map reads on the hot path). */
export function judgmentsOf(table: CalibrationTable | undefined, term: string, alternative: string): readonly [number, number] | undefined {
  const judged = table?.judged_pairs;
  if (!judged) return undefined;
  let byTerm = judgedMaps.get(judged);
  if (!byTerm) {
    byTerm = new Map<string, Map<string, readonly [number, number]>>();
    for (const [key, counts] of Object.entries(judged.pairs)) {
      const [t, a] = key.split('\u0001');
      let alts = byTerm.get(t);
      if (!alts) byTerm.set(t, (alts = new Map<string, readonly [number, number]>()));
      alts.set(a, counts);
    }
    judgedMaps.set(judged, byTerm);
  }
  return byTerm.get(term.toLowerCase())?.get(alternative.toLowerCase());
}

/**
 * Whether a pair's judgments may lift this candidate: never a lexicon sense that its source ranks below another sense
 * of the same key in this query (`sense_rank` > 0). Those judgments were given where that sense fit its query; they
 * say nothing of a query whose domain or context selects another sense ("PR media campaign brand press" from a
 * technical front end stays "public relations" though "PR" -> "pull request" is judged good in engineering queries).
 */
export function judgmentsApply(features: Readonly<Record<string, unknown>>): boolean {
  return !(Number(features.sense_rank ?? 0) > 0);
}

/**
 * Bad judgments of a pair in other queries from which, outnumbering its good ones, they lower it: one query's
 * context can make a right wording look wrong, two that agree are the pair.
 */
export const JUDGED_BAD_TO_LOWER = 2;

/** Whether a pair's judgments lower it: bad in JUDGED_BAD_TO_LOWER or more other queries, and more often than good. */
export function judgmentsLower(judgments: readonly [number, number] | undefined): boolean {
  return judgments !== undefined && judgments[1] >= JUDGED_BAD_TO_LOWER && judgments[1] > judgments[0];
}

/**
 * Calibrated confidence moved by a pair's judgments in other queries (prior weight `weight`, 0: not used): lifted
 * by them, lowered only where judgmentsLower(); a thesaurus pair's set's other pairs ([setGood, setBad] at
 * `setWeight`) first lift the prior that the pair's own judgments update (a set never lowers a pair).
 */
export function judgedConfidence(calibrated: number, judgments: readonly [number, number] | undefined, weight: number, setGood = 0, setBad = 0, setWeight = 0): number {
  const uses = judgments ? judgments[0] + judgments[1] : 0;
  if (weight > 0 && judgmentsLower(judgments)) return betaUpdate(calibrated, judgments![0], uses, weight);
  const prior = setWeight > 0 && setGood + setBad > 0 ? Math.max(calibrated, betaUpdate(calibrated, setGood, setGood + setBad, setWeight)) : calibrated;
  const posterior = judgments && weight > 0 && uses > 0 ? betaUpdate(prior, judgments[0], uses, weight) : prior;
  return Math.max(calibrated, posterior);
}

/** A logistic regression: P = 1 / (1 + exp(-(bias + sum of weight * feature))). */
export interface LogisticModel {
  bias: number;
  weights: Record<string, number>;
}

const compiled = new WeakMap<LogisticModel, Map<string, number>>();

/** P(good) of a feature vector (missing features count as 0). */
export function logistic(model: LogisticModel, features: Readonly<Record<string, number>>): number {
  let weights = compiled.get(model);
  if (!weights) compiled.set(model, (weights = new Map(Object.entries(model.weights))));
  let z = model.bias;
  for (const [k, w] of weights) z += w * (features[k] ?? 0);
  return 1 / (1 + Math.exp(-z));
}

/**
 * L2-regularised logistic regression by gradient descent (features are small and bounded; a few hundred
 * labels): the thesaurus's features weighed by the judged labels instead of by hand.
 */
export function fitLogistic(rows: readonly { x: Record<string, number>; y: number }[], names: readonly string[], lambda = 1, steps = 3000, rate = 0.5): LogisticModel {
  const w = new Map(names.map((n) => [n, 0]));
  let b = 0;
  const n = rows.length || 1;
  for (let step = 0; step < steps; step++) {
    const g = new Map(names.map((k) => [k, 0]));
    let gb = 0;
    for (const r of rows) {
      let z = b;
      for (const k of names) z += (w.get(k) ?? 0) * (r.x[k] ?? 0);
      const err = 1 / (1 + Math.exp(-z)) - r.y;
      gb += err;
      for (const k of names) g.set(k, (g.get(k) ?? 0) + err * (r.x[k] ?? 0));
    }
    b -= (rate * gb) / n;
    for (const k of names) w.set(k, (w.get(k) ?? 0) - rate * ((g.get(k) ?? 0) / n + (lambda * (w.get(k) ?? 0)) / n));
  }
  const r4 = (v: number) => Math.round(v * 1e4) / 1e4;
  return { bias: r4(b), weights: Object.fromEntries([...w].map(([k, v]) => [k, r4(v)])) };
}

/** Probability of "right" for a source score. */
export function calibrate(table: CalibrationTable | undefined, source: SynonymSourceKind, raw: number): number {
  if (source === 'catalogue') return raw;
  const pts = table?.sources[source];
  if (!pts || pts.length === 0) return raw;
  if (raw <= pts[0][0]) return pts[0][1];
  const last = pts[pts.length - 1];
  if (raw >= last[0]) return last[1];
  for (let i = 1; i < pts.length; i++) {
    if (raw <= pts[i][0]) {
      const [x0, y0] = pts[i - 1];
      const [x1, y1] = pts[i];
      return x1 === x0 ? y1 : y0 + ((raw - x0) / (x1 - x0)) * (y1 - y0);
    }
  }
  return last[1];
}

/**
 * Isotonic fit of labels (1 good, 0 bad) on scores, smoothed towards `prior` with `strength` pseudo-labels
 * per block so a block of three labels cannot claim certainty; returns breakpoints (block mean score,
 * block precision), increasing in both.
 */
export function fitIsotonic(points: readonly { x: number; y: number }[], prior = 0.5, strength = 2): [number, number][] {
  const sorted = [...points].sort((a, b) => a.x - b.x);
  const blocks: { sx: number; sy: number; n: number }[] = [];
  for (const p of sorted) {
    blocks.push({ sx: p.x, sy: p.y, n: 1 });
    const mean = (b: { sy: number; n: number }) => (b.sy + prior * strength) / (b.n + strength);
    while (blocks.length > 1 && mean(blocks[blocks.length - 2]) >= mean(blocks[blocks.length - 1])) {
      const b = blocks.pop()!;
      const a = blocks[blocks.length - 1];
      a.sx += b.sx;
      a.sy += b.sy;
      a.n += b.n;
    }
  }
  const r = (v: number) => Math.round(v * 1e4) / 1e4;
  return blocks.map((b) => [r(b.sx / b.n), r((b.sy + prior * strength) / (b.n + strength))]);
}

/**
 * Platt scaling: a logistic fit of the labels on the logit of the score, P = 1 / (1 + exp(-(a * logit(s) + b))),
 * returned as breakpoints on a grid of 51 scores (read by the same interpolation). Smooth and strictly monotone, so
 * a model's ranking keeps its resolution where isotonic blocks would pool it; undefined when the fit does not
 * increase with the score (then isotonic is the only monotone choice).
 */
export function fitPlatt(points: readonly { x: number; y: number }[], lambda = 1): [number, number][] | undefined {
  const logit = (x: number) => {
    const c = Math.min(1 - 1e-4, Math.max(1e-4, x));
    return Math.log(c / (1 - c));
  };
  const model = fitLogistic(points.map((p) => ({ x: { z: logit(p.x) }, y: p.y })), ['z'], lambda, 5000);
  const a = model.weights.z;
  if (!(a > 0)) return undefined;
  const r = (v: number) => Math.round(v * 1e4) / 1e4;
  return Array.from({ length: 51 }, (_, i) => {
    const x = i / 50;
    return [r(x), r(1 / (1 + Math.exp(-(a * logit(x) + model.bias))))] as [number, number];
  });
}

/**
 * The lowest source score whose calibrated confidence reaches `threshold` (the map is monotone), so a
 * matcher's candidate that cannot pass is dropped before it is built. -Infinity when every score passes.
 */
export function minScoreFor(table: CalibrationTable | undefined, source: SynonymSourceKind, threshold: number): number {
  const pts = source === 'catalogue' ? undefined : table?.sources[source];
  if (!pts || pts.length === 0) return threshold;
  if (pts[0][1] >= threshold) return -Infinity;
  for (let i = 1; i < pts.length; i++) {
    const [x0, y0] = pts[i - 1];
    const [x1, y1] = pts[i];
    if (y1 >= threshold) return y1 === y0 ? x1 : x0 + ((threshold - y0) / (y1 - y0)) * (x1 - x0);
  }
  return Infinity;
}

let cached: CalibrationTable | undefined;
/** The shipped table (data/calibration.json), read once; an empty table when the file is absent. */
export function defaultCalibration(): CalibrationTable {
  if (cached) return cached;
  const f = findDataFile('calibration.json');
  return (cached = f ? (JSON.parse(fs.readFileSync(f, 'utf8')) as CalibrationTable) : { sources: {} });
}

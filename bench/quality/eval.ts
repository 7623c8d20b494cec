/**
 * npm run eval: expansion quality on the judged query set (bench/quality/queries.json), with the built-in
 * sources only (empty catalogue), WordNet on, at the service's default settings.
 *
 *   npm run eval                 precision (overall, per expansion_type), wanted-alternative recall,
 *                                share of queries with no expansion, reliability table, on dev (each dev query
 *                                scored without its own judgments of pairs)
 *   npm run eval -- --holdout    the same on the holdout too, and on its parts added later (q241-q360 in the sixth
 *                                round, q361-q445 in the thirteenth, q446-q604 in the twenty-second, q605-q660 in
 *                                the twenty-fourth, q661-q716 in the twenty-fifth, q717-q878 in the
 *                                twenty-sixth, q879-q1090 in the twenty-seventh), each on its own (for the report only: read it once, at the end of a round)
 *   --range=FROM-TO              the same on every judged query numbered FROM to TO, dev and holdout alike (a
 *                                round's new queries, read once before any fit uses their labels)
 *   npm run eval -- --cv         5-fold cross-validation on dev, three partitions pooled (--repeats=N; --by-round:
 *                                one fold per writing round instead, each scored by a fit on the others): the default
 *                                threshold, calibration method, L2 and the prior weights of judged pairs and judged
 *                                thesaurus sets are chosen here [--methods=isotonic,platt] [--lambdas=1,3]
 *                                [--weights=0,1,2,4] [--set-weights=0,2,4,8,16] narrow the comparison
 *   npm run eval -- --fit        refits the calibration (data/calibration.json) on the dev split and the training
 *                                queries (never the holdout), with their judgments of each pair and each thesaurus
 *                                set [--lambda=3] [--calibration=isotonic|platt] [--judged-weight=2] [--set-weight=4]
 *                                (defaults: what --cv chose; 0 leaves those judgments out)
 *   npm run eval -- --unjudged F writes the shown or candidate pairs that have no label yet to F (training
 *                                queries' too); --with-wanted lists those that deliver a wanted alternative too
 *                                when no judge has labelled them
 *   --no-train                   fits without the training queries (bench/quality/train-queries.json)
 *   npm run eval -- --glossaries the queries written for a kind of company (q717 on; with --range, those it names) with
 *                                the built-in sources alone and with that company's synonyms file in the catalogue,
 *                                side by side (bench/quality/glossaries/; with --unjudged F, their pairs without a label too)
 *   npm run eval -- --misses     lists dev's wanted alternatives not shown, each with why: no candidate,
 *                                below the threshold (with its confidence) or crowded out by max_expansions
 *
 * Labels (bench/quality/judgments.json): "<query id>|<term as written, lower-case>|<alternative>" -> good|bad.
 * A wanted alternative that is shown counts as good without a label; where judges labelled it too (q446 on), the
 * precision "by the judges' labels alone" counts their label instead.
 */
import * as fs from 'fs';
import * as path from 'path';
import winkNLP from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import { parseSolrLine } from '../../src/admin/bulk/solr-format';
import { engineSettings } from '../../src/expansion/default-request';
import { DEFAULT_CONFIDENCE_THRESHOLD, DEFAULT_MAX_EXPANSIONS } from '../../src/expansion/dto/expand-request.dto';
import { ACRONYM_FEATURES, calibrate, canonicalKey, judgedPairKey, judgmentsApply, expand, fitLogistic, fitPlatt, THESAURUS_FEATURES, ExpansionIndex, fitIsotonic, normalize, sameNoun, WordNetIndex, type CalibrationTable, type CatalogueEntry, type EngineResult, type ExpansionRequest } from '../../src/expansion/engine';

interface Query {
  id: string;
  split: 'dev' | 'holdout' | 'train';
  query: string;
  domain?: string;
  user_role?: string;
  /** the kind of company the query's writer wrote for (q717 on): its synonyms file is bench/quality/glossaries/<company>.txt */
  company?: string;
  conversation_history?: Record<string, unknown>[];
  wanted: { term: string; alternatives: string[] }[];
}

const HERE = __dirname;
const DATA = path.resolve(HERE, '../../src/expansion/engine/data');
const args = process.argv.slice(2);
/** A wording as the comparison of alternatives reads it: normalised, hyphens as spaces, plurals folded. */
const canon = (s: string) => canonicalKey(normalize(s).split(/[\s-]+/).filter(Boolean));
// a wanted alternative that reads as its own term ("month end" -> "month-end", "expense claim" -> "expenses claim") is
// matched by the query as written: it is not an alternative any result could add, so it is not counted
const queries = (JSON.parse(fs.readFileSync(path.join(HERE, 'queries.json'), 'utf8')) as { queries: Query[] }).queries.map((q) => ({
  ...q,
  wanted: q.wanted.map((w) => ({ ...w, alternatives: w.alternatives.filter((a) => canon(a) !== canon(w.term)) })).filter((w) => w.alternatives.length > 0),
}));
/**
 * Training queries (bench/quality/train-queries.json): written for fitting only, with no wanted alternatives; their
 * candidates are labelled like dev's. Every fit uses them (in --cv, every fold's training side); no figure reports them.
 */
const trainFile = path.join(HERE, 'train-queries.json');
const trainQueries: Query[] = fs.existsSync(trainFile)
  ? (JSON.parse(fs.readFileSync(trainFile, 'utf8')) as { queries: Omit<Query, 'split' | 'wanted'>[] }).queries.map((q) => ({ ...q, split: 'train' as const, wanted: [] }))
  : [];
const nlp = winkNLP(model);
const FUNCTION_WORDS = new Set('a an the of for to in on at by with and or my our your is are be do does how what who when where can i we it this that from as not vs new'.split(' '));
checkTraining(trainQueries, queries);

/**
 * The content words of a query as the near-repeat rule compares them: the Porter stems of its words and numbers
 * (wink-nlp), lower case, without function words, so "renew" and "renewal", "policy" and "policies" are one word.
 */
function contentWords(query: string): Set<string> {
  const its = nlp.its;
  const tokens = nlp.readDoc(query.toLowerCase()).tokens();
  // wink-nlp's its.* are accessor functions that out() calls unbound, as its documentation does
  /* eslint-disable @typescript-eslint/unbound-method */
  const words = tokens.out(its.value);
  const types = tokens.out(its.type);
  const stems = tokens.out(its.stem as unknown as typeof its.value);
  /* eslint-enable @typescript-eslint/unbound-method */
  return new Set(stems.filter((_, i) => (types[i] === 'word' || types[i] === 'number') && !FUNCTION_WORDS.has(words[i])));
}

/** Whether two queries' content words repeat each other: all of one in the other, or 60% of both together. */
function repeats(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size === 0 || b.size === 0) return false;
  const shared = [...a].filter((w) => b.has(w)).length;
  return shared === a.size || shared === b.size || shared / (a.size + b.size - shared) >= 0.6;
}

/**
 * Refuses training queries that could carry a judged query's own labels into a fit: an id that is not t<number> or
 * is used twice, or a query that repeats or nearly repeats one of the judged set or an earlier training query
 * (repeats()). Paraphrases in other words are found by review (docs/QUALITY.md, twentieth round).
 */
function checkTraining(training: readonly Query[], judged: readonly Query[]): void {
  const ids = new Set<string>();
  const seen = judged.map((q) => ({ q, words: contentWords(q.query) }));
  for (const t of training) {
    if (!/^t\d+$/.test(t.id) || ids.has(t.id)) throw new Error(`training query id ${t.id} must be t<number> and unique`);
    ids.add(t.id);
    const words = contentWords(t.query);
    const hit = seen.find((o) => repeats(words, o.words));
    if (hit) throw new Error(`training query ${t.id} "${t.query}" repeats ${hit.q.split} query ${hit.q.id} "${hit.q.query}"`);
    seen.push({ q: t, words });
  }
}

const withTraining = !args.includes('--no-train');
const labelsFile = path.join(HERE, 'judgments.json');
const labels: Record<string, 'good' | 'bad'> = fs.existsSync(labelsFile) ? (JSON.parse(fs.readFileSync(labelsFile, 'utf8')) as { labels: Record<string, 'good' | 'bad'> }).labels : {};

const started = Date.now();
const wordnet = WordNetIndex.load();
const index = ExpansionIndex.build([]);
console.log(`WordNet ${wordnet.size} entries in ${Date.now() - started} ms; ${queries.length} queries, ${trainQueries.length} training queries${withTraining ? '' : ' (not used: --no-train)'}`);

const n = (s: string) => normalize(s);
const pairId = (q: Query, r: EngineResult) => `${q.id}|${n(r.metadata.expanded_token)}|${n(r.synonyms_used[0].synonym)}`;
const isAcronym = (term: string) => /^[A-Z0-9&/-]{2,}s?$/.test(term) || /^[A-Z][a-z]*[A-Z]/.test(term);

function wantedHit(q: Query, r: EngineResult): boolean {
  return q.wanted.some((w) => w.alternatives.some((a) => delivers(r, w.term, a, q.query)));
}
/** the alternative as shown (inflected like the query word) */
function shownAlternative(r: EngineResult): string {
  return r.metadata.alternative ?? r.synonyms_used[0].synonym;
}
/**
 * A shown result delivers a wanted alternative of a term when it replaces that term by it (lemma or inflected
 * form, plural/singular alike), or when its expanded query is the query with the term so replaced (a compound
 * replaced whole: "bug report" -> "defect report" delivers bug -> defect). Hyphens count as spaces, as a search
 * engine's tokenizer splits on them ("end-user license agreement" delivers "end user license agreement"), and "a" and
 * "an" alike.
 */
function delivers(r: EngineResult, term: string, alternative: string, query?: string): boolean {
  if (canon(r.metadata.expanded_token) === canon(term) && [canon(r.synonyms_used[0].synonym), canon(shownAlternative(r))].includes(canon(alternative))) return true;
  if (query === undefined) return false;
  const at = query.toLowerCase().indexOf(term.toLowerCase());
  if (at < 0) return false;
  // the engine makes an article agree with the alternative ("an IT ticket" -> "a support ticket"): "a" and "an" compare equal
  const articles = (s: string) => canon(s.replace(/(^|\s)an(?=\s)/gi, '$1a'));
  const rest = query.slice(at + term.length);
  if (articles(query.slice(0, at) + alternative + rest) === articles(r.expanded_query)) return true;
  // an acronym's several-word expansion whose last word, as the same noun, the query repeats after it ("GPL" -> "GNU
  // General Public License" in "GPL license"): the result that replaces both words delivers it, as the engine reads it
  const next = /^\s+([\w-]+)/.exec(rest);
  const words = normalize(alternative).split(' ');
  return next !== null && isAcronym(term) && words.length > 1 && sameNoun(words[words.length - 1], normalize(next[1])) && articles(query.slice(0, at) + alternative + rest.slice(next[0].length)) === articles(r.expanded_query);
}
function label(q: Query, r: EngineResult): 'good' | 'bad' | undefined {
  if (wantedHit(q, r)) return 'good';
  return labels[pairId(q, r)];
}

function request(q: Query, over: Partial<ExpansionRequest>): ExpansionRequest {
  return {
    query: q.query,
    domain: q.domain,
    userRole: q.user_role,
    conversationHistory: q.conversation_history,
    // the service's defaults (curated entries from DEFAULT_CATALOGUE_THRESHOLD), substitutions only
    ...engineSettings(),
    includeCombined: false,
    ...over,
  };
}

/** every candidate the engine can show for a query (threshold 0), with its calibration input */
function candidates(q: Query, calibration?: CalibrationTable, catalogue: ExpansionIndex = index): EngineResult[] {
  return expand(catalogue, request(q, { confidenceThreshold: 0, catalogueThreshold: 0, maxExpansions: 100 }), { wordnet, calibration });
}

/** Flat feature models and no calibration: every candidate the features describe is proposed (fitTable's first pass). */
const FLAT: CalibrationTable = { sources: {}, thesaurus_model: { bias: 0, weights: {} }, acronym_model: { bias: 0, weights: {} } };

/** A pair without a label, as the judges see it. */
function unjudgedRow(q: Query, r: EngineResult): Record<string, unknown> {
  return { key: pairId(q, r), id: q.id, split: q.split, query: q.query, domain: q.domain, conversation_history: q.conversation_history, term: r.metadata.expanded_token, alternative: r.synonyms_used[0].synonym, shown_as: r.expanded_query };
}

/** How the sources scored by a feature model (thesaurus, acronym lexicon) map their score to P(right). */
type ModelCalibration = 'isotonic' | 'platt';
const MODEL_SOURCES = new Set(['thesaurus', 'acronym_lexicon']);

/**
 * A query's judgment of each pair among its candidates, once per pair (a spelling variant is not a second one); a
 * lexicon sense ranked below another is left out, as the engine never lifts one (judgmentsApply).
 */
function judgmentsIn(q: Query, results: readonly EngineResult[]): Map<string, 'good' | 'bad'> {
  return new Map([...judgedIn(q, results)].map(([key, j]) => [key, j.label]));
}

/** judgmentsIn() with the thesaurus set of each pair that has one (its judged-set key). */
function judgedIn(q: Query, results: readonly EngineResult[]): Map<string, { label: 'good' | 'bad'; set?: string }> {
  const out = new Map<string, { label: 'good' | 'bad'; set?: string }>();
  for (const r of results) {
    if (!judgmentsApply(r.metadata.explanation)) continue;
    const l = label(q, r);
    const key = judgedPairKey(r.synonyms_used[0].term, r.synonyms_used[0].synonym);
    // a set's record is its members' pairs: not a spelling variant of one, which is another pair key
    const set = r.metadata.explanation.variant === undefined ? r.metadata.explanation.set : undefined;
    if (l && r.synonyms_used[0].source !== 'catalogue' && !out.has(key)) out.set(key, { label: l, ...(typeof set === 'string' ? { set } : {}) });
  }
  return out;
}

/** A query's judgments of each thesaurus set's pairs, [good, bad] per set key. */
function setJudgmentsIn(q: Query, results: readonly EngineResult[]): Map<string, [number, number]> {
  const out = new Map<string, [number, number]>();
  for (const { label: l, set } of judgedIn(q, results).values()) {
    if (set === undefined) continue;
    const t = out.get(set) ?? [0, 0];
    t[l === 'good' ? 0 : 1]++;
    out.set(set, t);
  }
  return out;
}

/**
 * Prior weight of a pair's calibrated confidence against its judgments in other queries (calibration.json
 * judged_pairs.weight): chosen by --cv among JUDGED_WEIGHTS (0: judgments not used).
 */
const JUDGED_WEIGHT = 2;
const JUDGED_WEIGHTS = [0, 1, 2, 4];
/**
 * Prior weight of a thesaurus pair's calibrated confidence against the judgments of its set's other pairs
 * (calibration.json judged_sets.weight): chosen by --cv among SET_WEIGHTS (0: set judgments not used).
 */
const SET_WEIGHT = 4;
const SET_WEIGHTS = [0, 2, 4, 8, 16];

/**
 * Fits the thesaurus model and every source's calibration on the given dev queries and the training queries (unless
 * --no-train), and keeps their judgments.
 */
function fitTable(dev: Query[], lambda: number, method: ModelCalibration = 'platt', judgedWeight = JUDGED_WEIGHT, setWeight = SET_WEIGHT): CalibrationTable {
  const on = withTraining ? [...dev, ...trainQueries] : dev;
  // 1. the thesaurus's and the acronym lexicon's feature weights (logistic regressions on the labels)
  const rows: { x: Record<string, number>; y: number }[] = [];
  const acronymRows: { x: Record<string, number>; y: number }[] = [];
  for (const q of on) {
    // flat models, so every candidate the features describe is proposed (none refused by the hand-set rules)
    for (const r of candidates(q, FLAT)) {
      const l = label(q, r);
      const src = r.synonyms_used[0].source;
      if (!l || (src !== 'thesaurus' && src !== 'acronym_lexicon')) continue;
      const e = r.metadata.explanation;
      const names = src === 'thesaurus' ? THESAURUS_FEATURES : ACRONYM_FEATURES;
      (src === 'thesaurus' ? rows : acronymRows).push({ x: Object.fromEntries(names.map((f) => [f, Number(e[f] ?? 0)])), y: l === 'good' ? 1 : 0 });
    }
  }
  const model = fitLogistic(rows, THESAURUS_FEATURES, lambda);
  const acronymModel = fitLogistic(acronymRows, ACRONYM_FEATURES, lambda);
  // 2. every source's score -> P(right), the thesaurus scored by that model
  const bySource = new Map<string, { x: number; y: number }[]>();
  // 3. the judgments of each pair, once per query (a spelling variant of the same pair is not a second judgment)
  const judged: Record<string, [number, number]> = {};
  // 4. and of each thesaurus set's pairs (the sum of its pairs' judgments)
  const judgedSets: Record<string, [number, number]> = {};
  for (const q of on) {
    const results = candidates(q, { sources: {}, thesaurus_model: model, acronym_model: acronymModel });
    for (const [key, l] of judgmentsIn(q, results)) (judged[key] ??= [0, 0])[l === 'good' ? 0 : 1]++;
    for (const [key, [good, bad]] of setJudgmentsIn(q, results)) {
      const t = (judgedSets[key] ??= [0, 0]);
      t[0] += good;
      t[1] += bad;
    }
    for (const r of results) {
      const l = label(q, r);
      if (!l) continue;
      const src = r.synonyms_used[0].source ?? 'catalogue';
      const list = bySource.get(src) ?? [];
      list.push({ x: Number(r.metadata.explanation.source_score), y: l === 'good' ? 1 : 0 });
      bySource.set(src, list);
    }
  }
  const table: CalibrationTable = {
    description: 'Calibration of each source score to P(judged right) (Platt or isotonic per source, as fitted_on says), fitted by npm run eval -- --fit on the dev split of bench/quality/queries.json and the training queries of bench/quality/train-queries.json (docs/QUALITY.md).',
    fitted_on: '',
    sources: {},
    thesaurus_model: model,
    acronym_model: acronymModel,
    // kept at weight 0 too (not used): a pair's own judgments are still taken out of its set's record
    judged_pairs: { weight: judgedWeight, pairs: judged },
    ...(setWeight > 0 ? { judged_sets: { weight: setWeight, sets: judgedSets } } : {}),
  };
  // each block is smoothed towards the base rate of all labels, so a source with a handful of labels (all good)
  // does not claim certainty
  const all = [...bySource.values()].flat();
  const base = all.reduce((a, p) => a + p.y, 0) / Math.max(1, all.length);
  const used: string[] = [];
  for (const [src, pts] of bySource) {
    if (src === 'catalogue') continue;
    // a feature model's score is already a probability estimate with fine resolution: Platt keeps it, isotonic pools it
    const platt = method === 'platt' && MODEL_SOURCES.has(src) ? fitPlatt(pts) : undefined;
    used.push(`${src} ${pts.length} labels, ${platt ? 'Platt' : 'isotonic'}`);
    if (platt) {
      table.sources[src as keyof CalibrationTable['sources']] = platt;
      continue;
    }
    let fit = fitIsotonic(pts, base, 2);
    // one block: too few labels to tell good from bad scores; a constant would erase the source's own ranking
    // (every sense of an ambiguous abbreviation alike), so scale the score instead: the block's mean score maps
    // to its observed precision and lower scores proportionally lower
    if (fit.length === 1) fit = [[0, 0], fit[0]];
    table.sources[src as keyof CalibrationTable['sources']] = fit;
  }
  table.fitted_on = `${new Date().toISOString().slice(0, 10)}: ${dev.length} dev${on.length > dev.length ? ` and ${on.length - dev.length} training` : ''} queries; ${used.join('; ')}; feature models L2 ${lambda}; ${judgedWeight > 0 ? `${Object.keys(judged).length} judged pairs, prior weight ${judgedWeight}` : 'judged pairs not used'}; ${setWeight > 0 ? `${Object.keys(judgedSets).length} judged thesaurus sets, prior weight ${setWeight}` : 'judged sets not used'}`;
  return table;
}

/** Precision and wanted recall of the shown results on some queries, with a table and a threshold. */
function score(on: Query[], table: CalibrationTable, threshold: number): { good: number; judged: number; hit: number; wanted: number } {
  const t = { good: 0, judged: 0, hit: 0, wanted: 0 };
  for (const q of on) {
    const shown = expand(index, request(q, { confidenceThreshold: threshold }), { wordnet, calibration: table });
    for (const r of shown) {
      const l = label(q, r);
      if (l) t.judged++;
      if (l === 'good') t.good++;
    }
    for (const w of q.wanted) for (const a of w.alternatives) {
      t.wanted++;
      if (shown.some((r) => delivers(r, w.term, a, q.query))) t.hit++;
    }
  }
  return t;
}

/**
 * The holdout's parts added later, each reported on its own: the sixth round's (q241-q360), the thirteenth round's
 * (q361-q445), the twenty-second's (q446-q604), the twenty-fourth's (q605-q660), the twenty-fifth's (q661-q716), the
 * twenty-sixth's (q717-q878) and the twenty-seventh's (q879-q1090), each first read at the end of the round that added it (docs/QUALITY.md).
 */
const FRESH_PARTS = [
  { name: 'holdout, q241-q360', from: 241, to: 360 },
  { name: 'holdout, q361-q445', from: 361, to: 445 },
  { name: 'holdout, q446-q604', from: 446, to: 604 },
  { name: 'holdout, q605-q660', from: 605, to: 660 },
  { name: 'holdout, q661-q716', from: 661, to: 716 },
  { name: 'holdout, q717-q878', from: 717, to: 878 },
  { name: 'holdout, q879-q1090', from: 879, to: 1090 },
];
const idNumber = (q: Query) => Number(q.id.slice(1));
const within = (q: Query, p: { from: number; to: number }) => idNumber(q) >= p.from && idNumber(q) <= p.to;
/** The judged set's writing rounds: the queries written at one time, by the same writers (docs/QUALITY.md). */
const ROUNDS = [{ from: 1, to: 240 }, ...FRESH_PARTS.map(({ from, to }) => ({ from, to }))];
const partOf = (q: Query) => (q.split === 'holdout' ? FRESH_PARTS.find((p) => within(q, p)) : undefined);

const THRESHOLDS = [0.6, 0.65, 0.7, 0.72, 0.74, 0.76, 0.77, 0.78, 0.79, 0.8, 0.81, 0.82, 0.83, 0.84, 0.85, 0.86, 0.87, 0.88, 0.89, 0.9];
const LAMBDAS = [1, 3];
const METHODS: ModelCalibration[] = ['isotonic', 'platt'];
/** Out-of-sample precision the default threshold must reach in cross-validation on dev: the target plus a margin. */
const CV_PRECISION = 0.92;
/** Partitions of dev into folds that --cv pools (--repeats=N to change). */
const CV_REPEATS = 3;

/**
 * Fold of each of n queries for partition r: partition 0 is every k-th query; the others are a fixed shuffle
 * (a seeded linear congruential generator), so every run draws the same folds.
 */
function foldsOf(n: number, k: number, r: number): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  let seed = r * 2654435761;
  for (let i = n - 1; i > 0 && r > 0; i--) {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    const j = seed % (i + 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  const fold = new Array<number>(n);
  order.forEach((query, position) => (fold[query] = position % k));
  return fold;
}

if (args.includes('--cv')) {
  // K-fold cross-validation on dev: for each L2 strength, fit on K-1 folds and score the held-out fold at every
  // threshold, so the threshold and the model's regularisation are chosen on estimates no fit has seen
  const dev = queries.filter((x) => x.split === 'dev');
  const K = 5;
  // repeated with other partitions into folds (the first is every K-th query, as before the fifteenth round), pooled:
  // one partition's estimate moves by about 0.005 with the partition, as much as the methods differ
  const repeatsArg = args.find((a) => a.startsWith('--repeats='));
  const R = repeatsArg ? Number(repeatsArg.slice('--repeats='.length)) : CV_REPEATS;
  if (!Number.isInteger(R) || R < 1) throw new Error('--repeats must be a whole number from 1');
  // --by-round: one fold per writing round instead (the parts of dev written at one time by the same writers, ROUNDS),
  // each scored by a fit on the others: how the choice holds for writers no fit has met
  const byRound = args.includes('--by-round');
  const roundOf = (q: Query) => ROUNDS.findIndex((p) => within(q, p));
  const folds = byRound ? [dev.map(roundOf)] : Array.from({ length: R }, (_, r) => foldsOf(dev.length, K, r));
  const foldCount = byRound ? ROUNDS.length : K;
  // --methods=, --lambdas=, --weights= narrow the comparison (comma-separated)
  const listArg = <T>(name: string, all: readonly T[], parse: (s: string) => T): T[] => {
    const a = args.find((x) => x.startsWith(`--${name}=`));
    if (!a) return [...all];
    const picked = a.slice(name.length + 3).split(',').map(parse);
    if (picked.some((p) => !all.includes(p))) throw new Error(`--${name} must be taken from ${all.join(', ')}`);
    return picked;
  };
  const methods = listArg('methods', METHODS, (x) => x as ModelCalibration);
  const lambdas = listArg('lambdas', LAMBDAS, Number);
  const weights = listArg('weights', JUDGED_WEIGHTS, Number);
  const setWeights = listArg('set-weights', SET_WEIGHTS, Number);
  const combos = weights.flatMap((weight) => setWeights.map((setWeight) => ({ weight, setWeight })));
  let best: { lambda: number; method: ModelCalibration; weight: number; setWeight: number; threshold: number; p: number; r: number } | undefined;
  for (const method of methods) for (const lambda of lambdas) {
    // the judgments kept from the training folds move the test fold's pairs: one fit, scored with each prior weight
    const sums = combos.map(() => THRESHOLDS.map(() => ({ good: 0, judged: 0, hit: 0, wanted: 0 })));
    // --by-round: each round's own figures at the default threshold too
    const perRound = combos.map(() => ROUNDS.map(() => ({ good: 0, judged: 0, hit: 0, wanted: 0 })));
    for (const fold of folds) for (let k = 0; k < foldCount; k++) {
      const train = dev.filter((_, i) => fold[i] !== k);
      const test = dev.filter((_, i) => fold[i] === k);
      const fitted = fitTable(train, lambda, method, 1, 1);
      combos.forEach(({ weight, setWeight }, wi) => {
        const table: CalibrationTable = {
          ...fitted,
          judged_pairs: fitted.judged_pairs ? { ...fitted.judged_pairs, weight } : undefined,
          judged_sets: setWeight > 0 && fitted.judged_sets ? { ...fitted.judged_sets, weight: setWeight } : undefined,
        };
        THRESHOLDS.forEach((th, i) => {
          const t = score(test, table, th);
          sums[wi][i].good += t.good;
          sums[wi][i].judged += t.judged;
          sums[wi][i].hit += t.hit;
          sums[wi][i].wanted += t.wanted;
          if (byRound && th === DEFAULT_CONFIDENCE_THRESHOLD) perRound[wi][k] = t;
        });
      });
    }
    combos.forEach(({ weight, setWeight }, wi) => {
      console.log(`cross-validated on dev (${byRound ? `${foldCount} folds, one per writing round` : `${K} folds${R > 1 ? `, ${R} partitions pooled` : ''}`}), thesaurus model L2 ${lambda}, ${method} calibration, ${weight > 0 ? `judged pairs at prior weight ${weight}` : 'judged pairs not used'}, ${setWeight > 0 ? `judged sets at prior weight ${setWeight}` : 'judged sets not used'}: threshold | precision | wanted recall`);
      THRESHOLDS.forEach((th, i) => {
        const p = sums[wi][i].good / Math.max(1, sums[wi][i].judged);
        const r = sums[wi][i].hit / Math.max(1, sums[wi][i].wanted);
        console.log(`  ${th.toFixed(2)} | ${p.toFixed(3)} | ${r.toFixed(3)}`);
        if (p >= CV_PRECISION && (!best || r > best.r || (r === best.r && p > best.p))) best = { lambda, method, weight, setWeight, threshold: th, p, r };
      });
      if (byRound) {
        console.log(`  by writing round at ${DEFAULT_CONFIDENCE_THRESHOLD}: round | queries | precision | wanted recall`);
        ROUNDS.forEach((round, k) => {
          const t = perRound[wi][k];
          console.log(`    q${round.from}-q${round.to} | ${dev.filter((q) => roundOf(q) === k).length} | ${(t.good / Math.max(1, t.judged)).toFixed(3)} (${t.good}/${t.judged}) | ${(t.hit / Math.max(1, t.wanted)).toFixed(3)} (${t.hit}/${t.wanted})`);
        });
      }
    });
  }
  console.log(best ? `choice: L2 ${best.lambda}, ${best.method} calibration, judged pairs ${best.weight > 0 ? `at prior weight ${best.weight}` : 'not used'}, judged sets ${best.setWeight > 0 ? `at prior weight ${best.setWeight}` : 'not used'}, threshold ${best.threshold} (cross-validated precision ${best.p.toFixed(3)}, recall ${best.r.toFixed(3)})` : 'no threshold reaches the precision target');
}

if (args.includes('--fit')) {
  const lambdaArg = args.find((a) => a.startsWith('--lambda='));
  const methodArg = args.find((a) => a.startsWith('--calibration='))?.slice('--calibration='.length);
  const judgedArg = args.find((a) => a.startsWith('--judged-weight='));
  if (judgedArg !== undefined && !(Number(judgedArg.slice('--judged-weight='.length)) >= 0)) throw new Error('--judged-weight must be a number from 0');
  const setArg = args.find((a) => a.startsWith('--set-weight='));
  if (setArg !== undefined && !(Number(setArg.slice('--set-weight='.length)) >= 0)) throw new Error('--set-weight must be a number from 0');
  if (methodArg !== undefined && !METHODS.includes(methodArg as ModelCalibration)) throw new Error(`--calibration must be one of ${METHODS.join(', ')}`);
  const table = fitTable(
    queries.filter((x) => x.split === 'dev'),
    lambdaArg ? Number(lambdaArg.slice('--lambda='.length)) : 3,
    // the method --cv chose (docs/QUALITY.md); --calibration=isotonic to compare
    (methodArg as ModelCalibration | undefined) ?? 'platt',
    judgedArg ? Number(judgedArg.slice('--judged-weight='.length)) : JUDGED_WEIGHT,
    setArg ? Number(setArg.slice('--set-weight='.length)) : SET_WEIGHT,
  );
  fs.writeFileSync(path.join(DATA, 'calibration.json'), JSON.stringify(table, null, 1) + '\n');
  console.log('calibration written:', table.fitted_on);
}

if (args.includes('--sweep')) {
  // dev only: the default threshold is chosen here, never on the holdout
  const cal = JSON.parse(fs.readFileSync(path.join(DATA, 'calibration.json'), 'utf8')) as CalibrationTable;
  console.log('threshold sweep on dev: threshold | precision | wanted recall | shown');
  for (const th of [0.3, 0.4, 0.5, 0.6, 0.65, 0.7, 0.72, 0.74, 0.76, 0.77, 0.78, 0.79, 0.8, 0.82, 0.85, 0.9]) {
    let good = 0;
    let judged = 0;
    let shownN = 0;
    let hit = 0;
    let wanted = 0;
    for (const q of queries.filter((x) => x.split === 'dev')) {
      const shown = expand(index, request(q, { confidenceThreshold: th }), { wordnet, calibration: tableFor(q, cal) });
      for (const r of shown) {
        shownN++;
        const l = label(q, r);
        if (l) judged++;
        if (l === 'good') good++;
      }
      for (const w of q.wanted) for (const a of w.alternatives) {
        wanted++;
        if (shown.some((r) => delivers(r, w.term, a, q.query))) hit++;
      }
    }
    console.log(`  ${th.toFixed(2)} | ${(good / judged).toFixed(3)} | ${(hit / wanted).toFixed(3)} | ${shownN}`);
  }
}

const unjudgedOut = args.includes('--unjudged') ? args[args.indexOf('--unjudged') + 1] : undefined;
const withWanted = args.includes('--with-wanted');
const calibration: CalibrationTable = JSON.parse(fs.readFileSync(path.join(DATA, 'calibration.json'), 'utf8')) as CalibrationTable;
void calibrate;

interface Tally {
  shown: number;
  good: number;
  judged: number;
  byType: Map<string, { good: number; judged: number }>;
  wanted: number;
  wantedHit: number;
  acronymWanted: number;
  acronymHit: number;
  empty: number;
  queries: number;
  bins: { n: number; good: number; conf: number }[];
  unjudged: number;
  /** shown pairs by the judges' labels alone (a shown wanted alternative counted only where judges labelled it too) */
  judgesGood: number;
  judgesJudged: number;
}
const tally = (): Tally => ({ shown: 0, good: 0, judged: 0, byType: new Map(), wanted: 0, wantedHit: 0, acronymWanted: 0, acronymHit: 0, empty: 0, queries: 0, bins: Array.from({ length: 10 }, () => ({ n: 0, good: 0, conf: 0 })), unjudged: 0, judgesGood: 0, judgesJudged: 0 });
/**
 * --range=FROM-TO: every judged query with an id in that range, dev and holdout alike (a round's new queries read
 * before any fit has used their labels, as the twenty-second round's were: docs/QUALITY.md).
 */
const rangeArg = args.find((a) => a.startsWith('--range='));
const range = rangeArg ? /^--range=(\d+)-(\d+)$/.exec(rangeArg) : undefined;
if (rangeArg && !range) throw new Error('--range must be FROM-TO, two query numbers (--range=446-600)');
const rangeName = range ? `q${range[1]}-q${range[2]}, dev and holdout` : '';
const inRange = (q: Query) => range !== undefined && range !== null && idNumber(q) >= Number(range[1]) && idNumber(q) <= Number(range[2]);
const tallies: Record<string, Tally> = { dev: tally(), holdout: tally(), ...Object.fromEntries(FRESH_PARTS.map((p) => [p.name, tally()])), ...(range ? { [rangeName]: tally() } : {}) };
const unjudged: Record<string, unknown>[] = [];

for (const q of queries) {
  tallyQuery(q, tallies[q.split], true);
  const part = partOf(q);
  if (part) tallyQuery(q, tallies[part.name], false);
  if (inRange(q)) tallyQuery(q, tallies[rangeName], false);
}

/**
 * The shipped table as a dev query sees it: without that query's own judgments (a pair judged in the query itself
 * would lift itself), so dev figures describe judgments from other queries only, as a new query meets them.
 */
function tableFor(q: Query, shipped: CalibrationTable = calibration): CalibrationTable {
  const judged = shipped.judged_pairs;
  const judgedSets = shipped.judged_sets;
  if (q.split !== 'dev' || (!judged && !judgedSets)) return shipped;
  // the candidates fitTable counted the query's judgments on: flat calibration, the shipped feature models
  const results = candidates(q, { sources: {}, thesaurus_model: shipped.thesaurus_model, acronym_model: shipped.acronym_model });
  const out: CalibrationTable = { ...shipped };
  if (judged) {
    const pairs = { ...judged.pairs };
    for (const [key, l] of judgmentsIn(q, results)) {
      if (!pairs[key]) continue;
      const [good, bad] = pairs[key];
      pairs[key] = l === 'good' ? [Math.max(0, good - 1), bad] : [good, Math.max(0, bad - 1)];
    }
    out.judged_pairs = { ...judged, pairs };
  }
  if (judgedSets) {
    const sets = { ...judgedSets.sets };
    for (const [key, [good, bad]] of setJudgmentsIn(q, results)) {
      if (!sets[key]) continue;
      sets[key] = [Math.max(0, sets[key][0] - good), Math.max(0, sets[key][1] - bad)];
    }
    out.judged_sets = { ...judgedSets, sets };
  }
  return out;
}

/**
 * Adds one query's shown results, wanted alternatives and candidates to a tally (unjudged pairs listed once), with the
 * built-in sources alone or with a catalogue.
 */
function tallyQuery(q: Query, t: Tally, listUnjudged: boolean, catalogue: ExpansionIndex = index): void {
  t.queries++;
  const table = tableFor(q);
  const shown = expand(catalogue, request(q, {}), { wordnet, calibration: table });
  if (shown.length === 0) t.empty++;
  for (const r of shown) {
    t.shown++;
    const byJudges = labels[pairId(q, r)];
    if (byJudges) {
      t.judgesJudged++;
      if (byJudges === 'good') t.judgesGood++;
    }
    const l = label(q, r);
    if (!l) {
      t.unjudged++;
      continue;
    }
    t.judged++;
    if (l === 'good') t.good++;
    const bt = t.byType.get(r.expansion_type) ?? { good: 0, judged: 0 };
    bt.judged++;
    if (l === 'good') bt.good++;
    t.byType.set(r.expansion_type, bt);
  }
  for (const w of q.wanted) {
    for (const a of w.alternatives) {
      t.wanted++;
      const hit = shown.some((r) => delivers(r, w.term, a, q.query));
      if (hit) t.wantedHit++;
      if (isAcronym(w.term)) {
        t.acronymWanted++;
        if (hit) t.acronymHit++;
      }
    }
  }
  // reliability: every candidate above a low floor, by predicted confidence
  for (const r of candidates(q, table, catalogue)) {
    const l = label(q, r);
    // --with-wanted: a candidate that delivers a wanted alternative is listed too when no judge has labelled it
    if (unjudgedOut && listUnjudged && (!l || (withWanted && !labels[pairId(q, r)]))) unjudged.push(unjudgedRow(q, r));
    if (!l) continue;
    const b = t.bins[Math.min(9, Math.floor(r.confidence_score * 10))];
    b.n++;
    b.conf += r.confidence_score;
    if (l === 'good') b.good++;
  }
}

const f = (x: number) => (Number.isFinite(x) ? x.toFixed(3) : '-');

/**
 * --glossaries: the queries written for a kind of company (`company`, q717 on), each read twice side by side: with the
 * built-in sources alone, as everywhere else, and with that company's synonyms file in the catalogue
 * (bench/quality/glossaries/<company>.txt, Solr format, written by a search administrator of such a company who saw
 * no query: docs/QUALITY.md). Its pairs enter as bulk import stores them (docs/IMPORT_EXPORT.md: confidence 0.8,
 * domain general), approved.
 */
if (args.includes('--glossaries')) {
  const dir = path.join(HERE, 'glossaries');
  const indexes = new Map<string, { index: ExpansionIndex; pairs: number }>();
  const catalogueOf = (company: string) => {
    let got = indexes.get(company);
    if (!got) {
      const entries: CatalogueEntry[] = [];
      const seen = new Set<string>();
      for (const line of fs.readFileSync(path.join(dir, `${company}.txt`), 'utf8').split('\n')) {
        const parsed = parseSolrLine(line);
        if (parsed.kind === 'error') throw new Error(`${company}.txt: ${parsed.message}: ${line}`);
        if (parsed.kind !== 'pairs') continue;
        for (const [term, synonym] of parsed.pairs) {
          // bulk import's rules: a pair whose two wordings normalise alike is refused, a repeated pair skipped (a reversed
          // one is imported)
          const key = `${normalize(term)}|${normalize(synonym)}`;
          if (normalize(term) === normalize(synonym) || seen.has(key)) continue;
          seen.add(key);
          entries.push({ id: entries.length + 1, term, synonym, domain: 'general', confidence: 0.8, userRole: null, department: null, context: null, tags: [] });
        }
      }
      indexes.set(company, (got = { index: ExpansionIndex.build(entries), pairs: entries.length }));
    }
    return got.index;
  };
  // with --range, only the queries it names (a round's new ones)
  const written = queries.filter((q) => q.company && (!range || inRange(q)));
  const companies = [...new Set(written.map((q) => q.company as string))].sort();
  const rows: [string, Tally, Tally][] = [];
  for (const company of ['all', ...companies]) {
    const on = written.filter((q) => company === 'all' || q.company === company);
    const builtIn = tally();
    const withGlossary = tally();
    for (const q of on) {
      tallyQuery(q, builtIn, false);
      tallyQuery(q, withGlossary, true, catalogueOf(q.company as string));
    }
    rows.push([company, builtIn, withGlossary]);
  }
  const cell = (t: Tally) => `${f(t.good / t.judged)} (${t.good}/${t.judged}${t.unjudged ? `, ${t.unjudged} unjudged` : ''}) / ${f(t.wantedHit / t.wanted)} (${t.wantedHit}/${t.wanted}) / ${f(t.acronymHit / t.acronymWanted)}`;
  console.log('\n## queries written for a kind of company: precision / wanted recall / acronym recall at the defaults');
  console.log('company | queries | glossary pairs | built-in sources alone | with the company\'s synonyms file');
  for (const [company, a, b] of rows) console.log(`${company} | ${a.queries} | ${company === 'all' ? [...indexes.values()].reduce((n, g) => n + g.pairs, 0) : indexes.get(company)?.pairs} | ${cell(a)} | ${cell(b)}`);
}

if (args.includes('--misses')) {
  const why = { 'no candidate': 0, 'below threshold': 0, 'crowded out': 0 };
  for (const q of queries.filter((x) => x.split === 'dev')) {
    const table = tableFor(q);
    const shown = expand(index, request(q, {}), { wordnet, calibration: table });
    const all = candidates(q, table);
    for (const w of q.wanted) {
      for (const a of w.alternatives) {
        if (shown.some((r) => delivers(r, w.term, a, q.query))) continue;
        const c = all.find((r) => delivers(r, w.term, a, q.query));
        const reason = !c ? 'no candidate' : c.confidence_score < DEFAULT_CONFIDENCE_THRESHOLD ? 'below threshold' : 'crowded out';
        why[reason]++;
        console.log(`${q.id} [${q.domain ?? '-'}] "${q.query}": ${w.term} -> ${a}: ${reason}${c ? ` (${c.confidence_score.toFixed(2)} ${c.synonyms_used[0].source})` : ''}`);
      }
    }
  }
  console.log(why);
}

console.log(`\nDefaults: max_expansions ${DEFAULT_MAX_EXPANSIONS}, confidence_threshold ${DEFAULT_CONFIDENCE_THRESHOLD}; substitutions only (the combined query repeats them)\n`);
for (const [split, t] of Object.entries(tallies)) {
  if (split !== 'dev' && split !== rangeName && !args.includes('--holdout')) {
    if (split === 'holdout') console.log('## holdout: not shown (npm run eval -- --holdout)\n');
    continue;
  }
  console.log(`## ${split}: ${t.queries} queries`);
  console.log(`precision ${f(t.good / t.judged)} (${t.good}/${t.judged} judged, ${t.unjudged} unjudged of ${t.shown} shown)`);
  for (const [type, v] of [...t.byType].sort()) console.log(`  ${type.padEnd(24)} ${f(v.good / v.judged)} (${v.good}/${v.judged})`);
  console.log(`  by the judges' labels alone ${f(t.judgesGood / t.judgesJudged)} (${t.judgesGood}/${t.judgesJudged}; ${t.shown - t.judgesJudged} shown pairs without a judges' label)`);
  console.log(`wanted-alternative recall ${f(t.wantedHit / t.wanted)} (${t.wantedHit}/${t.wanted}); acronym recall ${f(t.acronymHit / t.acronymWanted)} (${t.acronymHit}/${t.acronymWanted})`);
  console.log(`queries with no expansion ${f(t.empty / t.queries)} (${t.empty}/${t.queries})`);
  console.log('reliability (all candidates): predicted bin | n | mean predicted | observed precision');
  t.bins.forEach((b, i) => b.n && console.log(`  ${(i / 10).toFixed(1)}-${((i + 1) / 10).toFixed(1)} | ${String(b.n).padStart(4)} | ${f(b.conf / b.n)} | ${f(b.good / b.n)}`));
  console.log('');
}
if (unjudgedOut) {
  // training queries: every candidate a fit can label, under the shipped models and under flat ones (fitTable's first pass)
  for (const q of trainQueries) {
    const listed = new Set<string>();
    for (const r of [...candidates(q, calibration), ...candidates(q, FLAT)]) {
      const key = pairId(q, r);
      if (labels[key] || listed.has(key)) continue;
      listed.add(key);
      unjudged.push(unjudgedRow(q, r));
    }
  }
  // a pair listed by both readings of --glossaries once
  const once = [...new Map(unjudged.map((row) => [row.key, row])).values()];
  fs.writeFileSync(unjudgedOut, JSON.stringify(once, null, 1));
  console.log(`${once.length} unjudged candidate pairs written to ${unjudgedOut}`);
}

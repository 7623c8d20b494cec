import {
  calibrate,
  defaultCalibration,
  expand,
  ExpansionIndex,
  fitIsotonic,
  fitPlatt,
  judgedConfidence,
  JUDGED_BAD_TO_LOWER,
  judgedPairKey,
  judgmentsApply,
  learntConfidence,
  loadLexicons,
  pairKey,
  PairStatsTable,
  readThesaurusFile,
  setJudgmentsOf,
  Thesaurus,
  thesaurusSetKey,
  tokenize,
  validateThesaurus,
  WordNetIndex,
  THESAURUS_FEATURES,
  ACRONYM_FEATURES,
} from '../../../src/expansion/engine';
import { DEFAULT_CONFIDENCE_THRESHOLD } from '../../../src/expansion/dto/expand-request.dto';
import { req, stateFor } from './helpers';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const lucene = require('lucene') as { parse(q: string): LuceneNode };
interface LuceneNode {
  left?: LuceneNode;
  right?: LuceneNode;
  operator?: string;
  term?: string;
  quoted?: boolean;
  parenthesized?: boolean;
}
/** top-level clauses of a parsed query: each an OR group (its terms) or a single term */
function clauses(node: LuceneNode): string[][] {
  if (node.parenthesized || node.operator === 'OR') return [orTerms(node)];
  if (node.term !== undefined) return [[node.term]];
  return [...(node.left ? clauses(node.left) : []), ...(node.right ? clauses(node.right) : [])];
}
function orTerms(node: LuceneNode): string[] {
  if (node.term !== undefined) return [node.term];
  return [...(node.left ? orTerms(node.left) : []), ...(node.right ? orTerms(node.right) : [])];
}

const lex = loadLexicons();
const index = ExpansionIndex.build([], lex);

describe('the enterprise thesaurus', () => {
  it('has at least 1,500 well-formed sets across the workplace domains', () => {
    const file = readThesaurusFile();
    expect(validateThesaurus(file)).toEqual([]);
    expect(file.sets.length).toBeGreaterThanOrEqual(1500);
    const domains = new Set(file.sets.map((s) => s.domain));
    for (const d of ['it', 'engineering', 'hr', 'finance', 'sales', 'marketing', 'legal', 'procurement', 'facilities']) expect(domains).toContain(d);
  });

  it('validation reports malformed sets', () => {
    const problems = validateThesaurus({ sets: [{ terms: ['a'], pos: 'noun', domain: 'it' }, { terms: ['PTO', 'paid time off'], pos: 'noun', domain: 'hr' }, { terms: ['x', 'y'], pos: 'adverb' as 'noun', domain: 'space' }] });
    expect(problems.join('\n')).toMatch(/needs 2 to 6 terms[\s\S]*acronyms belong[\s\S]*bad pos[\s\S]*bad domain/);
  });

  it('the acronym lexicon serves workplace senses and drops readings nobody means', () => {
    const senses = (k: string) => lex.acronyms.get(k.toLowerCase())?.senses.map((s) => s.expansion) ?? [];
    expect(senses('IP')).toEqual(expect.arrayContaining(['intellectual property', 'internet protocol']));
    expect(senses('PO')).toContain('purchase order');
    expect(senses('UAT')).toContain('user acceptance testing');
    expect(senses('P1')).toContain('priority 1');
    expect(senses('HR')).not.toContain('hour');
  });
});

describe('calibration', () => {
  it('fits a monotone map and reads it by interpolation', () => {
    const pts = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9].flatMap((x, i) => [{ x, y: i % 3 === 0 ? 0 : 1 }, { x, y: i > 4 ? 1 : 0 }]);
    const table = fitIsotonic(pts);
    for (let i = 1; i < table.length; i++) {
      expect(table[i][0]).toBeGreaterThan(table[i - 1][0]);
      expect(table[i][1]).toBeGreaterThan(table[i - 1][1]);
    }
    const t = { sources: { thesaurus: [[0.2, 0.3], [0.8, 0.9]] as [number, number][] } };
    expect(calibrate(t, 'thesaurus', 0.5)).toBeCloseTo(0.6, 6);
    expect(calibrate(t, 'thesaurus', 0.1)).toBe(0.3);
    expect(calibrate(t, 'catalogue', 0.42)).toBe(0.42);
  });

  it('Platt scaling keeps a model score\'s ranking: 51 strictly increasing breakpoints, none when scores and labels disagree', () => {
    // a model's score that is a fair probability: labels drawn at about its value
    const pts = Array.from({ length: 200 }, (_, i) => ({ x: (i + 0.5) / 200, y: (i * 7919) % 100 < ((i + 0.5) / 200) * 100 ? 1 : 0 }));
    const table = fitPlatt(pts)!;
    expect(table).toHaveLength(51);
    for (let i = 1; i < table.length; i++) expect(table[i][1]).toBeGreaterThan(table[i - 1][1]);
    // unlike isotonic blocks, two high scores keep apart
    expect(calibrate({ sources: { thesaurus: table } }, 'thesaurus', 0.95)).toBeGreaterThan(calibrate({ sources: { thesaurus: table } }, 'thesaurus', 0.85));
    expect(calibrate({ sources: { thesaurus: table } }, 'thesaurus', 0.9)).toBeGreaterThan(0.75);
    expect(calibrate({ sources: { thesaurus: table } }, 'thesaurus', 0.1)).toBeLessThan(0.25);
    expect(fitPlatt(pts.map((p) => ({ x: p.x, y: 1 - p.y })))).toBeUndefined();
  });

  describe('judgments of the same pair in other queries', () => {
    const wn = WordNetIndex.fromSenses([['car', 'noun', [['automobile']]]]);
    /** calibration that puts the WordNet pair at `at`, with judgments of car -> automobile */
    const table = (at: number, judged?: [number, number], weight = 2) => ({
      sources: { wordnet: [[0, at], [1, at]] as [number, number][] },
      ...(judged ? { judged_pairs: { weight, pairs: { [judgedPairKey('car', 'automobile')]: judged } } } : {}),
    });
    const shown = (q: string, calibration: ReturnType<typeof table>, threshold = DEFAULT_CONFIDENCE_THRESHOLD) =>
      expand(index, req(q, { confidenceThreshold: threshold }), { wordnet: wn, calibration, thesaurus: null }).find((r) => r.synonyms_used[0].source === 'wordnet');

    it('lift a pair judged good to the posterior of the prior weight: (w * calibrated + good) / (w + good + bad)', () => {
      expect(judgedConfidence(0.7, [2, 0], 2)).toBeCloseTo((2 * 0.7 + 2) / 4, 12);
      expect(judgedConfidence(0.7, [1, 0], 1)).toBeCloseTo(0.85, 12);
      // one bad judgment, or as many good as bad, never lowers what the models say: bad in one query's context is
      // not bad in every one
      expect(judgedConfidence(0.7, [0, 1], 1)).toBe(0.7);
      expect(judgedConfidence(0.7, [1, 1], 1)).toBe(0.7);
      expect(judgedConfidence(0.7, [2, 2], 1)).toBe(0.7);
      // bad in two or more queries, and more often than good: the posterior, down
      expect(JUDGED_BAD_TO_LOWER).toBe(2);
      expect(judgedConfidence(0.9, [0, 3], 2)).toBeCloseTo((2 * 0.9) / 5, 12);
      expect(judgedConfidence(0.7, [1, 2], 1)).toBeCloseTo((0.7 + 1) / 4, 12);
      expect(judgedConfidence(0.9, [0, 2], 0)).toBe(0.9);
      // no prior and no judgment: nothing to learn from (not NaN)
      expect(judgedConfidence(0.6, [0, 0], 0)).toBe(0.6);
    });

    it('a pair under the threshold is shown once judged good elsewhere, and says so in its explanation', () => {
      expect(shown('car rental', table(0.7))).toBeUndefined();
      expect(shown('car rental', table(0.7, [0, 0]))).toBeUndefined();
      const r = shown('car rental', table(0.7, [2, 0]))!;
      expect(r.confidence_score).toBeCloseTo(0.85, 4);
      expect(r.metadata.explanation).toMatchObject({ calibrated_confidence: 0.7, judged_good: 2, judged_bad: 0 });
      // a plural in the query is the judged pair too (the source states its lemma), and the key folds case
      expect(shown('rental cars', table(0.7, [2, 0]))?.confidence_score).toBeCloseTo(0.85, 4);
      expect(judgedPairKey('Supplier', 'VENDOR')).toBe(judgedPairKey('supplier', 'vendor'));
      expect(judgedPairKey('supplier', 'vendor')).not.toBe(judgedPairKey('vendor', 'supplier'));
      // judged bad once: the model's confidence stands; bad in three queries: lowered under the threshold
      expect(shown('car rental', table(0.9, [0, 1]))?.confidence_score).toBeCloseTo(0.9, 4);
      expect(shown('car rental', table(0.9, [0, 3]))).toBeUndefined();
      expect(shown('car rental', table(0.9, [0, 3]), 0)?.confidence_score).toBeCloseTo((2 * 0.9) / 5, 4);
    });

    it('ratings move the judged confidence on (judgments first, then the pair\'s ratings)', () => {
      const stats = new PairStatsTable();
      stats.set(pairKey('car', 'automobile'), { helpful: 0, uses: 10 });
      const r = expand(index, req('car rental', { confidenceThreshold: 0 }), { wordnet: wn, calibration: table(0.7, [2, 0]), pairStats: stats, thesaurus: null }).find((x) => x.synonyms_used[0].source === 'wordnet')!;
      expect(r.confidence_score).toBeCloseTo(learntConfidence(0.85, 0, 10), 4);
    });

    it('never lift a lexicon sense that the query\'s domain or context ranks below another', () => {
      const lexIndex = ExpansionIndex.build([], loadLexicons());
      const shipped = defaultCalibration();
      const calibration = { ...shipped, judged_pairs: { weight: 2, pairs: { [judgedPairKey('PR', 'pull request')]: [10, 0] as [number, number] } } };
      const senses = (q: string, domain: string) =>
        expand(lexIndex, req(q, { domain, confidenceThreshold: 0, enabledStrategies: ['acronym_expansion'] }), { calibration, thesaurus: null });
      // where the sense is the lexicon's first for the query, ten good judgments lift it
      const engineering = senses('PR needs review before merge', 'technical').find((r) => r.synonyms_used[0].synonym === 'pull request')!;
      expect(engineering.metadata.explanation).toMatchObject({ sense_rank: 0, judged_good: 10, judged_bad: 0 });
      expect(engineering.confidence_score).toBeGreaterThan(Number(engineering.metadata.explanation.calibrated_confidence));
      // a marketing query from a technical front end: context ranks public relations first, and pull request keeps
      // its calibrated confidence
      const marketing = senses('PR media campaign brand press', 'technical');
      expect(marketing[0].synonyms_used[0].synonym).toBe('public relations');
      const outranked = marketing.find((r) => r.synonyms_used[0].synonym === 'pull request')!;
      expect(outranked.metadata.explanation.sense_rank).toBeGreaterThan(0);
      expect(outranked.metadata.explanation.judged_good).toBeUndefined();
      expect(outranked.confidence_score).toBeCloseTo(Number(outranked.metadata.explanation.calibrated_confidence), 4);
      expect(judgmentsApply({ sense_rank: 1 })).toBe(false);
      expect(judgmentsApply({ sense_rank: 0 })).toBe(true);
      expect(judgmentsApply({})).toBe(true);
    });

    it('the early floor lets a judged-good pair through only where its judgments can lift it', () => {
      const builder = stateFor('PR status').builder;
      builder.floors = { acronym_lexicon: 0.5 };
      builder.calibration = { sources: {}, judged_pairs: { weight: 2, pairs: { [judgedPairKey('PR', 'pull request')]: [3, 0] } } };
      // above the floor: never hopeless
      expect(builder.hopeless('acronym_lexicon', 0.6, 'PR', 'pull request', { sense_rank: 1 })).toBe(false);
      // under the floor: the judged pair passes as the query's first sense, not as an outranked one
      expect(builder.hopeless('acronym_lexicon', 0.1, 'PR', 'pull request', { sense_rank: 0 })).toBe(false);
      expect(builder.hopeless('acronym_lexicon', 0.1, 'PR', 'pull request', { sense_rank: 1 })).toBe(true);
      // and a pair without a good judgment is dropped either way
      expect(builder.hopeless('acronym_lexicon', 0.1, 'PR', 'public relations', { sense_rank: 0 })).toBe(true);
    });

    it('the shipped feature models were fitted with every feature the sources compute', () => {
      const table = defaultCalibration();
      for (const f of THESAURUS_FEATURES) expect(Object.keys(table.thesaurus_model!.weights)).toContain(f);
      for (const f of ACRONYM_FEATURES) expect(Object.keys(table.acronym_model!.weights)).toContain(f);
      // a wording written open, closed or hyphenated is learnt as the same thing
      expect(table.thesaurus_model!.weights.same_letters).toBeGreaterThan(0.5);
    });

    it('the shipped table keeps the judgments of the dev split and the training queries with the prior weight cross-validation chose', () => {
      const judged = defaultCalibration().judged_pairs!;
      expect(judged.weight).toBeGreaterThan(0);
      expect(Object.keys(judged.pairs).length).toBeGreaterThan(1000);
      expect(defaultCalibration().fitted_on).toMatch(/\b\d+ dev and \d+ training queries\b/);
      for (const [good, bad] of Object.values(judged.pairs)) expect(good + bad).toBeGreaterThan(0);
    });
  });

  describe("judgments of a thesaurus set's other pairs", () => {
    const set = { terms: ['supplier', 'vendor', 'seller'], pos: 'noun' as const, domain: 'procurement' };
    const th = new Thesaurus({ sets: [set] });
    const key = thesaurusSetKey(set);
    /** calibration that puts every thesaurus pair at `at`, with judgments of the set and of supplier -> vendor */
    const table = (at: number, sets?: [number, number], pair?: [number, number], setWeight = 4) => ({
      sources: { thesaurus: [[0, at], [1, at]] as [number, number][] },
      ...(sets ? { judged_sets: { weight: setWeight, sets: { [key]: sets } } } : {}),
      ...(pair ? { judged_pairs: { weight: 1, pairs: { [judgedPairKey('supplier', 'vendor')]: pair } } } : {}),
    });
    const shown = (q: string, calibration: ReturnType<typeof table>, threshold = DEFAULT_CONFIDENCE_THRESHOLD) =>
      expand(index, req(q, { domain: 'procurement', confidenceThreshold: threshold }), { calibration, thesaurus: th }).filter((r) => r.synonyms_used[0].source === 'thesaurus');
    const to = (rs: ReturnType<typeof shown>, alt: string) => rs.find((r) => r.synonyms_used[0].synonym === alt);

    it('are keyed by part of speech, domain and members, in any order, so a set whose members change loses them', () => {
      expect(thesaurusSetKey({ terms: ['Vendor', 'seller', 'supplier'], pos: 'noun', domain: 'procurement' })).toBe(key);
      expect(thesaurusSetKey({ terms: ['supplier', 'vendor'], pos: 'noun', domain: 'procurement' })).not.toBe(key);
      expect(thesaurusSetKey({ ...set, domain: 'finance' })).not.toBe(key);
      expect(thesaurusSetKey({ ...set, pos: 'verb' })).not.toBe(key);
    });

    it("count only the set's other pairs: the pair's own judgments are taken out of the set's record", () => {
      const t = table(0.5, [5, 2]);
      expect(setJudgmentsOf(t, key, undefined)).toEqual([5, 2]);
      expect(setJudgmentsOf(t, key, [2, 1])).toEqual([3, 1]);
      // nothing beyond the pair's own: no evidence
      expect(setJudgmentsOf(t, key, [5, 2])).toBeUndefined();
      // judgments of the pair from other sources or sets may exceed the set's: never below zero
      expect(setJudgmentsOf(t, key, [6, 0])).toEqual([0, 2]);
      expect(setJudgmentsOf(t, 'noun|procurement|other', undefined)).toBeUndefined();
      expect(setJudgmentsOf(t, 'constructor', undefined)).toBeUndefined();
      expect(setJudgmentsOf(t, undefined, undefined)).toBeUndefined();
    });

    it("lift the prior that the pair's own judgments then update, and never lower the calibrated confidence", () => {
      // set only: (4 * 0.7 + 3) / (4 + 3)
      const prior = (4 * 0.7 + 3) / 7;
      expect(judgedConfidence(0.7, undefined, 0, 3, 0, 4)).toBeCloseTo(prior, 12);
      // set, then the pair: (1 * prior + 1) / (1 + 1)
      expect(judgedConfidence(0.7, [1, 0], 1, 3, 0, 4)).toBeCloseTo((prior + 1) / 2, 12);
      // a set judged bad never takes a pair below its calibrated confidence, nor cancels the pair's own good judgment
      expect(judgedConfidence(0.7, undefined, 0, 0, 6, 4)).toBe(0.7);
      expect(judgedConfidence(0.7, [1, 0], 1, 0, 3, 4)).toBeCloseTo((0.7 + 1) / 2, 12);
      // set weight 0: the set lends nothing; pair weight 0: the pair's judgments are not used (not good / uses)
      expect(judgedConfidence(0.7, undefined, 0, 9, 0, 0)).toBe(0.7);
      expect(judgedConfidence(0.7, [1, 3], 0)).toBe(0.7);
      expect(judgedConfidence(0.5, [3, 0], 0)).toBe(0.5);
      // a pair judged bad twice is lowered by its own judgments, whatever its set's record
      expect(judgedConfidence(0.7, [0, 2], 1, 9, 0, 4)).toBeCloseTo(0.7 / 3, 12);
    });

    it("lift a pair under the threshold when the set's other pairs were judged good, and say so in its explanation", () => {
      expect(to(shown('supplier onboarding form', table(0.7)), 'vendor')).toBeUndefined();
      const lifted = to(shown('supplier onboarding form', table(0.7, [3, 0])), 'vendor')!;
      expect(lifted.confidence_score).toBeCloseTo((4 * 0.7 + 3) / 7, 4);
      expect(lifted.metadata.explanation).toMatchObject({ calibrated_confidence: 0.7, set: key, set_judged_good: 3, set_judged_bad: 0 });
      // the same record made of this pair's own judgments only: nothing is left to lend it, and the pair's own lift applies
      const own = to(shown('supplier onboarding form', table(0.7, [1, 0], [1, 0]), 0), 'vendor')!;
      expect(own.metadata.explanation.set_judged_good).toBeUndefined();
      expect(own.confidence_score).toBeCloseTo((0.7 + 1) / 2, 4);
      // mixed judgments of the set: below the threshold still
      expect(to(shown('supplier onboarding form', table(0.7, [3, 3])), 'vendor')).toBeUndefined();
      // a pair its own judgments lower: the set does not count, and the explanation does not claim it
      const lowered = to(shown('supplier onboarding form', table(0.7, [9, 2], [0, 2]), 0), 'vendor')!;
      expect(lowered.confidence_score).toBeCloseTo(0.7 / 3, 4);
      expect(lowered.metadata.explanation.set_judged_good).toBeUndefined();
      // pair judgments at weight 0 are not used, but still taken out of the set's record
      const unused = { ...table(0.7, [1, 0], [1, 0]), judged_pairs: { weight: 0, pairs: { [judgedPairKey('supplier', 'vendor')]: [1, 0] as [number, number] } } };
      expect(to(shown('supplier onboarding form', unused, 0), 'vendor')!.confidence_score).toBeCloseTo(0.7, 4);
      // a spelling variant of a member is of the set too
      const spelled = new Thesaurus({ sets: [{ terms: ['reorg', 'reorganization'], pos: 'noun', domain: 'hr' }] });
      const reorgKey = thesaurusSetKey({ terms: ['reorg', 'reorganization'], pos: 'noun', domain: 'hr' });
      const variants = expand(index, req('reorg announcement', { domain: 'hr' }), { calibration: { sources: { thesaurus: [[0, 0.5], [1, 0.5]] as [number, number][] }, judged_sets: { weight: 4, sets: { [reorgKey]: [3, 0] as [number, number] } } }, thesaurus: spelled });
      const variant = variants.find((r) => r.metadata.explanation.variant !== undefined)!;
      expect(variant.metadata.explanation.set).toBe(reorgKey);
    });

    it("never reach an acronym's pair chained through one of the set's members", () => {
      const chained = new Thesaurus({ sets: [{ terms: ['non-disclosure agreement', 'confidentiality agreement'], pos: 'noun', domain: 'legal' }] });
      const nda = thesaurusSetKey({ terms: ['non-disclosure agreement', 'confidentiality agreement'], pos: 'noun', domain: 'legal' });
      const calibration = { sources: { thesaurus: [[0, 0.5], [1, 0.5]] as [number, number][] }, judged_sets: { weight: 4, sets: { [nda]: [9, 0] as [number, number] } } };
      const rs = expand(index, req('NDA template', { domain: 'legal' }), { calibration, thesaurus: chained });
      const r = rs.find((x) => x.synonyms_used[0].synonym === 'confidentiality agreement' && x.metadata.explanation.chained === 1)!;
      expect(r.metadata.explanation.set).toBeUndefined();
      expect(r.metadata.explanation.set_judged_good).toBeUndefined();
      // and the set's own pairs are lifted
      const own = expand(index, req('non-disclosure agreement template', { domain: 'legal' }), { calibration, thesaurus: chained }).find((x) => x.synonyms_used[0].synonym === 'confidentiality agreement')!;
      expect(own.metadata.explanation.set_judged_good).toBe(9);
    });

    it("the early floor lets a pair through when its set's other pairs were judged good", () => {
      const builder = stateFor('supplier list').builder;
      builder.floors = { thesaurus: 0.5 };
      builder.calibration = table(0.5, [2, 0]);
      expect(builder.hopeless('thesaurus', 0.1, 'supplier', 'vendor', {}, key)).toBe(false);
      expect(builder.hopeless('thesaurus', 0.1, 'supplier', 'vendor', {})).toBe(true);
      builder.calibration = table(0.5, [0, 2]);
      expect(builder.hopeless('thesaurus', 0.1, 'supplier', 'vendor', {}, key)).toBe(true);
    });

    it('the shipped table keeps the judgments of sets with the prior weight cross-validation chose', () => {
      const judged = defaultCalibration().judged_sets!;
      expect(judged.weight).toBeGreaterThan(0);
      expect(Object.keys(judged.sets).length).toBeGreaterThan(300);
      // every key is a set of the shipped thesaurus as it is now
      const keys = new Set(readThesaurusFile().sets.map(thesaurusSetKey));
      const stale = Object.keys(judged.sets).filter((k) => !keys.has(k));
      expect(stale).toEqual([]);
      // a set's record is made of its members' pairs' judgments: never more than they hold
      const pairs = defaultCalibration().judged_pairs!.pairs;
      for (const file of readThesaurusFile().sets) {
        const record = judged.sets[thesaurusSetKey(file)];
        if (!record) continue;
        const members = file.terms.map((t) => tokenize(t).join(' '));
        const sum = [0, 0];
        for (const a of members) for (const b of members) if (a !== b) {
          const p = pairs[judgedPairKey(a, b)];
          if (p) { sum[0] += p[0]; sum[1] += p[1]; }
        }
        expect([record[0] <= sum[0], record[1] <= sum[1], file.terms.join(' / ')]).toEqual([true, true, file.terms.join(' / ')]);
      }
    });
  });

  it('the shipped table is monotone in every source', () => {
    for (const pts of Object.values(defaultCalibration().sources)) {
      for (let i = 1; i < pts.length; i++) expect(pts[i][1]).toBeGreaterThanOrEqual(pts[i - 1][1]);
    }
  });
});

describe('distinct alternatives and the combined query', () => {
  const th = new Thesaurus({ sets: [{ terms: ['laptop', 'notebook'], pos: 'noun', domain: 'it' }, { terms: ['password', 'passcode'], pos: 'noun', domain: 'it' }] });

  it('gives each slot a distinct substitution and puts one combined OR query first', () => {
    const out = expand(index, req('reset VPN password', { domain: 'technical', includeCombined: true, maxExpansions: 10 }), { thesaurus: th });
    expect(out[0].metadata.form).toBe('combined');
    expect(out.slice(1).every((r) => r.metadata.form === 'substitution')).toBe(true);
    expect(new Set(out.map((r) => r.expanded_query)).size).toBe(out.length);
    expect(out[0].expanded_query).toBe('reset (VPN OR "virtual private network") (password OR passcode)');
    expect(out[0].synonyms_used.map((u) => u.synonym).sort()).toEqual(['passcode', 'virtual private network']);
    expect(new Set(out[0].metadata.expansion_types)).toEqual(new Set(out.slice(1).map((r) => r.expansion_type)));
  });

  it('the combined query parses with a Lucene query parser into the intended clauses, special characters escaped', () => {
    const out = expand(index, req('ci/cd: laptop (NOT working) AND "VPN"?', { includeCombined: true }), { thesaurus: th });
    const q = out[0].expanded_query;
    expect(out[0].metadata.form).toBe('combined');
    const parsed = clauses(lucene.parse(q));
    expect(parsed).toContainEqual(['laptop', 'notebook']);
    expect(parsed).toContainEqual(['VPN', 'virtual private network']);
    expect(parsed.flat()).toEqual(expect.arrayContaining(['ci\\/cd', '\\:', '\\(NOT', 'working\\)', 'AND']));
  });

  it('overlapping spans never repeat a word in the combined query', () => {
    const t2 = new Thesaurus({ sets: [{ terms: ['data center', 'data centre'], pos: 'noun', domain: 'it' }] });
    const out = expand(index, req('data center outage', { includeCombined: true }), { thesaurus: t2 });
    const q = out[0].expanded_query;
    expect(out[0].metadata.form).toBe('combined');
    expect(q.match(/outage/g)).toHaveLength(1);
    expect(clauses(lucene.parse(q)).filter((c) => c.some((t) => /cent/.test(t)))).toHaveLength(1);
  });

  it('max_expansions returns that many results when that many alternatives pass', () => {
    const out = expand(index, req('laptop password VPN SSO MFA', { includeCombined: true, maxExpansions: 4 }), { thesaurus: th });
    expect(out).toHaveLength(4);
    expect(expand(index, req('laptop password VPN SSO MFA', { maxExpansions: 3 }), { thesaurus: th })).toHaveLength(3);
  });

  it('a span keeps three alternatives while other spans wait, then fills the slots still wanted', () => {
    const many = new Thesaurus({
      sets: [
        { terms: ['laptop', 'notebook', 'notebook computer', 'portable computer', 'mobile computer'], pos: 'noun', domain: 'it' },
        { terms: ['battery', 'power cell'], pos: 'noun', domain: 'it' },
      ],
    });
    // every thesaurus candidate passes, whatever its score
    const calibration = { sources: { thesaurus: [[0, 1], [1, 1]] as [number, number][] } };
    const alternatives = (query: string, maxExpansions: number) =>
      expand(index, req(query, { maxExpansions, confidenceThreshold: DEFAULT_CONFIDENCE_THRESHOLD }), { thesaurus: many, calibration }).map((r) => r.synonyms_used[0].synonym);
    const both = alternatives('laptop battery', 10);
    expect(both).toHaveLength(5);
    // the other span's one alternative comes before the first span's fourth
    expect(both.indexOf('power cell')).toBe(3);
    expect(both.slice(0, 3).every((a) => a !== 'power cell')).toBe(true);
    expect(alternatives('laptop battery', 4)).toHaveLength(4);
    // one span alone: all four of its alternatives, not three
    expect(alternatives('laptop', 10)).toHaveLength(4);
    expect(alternatives('laptop', 2)).toHaveLength(2);
  });

  it('per-span OR results only when asked', () => {
    const plain = expand(index, req('laptop crashes'), { thesaurus: th });
    expect(plain.some((r) => r.metadata.form === 'or')).toBe(false);
    const asked = expand(index, req('laptop crashes', { includeOrForm: true }), { thesaurus: th });
    expect(asked.map((r) => r.expanded_query)).toContain('(laptop OR notebook) crashes');
  });
});

describe('learning reaches every source', () => {
  const wn = WordNetIndex.fromSenses([['car', 'noun', [['automobile']]]]);
  // a WordNet pair the calibration trusts enough to show at the default threshold
  const calibration = { sources: { wordnet: [[0, 1], [1, 1]] as [number, number][] } };
  /** the WordNet pair's confidence, or undefined when the default threshold hides it */
  const conf = (q: string, stats?: PairStatsTable, threshold = DEFAULT_CONFIDENCE_THRESHOLD) =>
    expand(index, req(q, { confidenceThreshold: threshold }), { wordnet: wn, pairStats: stats, calibration, thesaurus: null }).find((r) => r.synonyms_used[0].source === 'wordnet')?.confidence_score;

  it('ten unhelpful ratings push a WordNet pair below the default threshold; one cannot', () => {
    const before = conf('car rental')!;
    expect(before).toBeGreaterThanOrEqual(DEFAULT_CONFIDENCE_THRESHOLD);
    const one = new PairStatsTable();
    one.set(pairKey('car', 'automobile'), { helpful: 0, uses: 1 });
    expect(conf('car rental', one)).toBeCloseTo(learntConfidence(before, 0, 1), 3);
    expect(conf('car rental', one)).toBeGreaterThanOrEqual(DEFAULT_CONFIDENCE_THRESHOLD);
    const ten = new PairStatsTable();
    ten.set(pairKey('car', 'automobile'), { helpful: 0, uses: 10 });
    expect(conf('car rental', ten)).toBeUndefined(); // hidden at the default threshold
    expect(conf('car rental', ten, 0)).toBeCloseTo(learntConfidence(before, 0, 10), 3);
    expect(learntConfidence(before, 0, 10)).toBeLessThan(DEFAULT_CONFIDENCE_THRESHOLD);
  });

  it('learns lexicon pairs per domain: ratings in one domain leave another alone', () => {
    const lexConf = (stats: PairStatsTable | undefined, domain: string) =>
      expand(index, req('VPN setup', { domain }), { pairStats: stats }).find((r) => r.synonyms_used[0].synonym === 'virtual private network')!.confidence_score;
    const stats = new PairStatsTable();
    stats.set(pairKey('VPN', 'virtual private network', 'technical'), { helpful: 0, uses: 10 });
    expect(lexConf(stats, 'technical')).toBeLessThan(lexConf(undefined, 'technical'));
    expect(lexConf(stats, 'business')).toBe(lexConf(undefined, 'business'));
  });
});

import { emptyLexicons, expand, ExpansionIndex, LIMITS, loadLexicons, luceneAlternative, WordNetIndex } from '../../../src/expansion/engine';
import { entry, req } from './helpers';

const lex = loadLexicons();
const empty = ExpansionIndex.build([], lex);

describe('ambiguous acronyms', () => {
  const top = (query: string, extra = {}) =>
    expand(empty, req(query, { enabledStrategies: ['acronym_expansion'], ...extra }))[0].synonyms_used[0].synonym;

  it('ranks PR by request domain: technical -> pull request, business -> public relations', () => {
    expect(top('PR status', { domain: 'technical' })).toBe('pull request');
    expect(top('PR status', { domain: 'business' })).toBe('public relations');
  });

  it('ranks PR by context words in the query, conversation and documents', () => {
    expect(top('PR for the press launch')).toBe('public relations');
    expect(top('PR needs review before merge')).toBe('pull request');
    expect(top('PR status', { conversationHistory: [{ text: 'the marketing campaign and media coverage' }] })).toBe('public relations');
    expect(top('PR status', { availableDocuments: [{ title: 'Git branching', content: 'merge your branch after review' }] })).toBe(
      'pull request',
    );
  });

  it('context evidence can outweigh the request domain', () => {
    expect(top('PR media campaign brand press', { domain: 'technical' })).toBe('public relations');
  });

  it('gives the losing sense a lower confidence, and CI/AI/PM follow the same rules', () => {
    const res = expand(empty, req('PR', { domain: 'technical', enabledStrategies: ['acronym_expansion'] }));
    const conf = (s: string) => res.find((r) => r.synonyms_used[0].synonym === s)!.confidence_score;
    expect(conf('pull request')).toBeGreaterThan(conf('public relations'));
    expect(top('CI pipeline failed')).toBe('continuous integration');
    expect(top('AI for the meeting follow-up owner', { domain: 'business' })).toBe('action item');
    expect(top('PM roadmap for the product')).toBe('product manager');
  });
});

describe('expand output', () => {
  const idx = ExpansionIndex.build(
    [entry('ML', 'machine learning', { id: 1, confidence: 0.9, tags: ['acronym'] }), entry('deployment', 'rollout', { id: 2 })],
    emptyLexicons(),
  );

  it('produces the substitution and, when asked, the OR form, quoting multi-word alternatives and keeping the original token', () => {
    const res = expand(idx, req('ML model deployment', { includeOrForm: true }), { thesaurus: null });
    const q = res.map((r) => r.expanded_query);
    expect(q).toContain('machine learning model deployment');
    expect(q).toContain('(ML OR "machine learning") model deployment');
    expect(q).toContain('ML model (deployment OR rollout)');
    const or = res.find((r) => r.expanded_query.startsWith('(ML'))!;
    expect(or.metadata).toMatchObject({ expanded_token: 'ML', synonym_count: 1, form: 'or' });
    expect(res.find((r) => r.expanded_query === 'machine learning model deployment')!.metadata.form).toBe('substitution');
  });

  it('quotes a multi-word original phrase in the OR form', () => {
    const i2 = ExpansionIndex.build([entry('machine learning', 'ML', { id: 1 })], emptyLexicons());
    expect(expand(i2, req('Machine Learning ops', { includeOrForm: true })).map((r) => r.expanded_query)).toContain('("Machine Learning" OR ML) ops');
    expect(luceneAlternative('say "hi" now')).toBe('"say \\"hi\\" now"');
  });

  it('fills explanation and keeps scores in [0,1]', () => {
    for (const r of expand(idx, req('ML deployment', { domain: 'technical' }))) {
      expect(r.confidence_score).toBeGreaterThanOrEqual(0);
      expect(r.confidence_score).toBeLessThanOrEqual(1);
      expect(r.relevance_score).toBeGreaterThanOrEqual(0);
      expect(r.relevance_score).toBeLessThanOrEqual(1);
      expect(typeof r.metadata.explanation.source_score).toBe('number');
      expect(typeof r.metadata.explanation.score).toBe('number');
    }
  });

  it('drops a replacement that would repeat the word beside its span ("annual leave leave request")', () => {
    const idx = ExpansionIndex.build([entry('holiday', 'annual leave', { confidence: 0.9 }), entry('request', 'leave request', { confidence: 0.9 }), entry('form', 'leave application', { confidence: 0.9 })]);
    const shown = (q: string) => expand(idx, req(q), { thesaurus: null }).map((r) => r.expanded_query);
    // the word after the span, and the word before it
    expect(shown('holiday leave request')).not.toContain('annual leave leave request');
    expect(shown('leave form')).not.toContain('leave leave application');
    expect(shown('holiday request')).toEqual(expect.arrayContaining(['annual leave request', 'holiday leave request']));
    expect(shown('sick form')).toContain('sick leave application');
  });

  it('counts a neighbour in another inflection or spelling as a repeat ("A/B testing test", "licence license")', () => {
    const idx = ExpansionIndex.build([entry('A/B', 'A/B testing', { confidence: 0.9 }), entry('GPL', 'general public licence', { confidence: 0.9 }), entry('code', 'source code', { confidence: 0.9 })]);
    const shown = (q: string) => expand(idx, req(q), { thesaurus: null }).map((r) => r.expanded_query);
    expect(shown('A/B test calculator')).not.toContain('A/B testing test calculator');
    expect(shown('GPL license terms')).not.toContain('general public licence license terms');
    expect(shown('GPL terms')).toContain('general public licence terms');
    expect(shown('code reviews')).toContain('source code reviews');
    // inflections only, never derivations: "office" and "officer", "experiment" and "experience" are other words
    const lex = ExpansionIndex.build([], loadLexicons());
    const lexShown = (q: string) => expand(lex, req(q, { confidenceThreshold: 0 }), { thesaurus: null }).map((r) => r.expanded_query);
    expect(lexShown('CEO office')).toContain('chief executive officer office');
    expect(lexShown('UX experiments')).toContain('user experience experiments');
  });

  it('drops candidates below confidenceThreshold', () => {
    const res = expand(idx, req('ML model deployment', { confidenceThreshold: 0.85 }));
    expect(res.length).toBeGreaterThan(0);
    expect(res.every((r) => r.confidence_score >= 0.85)).toBe(true);
    expect(res.some((r) => r.expanded_query.includes('rollout'))).toBe(false);
  });

  it('cuts to maxExpansions keeping the best first', () => {
    const all = expand(idx, req('ML model deployment'));
    const two = expand(idx, req('ML model deployment', { maxExpansions: 2 }));
    expect(two).toHaveLength(2);
    expect(two).toEqual(all.slice(0, 2));
    expect(expand(idx, req('ML model deployment', { maxExpansions: 0 }))).toEqual([]);
  });

  it('orders by score descending', () => {
    const res = expand(idx, req('ML model deployment'));
    const scores = res.map((r) => r.metadata.explanation.score as number);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('de-duplicates by expanded_query keeping the best-scoring candidate', () => {
    const i2 = ExpansionIndex.build(
      [entry('bug', 'defect', { id: 1, confidence: 0.6 }), entry('bug', 'Defect', { id: 2, confidence: 0.9 })],
      emptyLexicons(),
    );
    // the catalogue alone: the shipped thesaurus's "bug" -> "defect", judged good with its set, outscores both entries
    const res = expand(i2, req('bug list'), { thesaurus: null });
    const q = res.map((r) => r.expanded_query.toLowerCase());
    expect(new Set(q).size).toBe(q.length);
    expect(res[0].synonyms_used[0].synonym_id).toBe(2);
    // the same alternative from catalogue and lexicon appears once
    const i3 = ExpansionIndex.build([entry('KPI', 'key performance indicator', { id: 3, confidence: 0.95 })], lex);
    const r3 = expand(i3, req('KPI'));
    expect(r3.filter((r) => r.expanded_query === 'key performance indicator')).toHaveLength(1);
    expect(r3[0].synonyms_used[0].synonym_id).toBe(3);
  });

  it('types a match of the request domain as domain_specific', () => {
    const i2 = ExpansionIndex.build([entry('churn', 'customer attrition', { id: 1, domain: 'business' })], emptyLexicons());
    // the catalogue entry alone: with the shipped thesaurus, "churn" read as a noun gives "customer churn rate", which outranks it
    expect(expand(i2, req('churn rate', { domain: 'business' }), { thesaurus: null })[0].expansion_type).toBe('domain_specific');
    expect(expand(i2, req('churn rate'), { thesaurus: null })[0].expansion_type).toBe('synonym_expansion');
  });

  it('ranks an entry of another domain below one of the request domain', () => {
    const i2 = ExpansionIndex.build(
      [entry('pipeline', 'sales funnel', { id: 1, domain: 'business' }), entry('pipeline', 'build workflow', { id: 2, domain: 'technical' })],
      emptyLexicons(),
    );
    expect(expand(i2, req('pipeline', { domain: 'technical' }), { thesaurus: null })[0].synonyms_used[0].synonym_id).toBe(2);
    expect(expand(i2, req('pipeline', { domain: 'business' }), { thesaurus: null })[0].synonyms_used[0].synonym_id).toBe(1);
  });

  it('restricts work to enabledStrategies', () => {
    const res = expand(idx, req('ML deployment', { enabledStrategies: ['synonym_expansion'] }), { thesaurus: null });
    expect(res.every((r) => r.expansion_type === 'synonym_expansion')).toBe(true);
    expect(res.map((r) => r.expanded_query)).toEqual(['ML rollout']);
  });

  it('is deterministic for the same input', () => {
    const r1 = expand(ExpansionIndex.build([], lex), req('PR for AI and ML on AWS', { domain: 'technical' }));
    const r2 = expand(ExpansionIndex.build([], lex), req('PR for AI and ML on AWS', { domain: 'technical' }));
    expect(r1).toEqual(r2);
  });
});

describe('user preferences', () => {
  const idx = ExpansionIndex.build(
    [entry('car', 'automobile', { id: 1, confidence: 0.9 }), entry('car', 'motor vehicle', { id: 2, confidence: 0.8 })],
    emptyLexicons(),
  );

  it('never emits excluded terms, from any strategy', () => {
    const wn = WordNetIndex.fromSenses([['car', 'noun', [['automobile']]]]);
    const res = expand(idx, req('car rental', { userPreferences: { excluded_terms: ['Automobile'] } }), { wordnet: wn });
    expect(res.length).toBeGreaterThan(0);
    expect(res.some((r) => /automobile/i.test(r.expanded_query))).toBe(false);
    const res2 = expand(idx, req('car rental', { userPreferences: { excludedTerms: 'vehicle' } }));
    expect(res2.some((r) => /vehicle/i.test(r.expanded_query))).toBe(false);
  });

  it('boosts preferred terms above otherwise better candidates', () => {
    const res = expand(idx, req('car rental', { userPreferences: { preferred_terms: ['motor vehicle'] } }));
    expect(res[0].synonyms_used[0].synonym).toBe('motor vehicle');
  });

  it('boosts preferred domains in relevance', () => {
    const i2 = ExpansionIndex.build([entry('lead', 'prospect', { id: 1, domain: 'business' })], emptyLexicons());
    const plain = expand(i2, req('lead'))[0];
    const pref = expand(i2, req('lead', { userPreferences: { preferred_domains: ['business'] } }))[0];
    expect(pref.relevance_score).toBeGreaterThan(plain.relevance_score);
  });
});

describe('pathological input', () => {
  it('returns nothing for empty or punctuation-only queries', () => {
    expect(expand(empty, req(''))).toEqual([]);
    expect(expand(empty, req('?!?! ...'))).toEqual([]);
  });

  it('bounds work and output for a huge repetitive query', () => {
    const q = 'API KPI ROI mgmt config '.repeat(2000);
    const t = process.hrtime.bigint();
    const res = expand(empty, req(q, { maxExpansions: 1000 }));
    const ms = Number(process.hrtime.bigint() - t) / 1e6;
    expect(res.length).toBeLessThanOrEqual(LIMITS.MAX_RESULTS);
    expect(ms).toBeLessThan(500);
    expect(res[0].expanded_query.length).toBeLessThan(LIMITS.MAX_QUERY_CHARS + 200);
  });

  it('bounds context extraction for deep and large conversation objects', () => {
    let deep: unknown = 'merge';
    for (let i = 0; i < 1000; i++) deep = { x: deep };
    const big = Array.from({ length: 10000 }, () => ({ text: 'press media campaign '.repeat(50) }));
    const res = expand(empty, req('PR', { conversationHistory: [deep, ...big], enabledStrategies: ['acronym_expansion'] }));
    expect(res[0].synonyms_used[0].synonym).toBe('public relations');
  });
});

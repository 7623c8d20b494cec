import {
  abbreviationStrategy,
  acronymStrategy,
  buildContext,
  contextualStrategy,
  domainStrategy,
  emptyLexicons,
  ExpansionIndex,
  loadLexicons,
  semanticStrategy,
  synonymStrategy,
  WordNetIndex,
} from '../../../src/expansion/engine';
import { entry, req } from './helpers';

const lex = loadLexicons();

describe('strategies run on their own', () => {
  it('synonymStrategy emits catalogue synonyms typed synonym_expansion and nothing from lexicons', () => {
    const idx = ExpansionIndex.build([entry('bug', 'defect', { id: 7, confidence: 0.9 })], lex);
    const ctx = buildContext(idx, req('API bug triage'));
    const out = synonymStrategy(ctx);
    expect(out).toHaveLength(1);
    expect(out[0].type).toBe('synonym_expansion');
    expect(out[0].base.replacement).toBe('defect');
    expect(out[0].base.synonymId).toBe(7);
    expect(out[0].confidence).toBeCloseTo(0.9);
  });

  it('acronymStrategy expands lexicon acronyms and catalogue entries tagged acronym', () => {
    const idx = ExpansionIndex.build([entry('ACME', 'acme cloud services', { id: 1, tags: ['acronym'] })], lex);
    const out = acronymStrategy(buildContext(idx, req('ACME KPI report')));
    const reps = out.map((c) => c.base.replacement);
    expect(reps).toContain('acme cloud services');
    expect(reps).toContain('key performance indicator');
    expect(out.every((c) => c.type === 'acronym_expansion')).toBe(true);
    expect(synonymStrategy(buildContext(idx, req('ACME KPI report')))).toHaveLength(0);
  });

  it('acronymStrategy skips case-sensitive acronyms that are ordinary lower-case words ("it", "dry")', () => {
    const idx = ExpansionIndex.build([], lex);
    expect(acronymStrategy(buildContext(idx, req('is it dry')))).toHaveLength(0);
    expect(acronymStrategy(buildContext(idx, req('ask IT about DRY'))).map((c) => c.base.replacement)).toEqual(
      expect.arrayContaining(['information technology', "don't repeat yourself"]),
    );
  });

  it('abbreviationStrategy expands lexicon abbreviations and tagged catalogue entries', () => {
    const idx = ExpansionIndex.build([entry('wf', 'workflow', { id: 1, tags: ['abbreviation'] })], lex);
    const out = abbreviationStrategy(buildContext(idx, req('wf config for mgmt')));
    const reps = out.map((c) => c.base.replacement);
    expect(reps).toEqual(expect.arrayContaining(['workflow', 'configuration', 'management']));
    expect(out.every((c) => c.type === 'abbreviation_expansion')).toBe(true);
  });

  it('domainStrategy emits only matches of the request domain, and nothing without a domain', () => {
    const idx = ExpansionIndex.build(
      [entry('pipeline', 'sales funnel', { id: 1, domain: 'business' }), entry('pipeline', 'ci workflow', { id: 2, domain: 'technical' })],
      emptyLexicons(),
    );
    const out = domainStrategy(buildContext(idx, req('pipeline health', { domain: 'business' })));
    expect(out.map((c) => c.base.replacement)).toEqual(['sales funnel']);
    expect(out[0].type).toBe('domain_specific');
    expect(domainStrategy(buildContext(idx, req('pipeline health')))).toHaveLength(0);
  });

  it('contextualStrategy emits alternatives whose words occur in conversation or documents', () => {
    const idx = ExpansionIndex.build(
      [entry('pipeline', 'sales funnel', { id: 1 }), entry('pipeline', 'build workflow', { id: 2 })],
      emptyLexicons(),
    );
    const ctx = buildContext(
      idx,
      req('pipeline health', {
        conversationHistory: [{ role: 'user', content: 'our build keeps failing' }],
        availableDocuments: [{ title: 'Workflow guide', keywords: ['ci'] }],
      }),
    );
    const out = contextualStrategy(ctx);
    expect(out.map((c) => c.base.replacement)).toEqual(['build workflow']);
    expect(out[0].type).toBe('contextual');
    expect(out[0].base.contextHits).toBe(2);
  });

  it('contextualStrategy emits preferred terms even without context evidence', () => {
    const idx = ExpansionIndex.build([entry('pipeline', 'sales funnel', { id: 1 }), entry('pipeline', 'deal flow', { id: 2 })], emptyLexicons());
    const out = contextualStrategy(buildContext(idx, req('pipeline', { userPreferences: { preferred_terms: ['deal flow'] } })));
    expect(out.map((c) => c.base.replacement)).toEqual(['deal flow']);
  });

  it('semanticStrategy uses WordNet related words for content words only', () => {
    const wn = WordNetIndex.fromPairs([
      ['car', 'automobile', 0.8],
      ['the', 'thee', 0.9],
    ]);
    const idx = ExpansionIndex.build([], emptyLexicons());
    const out = semanticStrategy(buildContext(idx, req('the cars'), { wordnet: wn }));
    expect(out.map((c) => c.base.replacement)).toEqual(['automobiles']);
    expect(out[0].type).toBe('semantic');
    expect(out[0].confidence).toBeCloseTo(0.8 * 0.8);
  });

  it('semanticStrategy yields nothing without a WordNet index', () => {
    const idx = ExpansionIndex.build([], emptyLexicons());
    expect(semanticStrategy(buildContext(idx, req('car')))).toHaveLength(0);
  });
});

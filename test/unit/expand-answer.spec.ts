import { expand, ExpansionIndex, type CatalogueEntry } from '../../src/expansion/engine';
import { answerJson, answerObject, cachedExpansion, resultId, type Answer } from '../../src/expansion/expansion.service';

/**
 * Expand is written as JSON text made from each cached result's JSON (answerJson); it must be exactly what
 * res.json would write for the object answer (answerObject), so clients cannot tell the two apart.
 */
describe('expand answer as JSON text', () => {
  const entry = (id: number, term: string, synonym: string, domain: string | null = null): CatalogueEntry => ({ id, term, synonym, domain, confidence: 0.9, userRole: null, department: null, context: null, tags: ['t'] });
  const index = ExpansionIndex.build([entry(1, 'laptop', 'notebook'), entry(2, 'laptop', 'portable "pc" \\ unit'), entry(3, 'café', 'coffee shop ☕'), entry(4, 'vendor', 'supplier', 'business')]);
  const queries = ['laptop keeps crashing', 'VPN password reset for PTO', 'café near the office', 'vendor onboarding PO approval', 'nothing to expand here', 'say "laptop" \\ please'];

  it('is byte for byte what JSON.stringify makes of the object answer, for every query and setting', () => {
    let results = 0;
    let quoted = 0;
    for (const query of queries) {
      for (const settings of [{ includeCombined: true }, { includeCombined: false, includeOrForm: true }]) {
        const computed = cachedExpansion(expand(index, { query, maxExpansions: 10, confidenceThreshold: 0, domain: 'business', ...settings }, {}));
        const answer: Answer = {
          eventId: 'exp_0123456789abcdef0123456789abcdef',
          computed,
          metadata: { total_expansions: computed.results.length, strategies_used: [...computed.strategies], avg_confidence: 0.8123, processing_time_ms: 0.0417 },
        };
        const text = answerJson(query, answer);
        expect(text).toBe(JSON.stringify(answerObject(query, answer)));
        const parsed = JSON.parse(text) as { expanded_queries: { expansion_id: string }[] };
        expect(parsed.expanded_queries.map((r) => r.expansion_id)).toEqual(computed.results.map((_, i) => resultId(answer.eventId, i)));
        results += computed.results.length;
        if (/\\"/.test(text)) quoted++;
      }
    }
    // not vacuous: many results, and texts that needed escaping (quoted phrases, a backslash)
    expect(results).toBeGreaterThan(15);
    expect(quoted).toBeGreaterThan(3);
  });

  it('keeps each result JSON without its closing brace, once per expansion', () => {
    const computed = cachedExpansion(expand(index, { query: 'laptop', maxExpansions: 5, confidenceThreshold: 0 }, {}));
    expect(computed.json).toHaveLength(computed.results.length);
    computed.json.forEach((open, i) => expect(`${open}}`).toBe(JSON.stringify(computed.results[i])));
  });
});

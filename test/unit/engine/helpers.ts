import { analyse, CandidateBuilder, contextWordsOf, detectUnits, ExpansionIndex, emptyLexicons, preferencesOf, requestDomainOf, type CatalogueEntry, type ExpansionRequest, type MatchState, type Thesaurus, type WordNetIndex } from '../../../src/expansion/engine';

let nextId = 1000;
export function entry(term: string, synonym: string, extra: Partial<CatalogueEntry> = {}): CatalogueEntry {
  return {
    id: extra.id ?? nextId++,
    term,
    synonym,
    domain: null,
    confidence: 0.8,
    userRole: null,
    department: null,
    context: null,
    tags: [],
    ...extra,
  };
}

export function req(query: string, extra: Partial<ExpansionRequest> = {}): ExpansionRequest {
  return { query, maxExpansions: 50, confidenceThreshold: 0, includeCombined: false, ...extra };
}

/** A match state for running one source on its own. */
export function stateFor(query: string, opts: { index?: ExpansionIndex; domain?: string; thesaurus?: Thesaurus; wordnet?: WordNetIndex; context?: string[] } = {}): MatchState {
  const request = req(query, { domain: opts.domain, conversationHistory: opts.context?.map((content) => ({ content })) });
  const analysis = analyse(query);
  const words = contextWordsOf(request);
  for (const t of analysis.tokens) {
    words.add(t.norm);
    words.add(t.lemma);
  }
  const builder = new CandidateBuilder(analysis, requestDomainOf(opts.domain), preferencesOf(undefined), words, 600);
  const state: MatchState = { index: opts.index ?? ExpansionIndex.build([], emptyLexicons()), request, analysis, builder, units: [], catalogueUnits: [], contextStrings: opts.context ?? [], thesaurus: opts.thesaurus, wordnet: opts.wordnet };
  state.units = detectUnits(state, []);
  return state;
}

/** "term -> alternative" strings of a state's candidates. */
export function pairs(state: MatchState): string[] {
  return state.builder.candidates.map((c) => `${c.span.norm} -> ${c.replacement}`);
}

import { CatalogueEntry, ExpansionRequest } from '../../../src/expansion/engine';

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
  return { query, maxExpansions: 50, confidenceThreshold: 0, ...extra };
}

import { DEFAULT_CATALOGUE_THRESHOLD, DEFAULT_CONFIDENCE_THRESHOLD, DEFAULT_MAX_EXPANSIONS } from './dto/expand-request.dto';
import { expand, type CatalogueView, type ExpandResources, type ExpansionRequest } from './engine';

/** A query with the scope it was asked in (as recorded in expansion_events). */
export interface ScopedQuery {
  query: string;
  domain: string | null;
  userRole: string | null;
  department: string | null;
}

/** The engine request POST /expand makes for this query when the caller sends no settings. */
export function defaultEngineRequest(q: ScopedQuery): ExpansionRequest {
  return {
    query: q.query,
    domain: q.domain ?? undefined,
    userRole: q.userRole ?? undefined,
    department: q.department ?? undefined,
    maxExpansions: DEFAULT_MAX_EXPANSIONS,
    confidenceThreshold: DEFAULT_CONFIDENCE_THRESHOLD,
    catalogueThreshold: DEFAULT_CATALOGUE_THRESHOLD,
    includeCombined: true,
    includeOrForm: false,
  };
}

/** The expanded_query texts POST /expand would answer for this query at its defaults, over this view of the catalogue. */
export function alternativesAtDefaults(view: CatalogueView, q: ScopedQuery, resources: ExpandResources): string[] {
  return expand(view, defaultEngineRequest(q), resources).map((r) => r.expanded_query);
}

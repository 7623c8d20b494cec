import { DEFAULT_CATALOGUE_THRESHOLD, DEFAULT_CONFIDENCE_THRESHOLD, DEFAULT_MAX_EXPANSIONS, type ExpansionSettingsDto } from './dto/expand-request.dto';
import { expand, type CatalogueView, type ExpandResources, type ExpansionRequest } from './engine';

/** A query with the scope it was asked in (as recorded in expansion_events). */
export interface ScopedQuery {
  query: string;
  domain: string | null;
  userRole: string | null;
  department: string | null;
}

type EngineSettings = Pick<ExpansionRequest, 'maxExpansions' | 'confidenceThreshold' | 'catalogueThreshold' | 'includeCombined' | 'includeOrForm'>;

/** A request's expansion_settings with the service's defaults for what it leaves out: the one place they are decided. */
export function engineSettings(settings: ExpansionSettingsDto = {}): EngineSettings {
  return {
    maxExpansions: settings.max_expansions ?? DEFAULT_MAX_EXPANSIONS,
    confidenceThreshold: settings.confidence_threshold ?? DEFAULT_CONFIDENCE_THRESHOLD,
    catalogueThreshold: settings.confidence_threshold ?? DEFAULT_CATALOGUE_THRESHOLD,
    includeCombined: settings.include_combined ?? true,
    includeOrForm: settings.include_or_form ?? false,
  };
}

/** The engine request POST /expand makes for this query when the caller sends no settings. */
export function defaultEngineRequest(q: ScopedQuery): ExpansionRequest {
  return {
    query: q.query,
    domain: q.domain ?? undefined,
    userRole: q.userRole ?? undefined,
    department: q.department ?? undefined,
    ...engineSettings(),
  };
}

/** The expanded_query texts POST /expand would answer for this query at its defaults, over this view of the catalogue. */
export function alternativesAtDefaults(view: CatalogueView, q: ScopedQuery, resources: ExpandResources): string[] {
  return expand(view, defaultEngineRequest(q), resources).map((r) => r.expanded_query);
}

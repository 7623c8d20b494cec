/**
 * Every route the e2e tests call, written once. The typed clients use them; the few raw requests (versioned
 * paths, malformed bodies, CORS preflights) build on them too.
 */
export const ROUTES = {
  expand: '/query-expansion/expand',
  feedback: '/query-expansion/feedback',
  synonyms: '/query-expansion/synonyms',
  /** One entry; with '{synonym_id}' it is the path as the OpenAPI document names it. */
  synonym: (id: number | string) => `/query-expansion/synonyms/${id}`,
  /** One entry's audit history (curator or admin); with '{synonym_id}' it is the path as the OpenAPI document names it. */
  synonymHistory: (id: number | string) => `/query-expansion/synonyms/${id}/history`,
  /** Review at scale: one status move for many entries. */
  synonymsReview: '/query-expansion/synonyms/review',
  analytics: {
    expansion: '/query-expansion/analytics/expansion',
    synonyms: '/query-expansion/analytics/synonyms',
    report: '/query-expansion/analytics/report',
  },
  admin: {
    /** Every admin route starts with it. */
    prefix: '/query-expansion/admin',
    dashboard: '/query-expansion/admin/dashboard',
    auditLog: '/query-expansion/admin/audit-log',
    bulkImport: '/query-expansion/admin/bulk-import',
    export: '/query-expansion/admin/export',
    discoveryRun: '/query-expansion/admin/discovery/run',
    suggestions: '/query-expansion/admin/suggestions',
    simulate: '/query-expansion/admin/simulate',
    lint: '/query-expansion/admin/lint',
  },
  /** A path under the API's prefix that no controller serves. */
  unknown: '/query-expansion/nothing-here',
  health: '/health',
  docs: { json: '/docs-json', ui: '/docs/' },
} as const;

/** A route under an explicit API version: /api/v1/..., /api/v2/... */
export const versioned = (version: string, route: string): string => `/api/${version}${route}`;

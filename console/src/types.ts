// The API's answers as the console reads them (docs/API.md and the OpenAPI document at /docs-json).

export interface SynonymUse {
  term: string;
  synonym: string;
  confidence: number;
  synonym_id?: number;
  source?: string;
}

export interface ExpansionResult {
  expanded_query: string;
  expansion_type: string;
  confidence_score: number;
  relevance_score: number;
  synonyms_used: SynonymUse[];
  metadata: { expanded_token: string; synonym_count: number; form: 'substitution' | 'or' | 'combined'; alternative?: string; expansion_types?: string[]; explanation: Record<string, number | string> };
  expansion_id: string;
}

export interface ExpandResponse {
  original_query: string;
  expanded_queries: ExpansionResult[];
  expansion_metadata: { total_expansions: number; strategies_used: string[]; avg_confidence: number; processing_time_ms: number };
  success: boolean;
  expansion_id: string;
}

export interface Synonym {
  id: number;
  term: string;
  synonym: string;
  domain: string;
  confidence: number;
  relevance_score: number;
  usage_count: number;
  success_rate: number;
  status: SynonymStatus;
  source: string;
  created_by: string;
  created_at: string;
  updated_at: string;
  tags: string[];
  notes: string | null;
  context: string | null;
  user_role: string | null;
  department: string | null;
  version: number;
}

export const STATUSES = ['active', 'pending', 'rejected', 'deprecated', 'under_review'] as const;
export type SynonymStatus = (typeof STATUSES)[number];

/** The status workflow (docs/API.md, "Status workflow"): the moves PUT accepts from each status. */
export const ALLOWED_MOVES: Record<SynonymStatus, SynonymStatus[]> = {
  pending: ['active', 'rejected', 'under_review'],
  under_review: ['active', 'rejected', 'pending'],
  active: ['deprecated', 'under_review'],
  deprecated: ['active', 'under_review'],
  rejected: ['pending'],
};

export const EXPANSION_TYPES = ['synonym_expansion', 'acronym_expansion', 'abbreviation_expansion', 'domain_specific', 'contextual', 'semantic'] as const;

export interface AuditEntry {
  id: number;
  synonym_id: number;
  action: string;
  performed_by: string;
  performed_at: string;
  old_values: Record<string, unknown> | null;
  new_values: Record<string, unknown> | null;
  reason: string | null;
}

/** The list headers of GET /synonyms and GET /admin/audit-log. */
export interface Page {
  total: number;
  size: number;
  offset: number;
  hasMore: boolean;
}

export function pageFromHeaders(headers: Headers): Page {
  return {
    total: Number(headers.get('X-Total-Count') ?? 0),
    size: Number(headers.get('X-Page-Size') ?? 0),
    offset: Number(headers.get('X-Page-Offset') ?? 0),
    hasMore: headers.get('X-Has-More') === 'true',
  };
}

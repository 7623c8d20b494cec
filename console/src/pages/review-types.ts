// The curation loop's answers (docs/API.md, "Discovery and suggestions", "Review at scale", "Impact simulation").

export interface Suggestion {
  synonym_id: number;
  kind: 'reformulation' | 'ratings' | 'negative_ratings';
  term: string;
  synonym: string;
  domain: string;
  status: string | null;
  source: string | null;
  evidence: {
    distinct_users: number;
    distinct_sessions: number;
    reformulation_count: number;
    helpful_count: number;
    unhelpful_count: number;
    example_queries: { before: string; after: string }[];
    score: number;
    first_seen: string | null;
    last_seen: string | null;
  };
  proposed_at: string;
}

export interface LintFinding {
  kind: string;
  severity: string;
  entry_ids: number[];
  change_indexes: number[];
  message: string;
}

export interface Simulation {
  queries_replayed: number;
  queries_changed: number;
  share_changed: number;
  alternatives_added: number;
  alternatives_removed: number;
  examples: { query: string; count: number; before: string[]; after: string[] }[];
  lint: LintFinding[];
}

export type ReviewAction = 'approve' | 'reject' | 'under_review';

export interface ReviewAnswer {
  success: boolean;
  message: string;
  action: ReviewAction;
  target_status: string;
  counts: { requested: number; moved: number; unchanged: number; refused: number; not_found: number };
  results: { id: number; outcome: string; from?: string; to?: string; version?: number; error?: { code: string; message: string } }[];
}

export const SYNONYM_STATUSES = ['active', 'pending', 'rejected', 'deprecated', 'under_review'] as const;
export type SynonymStatus = (typeof SYNONYM_STATUSES)[number];

export const SYNONYM_SOURCES = ['manual_curation', 'user_feedback', 'ml_discovery', 'domain_expert', 'collaborative', 'external_api'] as const;
export type SynonymSource = (typeof SYNONYM_SOURCES)[number];

export const DEFAULT_DOMAIN = 'general';
export const DEFAULT_CONFIDENCE = 0.8;

/** Status moves a curator may make (docs/API.md, "Status workflow"). */
export const STATUS_TRANSITIONS: Record<SynonymStatus, readonly SynonymStatus[]> = {
  pending: ['active', 'rejected', 'under_review'],
  under_review: ['active', 'rejected', 'pending'],
  active: ['deprecated', 'under_review'],
  deprecated: ['active', 'under_review'],
  rejected: ['pending'],
};

export function canMove(from: SynonymStatus, to: SynonymStatus): boolean {
  return from === to || STATUS_TRANSITIONS[from].includes(to);
}

/**
 * The grouped rows every report section is computed from, and the period. The sections' own shapes are the
 * response DTOs (dto/analytics-responses.dto.ts), which the queries and rules return.
 */

/** Label of a group without a domain, role or department. */
export const NO_DOMAIN = 'unspecified';

export interface Period {
  start?: Date;
  end?: Date;
  domain?: string;
}

export interface EventGroup {
  day: string;
  domain: string;
  role: string;
  department: string;
  events: number;
  successful: number;
  conf: number;
  rel: number;
}

export interface FeedbackGroup {
  day: string;
  rating: number | null;
  helpful: boolean;
  n: number;
}

/** Catalogue figures the insight rules need. */
export interface CatalogueHealth {
  pending: number;
  active: number;
  weak: number;
  lowPerformerCount: number;
  lowPerformers: { id: number; term: string; synonym: string; usage: number; rate: number }[];
  zeroResultDomains: { domain: string; events: number; share: number }[];
}

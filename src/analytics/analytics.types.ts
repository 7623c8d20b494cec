/** The shapes of the analytics report's sections and of the grouped rows they are computed from. */

/** Label of a group without a domain, role or department. */
export const NO_DOMAIN = 'unspecified';

export interface Period {
  start?: Date;
  end?: Date;
  domain?: string;
}

export interface ExpansionMetrics {
  total_expansions: number;
  successful_expansions: number;
  success_rate: number;
  average_confidence: number;
  average_relevance: number;
  domain_breakdown: Record<string, number>;
  user_satisfaction: number;
  expansion_quality_score: number;
}

export interface SynonymMetrics {
  total_synonyms: number;
  active_synonyms: number;
  popular_synonyms: { term: string; synonym: string; domain: string; usage_count: number; success_rate: number; confidence: number }[];
  domain_distribution: Record<string, number>;
  source_breakdown: Record<string, number>;
  confidence_distribution: { high: number; medium: number; low: number };
  usage_frequency: { '0': number; '1-10': number; '11-50': number; '51+': number };
  success_rates: Record<string, number>;
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

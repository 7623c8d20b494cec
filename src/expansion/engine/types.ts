/**
 * Public types of the pure query-expansion engine (no framework imports).
 */
export const EXPANSION_TYPES = [
  'synonym_expansion',
  'acronym_expansion',
  'abbreviation_expansion',
  'domain_specific',
  'contextual',
  'semantic',
] as const;
export type ExpansionType = (typeof EXPANSION_TYPES)[number];

export interface CatalogueEntry {
  id: number;
  term: string;
  synonym: string;
  domain: string | null;
  /** effective confidence 0..1 */
  confidence: number;
  userRole: string | null;
  department: string | null;
  context: string | null;
  tags: string[];
  successRate?: number;
  usageCount?: number;
}

export interface ExpansionRequest {
  query: string;
  userRole?: string;
  department?: string;
  domain?: string;
  conversationHistory?: unknown[];
  availableDocuments?: unknown[];
  userPreferences?: Record<string, unknown>;
  enabledStrategies?: ExpansionType[];
  maxExpansions: number;
  confidenceThreshold: number;
  /** threshold for curated catalogue entries when it differs (their confidence is the curator's, not calibrated) */
  catalogueThreshold?: number;
  /** one result joining every accepted alternative with the original wording (default true) */
  includeCombined?: boolean;
  /** also a per-span OR result after each substitution (default false) */
  includeOrForm?: boolean;
}

export const SOURCE_KINDS = ['catalogue', 'acronym_lexicon', 'abbreviation_lexicon', 'thesaurus', 'spelling', 'pattern', 'wordnet', 'context'] as const;
export type SynonymSourceKind = (typeof SOURCE_KINDS)[number];

export interface SynonymUse {
  term: string;
  synonym: string;
  confidence: number;
  /** catalogue id when from the catalogue */
  synonym_id?: number;
  source?: SynonymSourceKind;
}

export interface EngineResult {
  expanded_query: string;
  expansion_type: ExpansionType;
  confidence_score: number;
  relevance_score: number;
  synonyms_used: SynonymUse[];
  metadata: {
    expanded_token: string;
    synonym_count: number;
    form: 'substitution' | 'or' | 'combined';
    /** the alternative as shown in expanded_query (inflected like the query word); not on the combined result */
    alternative?: string;
    /** on the combined result: the types of every alternative it joins (expansion_type names the best one) */
    expansion_types?: ExpansionType[];
    explanation: Record<string, number | string>;
  };
}

export type LexiconDomain = 'technical' | 'business' | 'general';

/** One meaning of an acronym or abbreviation in a built-in lexicon. */
export interface LexiconSense {
  expansion: string;
  domain: LexiconDomain;
  context_words?: string[];
}

/** A lexicon key (as written in the data file) and its senses, most common first. */
export interface LexiconEntry {
  key: string;
  senses: LexiconSense[];
}

/** Lexicon keyed by the canonical (normalised, singularised) form of the key. */
export type LexiconMap = Map<string, LexiconEntry>;

export interface Lexicons {
  acronyms: LexiconMap;
  abbreviations: LexiconMap;
}

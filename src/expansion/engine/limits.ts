/** Hard limits that bound the work done for one request (pathological-query guards). */
export const LIMITS = {
  /** Queries longer than this are truncated (at a token boundary) before matching. */
  MAX_QUERY_CHARS: 1000,
  /** Only the first N tokens of a query are considered for matching. */
  MAX_QUERY_TOKENS: 128,
  /** Longest catalogue phrase (in tokens) that can be matched; longer terms are stored but not matchable. */
  MAX_PHRASE_TOKENS: 8,
  /** Postings examined per matched phrase (postings are kept sorted by confidence, best first). */
  MAX_POSTINGS_SCAN: 256,
  /** Eligible catalogue entries kept per matched phrase. */
  MAX_MATCHES_PER_SPAN: 8,
  /** Matched spans (catalogue + lexicon + WordNet) used per request. */
  MAX_SPANS: 48,
  /** Candidates generated per request across all strategies. */
  MAX_CANDIDATES: 600,
  /** Results returned at most, whatever maxExpansions says. */
  MAX_RESULTS: 100,
  /** Context extraction: recursion depth, number of strings and total characters read. */
  MAX_CONTEXT_DEPTH: 4,
  MAX_CONTEXT_STRINGS: 256,
  MAX_CONTEXT_CHARS: 20000,
  /** Alternatives joined in the combined OR query. */
  MAX_COMBINED_ALTERNATIVES: 24,
} as const;

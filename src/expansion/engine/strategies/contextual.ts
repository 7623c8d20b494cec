import type { Strategy } from './types';

/**
 * contextual: definitions read from the conversation or documents, and any alternative that the context
 * supports (its words or its sense's context words occur there) or that contains a preferred term.
 */
export const contextualStrategy: Strategy = {
  sources: ['catalogue', 'acronyms', 'abbreviations', 'thesaurus', 'spelling', 'patterns', 'context', 'wordnet'],
  accepts: (c) => c.source === 'context' || c.contextHits > 0 || c.preferred,
};

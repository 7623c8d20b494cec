import type { Strategy } from './types';

/** semantic: WordNet synonyms of words no other source understood. */
export const semanticStrategy: Strategy = {
  sources: ['wordnet'],
  accepts: (c) => c.source === 'wordnet',
};

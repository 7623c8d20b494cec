import type { Strategy } from './types';

/** domain_specific: catalogue, lexicon and thesaurus alternatives whose domain serves the request's. */
export const domainStrategy: Strategy = {
  sources: ['catalogue', 'acronyms', 'abbreviations', 'thesaurus'],
  accepts: (c) => c.domainMatch === 1 && c.source !== 'wordnet' && c.source !== 'context',
};

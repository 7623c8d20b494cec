import type { Strategy } from './types';

/** synonym_expansion: curated catalogue synonyms and the enterprise thesaurus. */
export const synonymStrategy: Strategy = {
  sources: ['catalogue', 'thesaurus'],
  accepts: (c) => c.kind === 'synonym' && (c.source === 'catalogue' || c.source === 'thesaurus'),
};

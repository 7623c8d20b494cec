import type { Strategy } from './types';

/** synonym_expansion: curated catalogue synonyms, the enterprise thesaurus and British/American spellings. */
export const synonymStrategy: Strategy = {
  sources: ['catalogue', 'thesaurus', 'spelling'],
  accepts: (c) => c.kind === 'synonym' && (c.source === 'catalogue' || c.source === 'thesaurus' || c.source === 'spelling'),
};

import type { Strategy } from './types';

/** synonym_expansion: curated catalogue synonyms, the enterprise thesaurus, spellings and number formats. */
export const synonymStrategy: Strategy = {
  sources: ['catalogue', 'thesaurus', 'spelling', 'patterns'],
  accepts: (c) => c.kind === 'synonym' && (c.source === 'catalogue' || c.source === 'thesaurus' || c.source === 'spelling' || c.source === 'pattern'),
};

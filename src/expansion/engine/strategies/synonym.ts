import type { Strategy } from './types';

/**
 * synonym_expansion: curated catalogue synonyms, the enterprise thesaurus, spellings and number formats; the acronym
 * lexicon runs too, for the thesaurus wordings of an acronym's expansion (its own candidates are typed acronym_expansion).
 */
export const synonymStrategy: Strategy = {
  sources: ['catalogue', 'acronyms', 'thesaurus', 'spelling', 'patterns'],
  accepts: (c) => c.kind === 'synonym' && (c.source === 'catalogue' || c.source === 'thesaurus' || c.source === 'spelling' || c.source === 'pattern'),
};

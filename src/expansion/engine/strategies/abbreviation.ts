import type { Strategy } from './types';

/** abbreviation_expansion: the abbreviation lexicon and catalogue abbreviations. */
export const abbreviationStrategy: Strategy = {
  sources: ['catalogue', 'abbreviations'],
  accepts: (c) => c.kind === 'abbreviation',
};

import type { Strategy } from './types';

/** acronym_expansion: the acronym lexicon (senses ranked by domain and context), period codes and catalogue acronyms. */
export const acronymStrategy: Strategy = {
  sources: ['catalogue', 'acronyms'],
  accepts: (c) => c.kind === 'acronym' && c.source !== 'context',
};

import type { ExpansionType } from '../types';
import { abbreviationStrategy } from './abbreviation';
import { acronymStrategy } from './acronym';
import { contextualStrategy } from './contextual';
import { domainStrategy } from './domain';
import { semanticStrategy } from './semantic';
import { synonymStrategy } from './synonym';
import type { Strategy } from './types';

export type { Strategy } from './types';

/** Every expansion type's strategy: a new type in EXPANSION_TYPES does not compile until it is registered here. */
export const STRATEGIES: Record<ExpansionType, Strategy> = {
  synonym_expansion: synonymStrategy,
  acronym_expansion: acronymStrategy,
  abbreviation_expansion: abbreviationStrategy,
  domain_specific: domainStrategy,
  contextual: contextualStrategy,
  semantic: semanticStrategy,
};

/** How specific each type's explanation is (lower first): a candidate takes the most specific enabled type that accepts it. */
const SPECIFICITY: Record<ExpansionType, number> = {
  contextual: 0,
  domain_specific: 1,
  acronym_expansion: 2,
  abbreviation_expansion: 3,
  synonym_expansion: 4,
  semantic: 5,
};
export const TYPE_PRIORITY: readonly ExpansionType[] = (Object.keys(SPECIFICITY) as ExpansionType[]).sort((a, b) => SPECIFICITY[a] - SPECIFICITY[b]);

export { abbreviationStrategy, acronymStrategy, contextualStrategy, domainStrategy, semanticStrategy, synonymStrategy };

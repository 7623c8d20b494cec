import { StrategyContext } from '../candidates';
import { Candidate } from '../scoring';
import { ExpansionType } from '../types';
import { abbreviationStrategy } from './abbreviation';
import { acronymStrategy } from './acronym';
import { contextualStrategy } from './contextual';
import { domainStrategy } from './domain';
import { semanticStrategy } from './semantic';
import { synonymStrategy } from './synonym';

export type Strategy = (ctx: StrategyContext) => Candidate[];

export const STRATEGIES: Record<ExpansionType, Strategy> = {
  synonym_expansion: synonymStrategy,
  acronym_expansion: acronymStrategy,
  abbreviation_expansion: abbreviationStrategy,
  domain_specific: domainStrategy,
  contextual: contextualStrategy,
  semantic: semanticStrategy,
};

export { abbreviationStrategy, acronymStrategy, contextualStrategy, domainStrategy, semanticStrategy, synonymStrategy };

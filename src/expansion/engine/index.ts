/**
 * Pure query-expansion engine (no framework imports). See docs/EXPANSION.md.
 */
export * from './types';
export * from './limits';
export * from './normalize';
export * from './lexicon';
export * from './expansion-index';
export * from './wordnet';
export * from './context';
export * from './analysis';
export * from './calibration';
export * from './candidates';
export * from './domains';
export * from './query-syntax';
export * from './sources';
export * from './thesaurus';
export * from './scoring';
export * from './strategies';
export * from './expand';
export * from './learning';
export * from './index-overlay';

import { matchCatalogue } from './catalogue';
import { matchContext } from './context';
import { matchAbbreviations, matchAcronyms } from './lexicons';
import { matchPatterns } from './patterns';
import { matchSpelling } from './spelling';
import { matchThesaurus } from './thesaurus';
import type { Matcher, SourceName } from './types';
import { matchWordNet } from './wordnet';

export * from './types';
export * from './units';
export { CATALOGUE_MATCH_FACTOR } from './catalogue';
export { contextDefinitions, CONTEXT_DEFINITION_SCORE } from './context';
export { ACRONYM_FEATURES, LEXICON_CASE_FACTOR, LEXICON_PRIOR } from './lexicons';
export { PATTERN_SCORE } from './patterns';
export { CLOSED_COMPOUND_SCORE, SPELLING_SCORE } from './spelling';
export { THESAURUS_FEATURES, THESAURUS_SCORE } from './thesaurus';
export { WORDNET_SCORE } from './wordnet';

/**
 * Every source after the catalogue, by name (the catalogue runs first, on its own, because its phrases
 * become units). Adding a source: a file in this folder, its name in SOURCE_NAMES, one line here.
 */
export const MATCHERS: Record<Exclude<SourceName, 'catalogue'>, Matcher> = {
  acronyms: matchAcronyms,
  abbreviations: matchAbbreviations,
  thesaurus: matchThesaurus,
  spelling: matchSpelling,
  patterns: matchPatterns,
  context: matchContext,
  wordnet: matchWordNet,
};

export { matchCatalogue, matchAbbreviations, matchAcronyms, matchContext, matchPatterns, matchSpelling, matchThesaurus, matchWordNet };

import type { QueryAnalysis } from '../analysis';
import type { LogisticModel } from '../calibration';
import type { CandidateBuilder } from '../candidates';
import type { CatalogueView } from '../expansion-index';
import type { Thesaurus } from '../thesaurus';
import type { ExpansionRequest } from '../types';
import type { WordNetIndex } from '../wordnet';

/** The sources of alternatives, in the order they run (earlier sources claim compounds first). */
export const SOURCE_NAMES = ['catalogue', 'acronyms', 'abbreviations', 'thesaurus', 'spelling', 'patterns', 'context', 'wordnet'] as const;
export type SourceName = (typeof SOURCE_NAMES)[number];

/** A unit of the query: one word, or a compound / multi-word expression never split into its parts. */
export interface Unit {
  tokStart: number;
  tokEnd: number;
  /**
   * a listed compound inside a longer listed one ("non-disclosure agreement" in "mutual non-disclosure
   * agreement"): the thesaurus and the acronym long forms look it up too; it is never split further
   */
  nested?: true;
}

/** What every matcher reads; matchers add candidates through `builder`. */
export interface MatchState {
  index: CatalogueView;
  request: ExpansionRequest;
  analysis: QueryAnalysis;
  builder: CandidateBuilder;
  /** units of the query, filled after the catalogue matcher (which claims its own phrases) */
  units: Unit[];
  /** the catalogue's own phrases among them */
  catalogueUnits: Unit[];
  /** raw strings of the conversation and documents (bounded), for the context source */
  contextStrings: string[];
  wordnet?: WordNetIndex;
  thesaurus?: Thesaurus;
  /** learnt weights of the thesaurus's features (calibration table), when fitted */
  thesaurusModel?: LogisticModel;
  /** learnt weights of the acronym lexicon's features, when fitted */
  acronymModel?: LogisticModel;
}

/** A source: proposes alternatives for the units it understands. */
export type Matcher = (state: MatchState) => void;

import type { QueryAnalysis } from './analysis';
import { judgmentsApply, judgmentsOf, setRecord, type CalibrationTable } from './calibration';
import { containsPhrase, type Preferences } from './context';
import { domainMatchOf } from './domains';
import { canonicalKey, STOPWORDS, tokenize } from './normalize';
import { pairKey, type PairStatsLookup } from './learning';
import type { SynonymSourceKind } from './types';

/** A stretch of the query treated as one unit: a word, or a compound / multi-word expression. */
export interface MatchSpan {
  tokStart: number;
  tokEnd: number;
  charStart: number;
  charEnd: number;
  /** the query text as written */
  surface: string;
  /** normalised tokens joined */
  norm: string;
}

export type CandidateKind = 'synonym' | 'acronym' | 'abbreviation' | 'semantic';

/** One alternative for one span, as a source proposes it (before typing, calibration and ranking). */
export interface Candidate {
  span: MatchSpan;
  /** the alternative as shown (inflected like the query word) */
  replacement: string;
  replacementNorm: string;
  kind: CandidateKind;
  source: SynonymSourceKind;
  /** the source's own score before calibration (catalogue: the entry's learnt confidence) */
  raw: number;
  /** 1 the entry's domain serves the request's, -1 an unrelated specific domain, 0 neutral */
  domainMatch: -1 | 0 | 1;
  domain: string | null;
  /** the entry is restricted to the request's role and/or department */
  scoped: boolean;
  /** distinct context words supporting this alternative */
  contextHits: number;
  /** the alternative contains one of the user's preferred terms */
  preferred: boolean;
  /** SynonymUse.term / synonym: the pair as stored (lemma forms) */
  useTerm: string;
  useSynonym: string;
  synonymId?: number;
  success: { rate: number; usage: number } | null;
  /** the source's reasons, shown in metadata.explanation */
  features: Record<string, number | string>;
  /** the thesaurus set whose members the pair are (thesaurusSetKey; not for a pair chained from an acronym) */
  set?: string;
}

export type CandidateInput = Omit<Candidate, 'span' | 'replacement' | 'replacementNorm' | 'domainMatch' | 'preferred' | 'contextHits'> & {
  domainMatch?: -1 | 0 | 1;
  contextHits?: number;
};

/**
 * Shared by every matcher: spans over the analysed query, and one admission path for candidates (not
 * the span itself, not already in the query, never an excluded term; one candidate per span and
 * alternative, the better source score kept).
 */
export class CandidateBuilder {
  readonly candidates: Candidate[] = [];
  private readonly byKey = new Map<string, number>();
  private readonly excludedCanon: string[];
  readonly queryNorm: string;

  /**
   * Per source, the lowest source score that can pass the request's threshold, and the ratings that could
   * still lift a lower one: set by expand() so hopeless candidates cost nothing.
   */
  floors: Partial<Record<SynonymSourceKind, number>> = {};
  pairStats?: PairStatsLookup;
  /** judgments of pairs in the judged set: a pair judged good somewhere may still be lifted over the floor */
  calibration?: CalibrationTable;

  constructor(
    readonly analysis: QueryAnalysis,
    readonly domain: string | undefined,
    readonly prefs: Preferences,
    readonly contextWords: ReadonlySet<string>,
    private readonly maxCandidates: number,
  ) {
    this.queryNorm = analysis.tokens.map((t) => t.norm).join(' ');
    this.excludedCanon = prefs.excluded.map((e) => canonicalKey(e.split(' ')));
  }

  span(a: number, b: number): MatchSpan {
    const t = this.analysis.tokens;
    return {
      tokStart: a,
      tokEnd: b,
      charStart: t[a].start,
      charEnd: t[b - 1].end,
      surface: this.analysis.text.slice(t[a].start, t[b - 1].end),
      norm: t
        .slice(a, b)
        .map((x) => x.norm)
        .join(' '),
    };
  }

  get full(): boolean {
    return this.candidates.length >= this.maxCandidates;
  }

  /** Context words (of the conversation, documents, query and `extra`) supporting an alternative. */
  contextHitsOf(span: MatchSpan, words: readonly string[], extra?: readonly string[]): number {
    const own = new Set(span.norm.split(' '));
    const seen = new Set<string>();
    for (const list of [words, extra ?? []]) {
      for (const w of list) if (w.length > 2 && !STOPWORDS.has(w) && !own.has(w) && this.contextWords.has(w)) seen.add(w);
    }
    return seen.size;
  }

  /**
   * True when a candidate with at most this source score cannot pass the threshold: below the floor only
   * ratings (pair statistics) or judgments (of the pair, or of its thesaurus set `setKey`) could lift it, and
   * catalogue entries learn per entry, not per pair.
   */
  hopeless(source: SynonymSourceKind, raw: number, term: string, alternative: string, features: Readonly<Record<string, unknown>>, setKey?: string): boolean {
    const floor = this.floors[source];
    if (floor === undefined || raw >= floor - 1e-6) return false;
    if (source === 'catalogue') return true;
    if (this.pairStats?.get(pairKey(term, alternative, this.domain))) return false;
    if (!judgmentsApply(features)) return true;
    if ((judgmentsOf(this.calibration, term, alternative)?.[0] ?? 0) > 0) return false;
    return !((setRecord(this.calibration, setKey)?.[0] ?? 0) > 0 && (this.calibration?.judged_sets?.weight ?? 0) > 0);
  }

  /** Admits a candidate; false when refused. */
  add(span: MatchSpan, written: string, input: CandidateInput): boolean {
    if (this.full) return false;
    if (this.hopeless(input.source, input.raw, input.useTerm, input.useSynonym, input.features, input.set)) return false;
    const toks = tokenize(written);
    if (toks.length === 0) return false;
    const rn = toks.join(' ');
    if (rn === span.norm || canonicalKey(toks) === canonicalKey(span.norm.split(' '))) return false;
    if (containsPhrase(this.queryNorm, rn)) return false; // already said in the query
    if (this.prefs.excluded.length) {
      const rc = canonicalKey(toks);
      for (let i = 0; i < this.prefs.excluded.length; i++) {
        if (containsPhrase(rn, this.prefs.excluded[i]) || containsPhrase(rc, this.excludedCanon[i])) return false;
      }
    }
    // one literal in one property order: every candidate shares a shape (a spread here costs microseconds)
    const candidate: Candidate = {
      span,
      replacement: writtenLikeSpan(written, span.surface),
      replacementNorm: rn,
      kind: input.kind,
      source: input.source,
      raw: input.raw,
      domainMatch: input.domainMatch ?? domainMatchOf(input.domain, this.domain),
      domain: input.domain,
      scoped: input.scoped,
      contextHits: input.contextHits ?? this.contextHitsOf(span, toks),
      preferred: this.prefs.preferred.some((p) => containsPhrase(rn, p)),
      useTerm: input.useTerm,
      useSynonym: input.useSynonym,
      synonymId: input.synonymId,
      success: input.success,
      features: input.features,
      set: input.set,
    };
    const key = `${span.tokStart}:${span.tokEnd}:${rn}`;
    const at = this.byKey.get(key);
    if (at !== undefined) {
      // the same alternative from two sources: a curated catalogue entry wins (its ratings are tracked by id);
      // otherwise the higher source score
      const held = this.candidates[at];
      const heldWins = held.source === 'catalogue' ? candidate.source !== 'catalogue' || held.raw >= candidate.raw : candidate.source !== 'catalogue' && held.raw >= candidate.raw;
      if (heldWins) return false;
      this.candidates[at] = candidate;
      return true;
    }
    this.byKey.set(key, this.candidates.length);
    this.candidates.push(candidate);
    return true;
  }

  /** Spans that already have a candidate. */
  hasCandidateFor(a: number, b: number): boolean {
    return this.candidates.some((c) => c.span.tokStart < b && a < c.span.tokEnd);
  }
}

/**
 * The replacement with each lower-case word that the span also has written as the query writes it: data is stored in
 * lower case, so "SLA breach" -> "sla violation" is shown as "SLA violation".
 */
export function writtenLikeSpan(replacement: string, surface: string): string {
  if (surface === surface.toLowerCase()) return replacement;
  const asWritten = new Map<string, string>();
  for (const w of surface.split(/\s+/)) if (w !== w.toLowerCase()) asWritten.set(w.toLowerCase(), w);
  return replacement
    .split(' ')
    .map((w) => asWritten.get(w) ?? w)
    .join(' ');
}

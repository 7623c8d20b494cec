import { agreeArticle, analyse, retagInitialNoun, sameWord, warmFrequencies, warmSpellings, warmTagger } from './analysis';
import type { CalibrationTable } from './calibration';
import { defaultCalibration, minScoreFor } from './calibration';
import { CandidateBuilder } from './candidates';
import { collectStrings, contextWordsOf, preferencesOf } from './context';
import { requestDomainOf } from './domains';
import type { CatalogueView } from './expansion-index';
import type { PairStatsLookup } from './learning';
import { LIMITS } from './limits';
import { luceneGroup, luceneText } from './query-syntax';
import { explain, scoreCandidate, type ScoredCandidate } from './scoring';
import { detectUnits, MATCHERS, matchCatalogue, SOURCE_NAMES, type MatchState, type SourceName } from './sources';
import { STRATEGIES, TYPE_PRIORITY } from './strategies';
import { normalize, STOPWORDS } from './normalize';
import { defaultThesaurus, nounOnly, type Thesaurus } from './thesaurus';
import { EngineResult, EXPANSION_TYPES, ExpansionRequest, ExpansionType, SOURCE_KINDS } from './types';
import type { WordNetIndex } from './wordnet';

export interface ExpandResources {
  wordnet?: WordNetIndex;
  /** the enterprise thesaurus (a source, and the lexicon of retagInitialNoun); the built-in one when absent, none when null */
  thesaurus?: Thesaurus | null;
  pairStats?: PairStatsLookup;
  /** the calibration table; the shipped one when absent */
  calibration?: CalibrationTable;
}

/** Alternatives a span gets before every other span has had its own, best first: more would crowd out the other words of the query. */
export const MAX_ALTERNATIVES_PER_SPAN = 3;

const TYPE_ORDER: Record<ExpansionType, number> = Object.fromEntries(EXPANSION_TYPES.map((t, i) => [t, i])) as Record<ExpansionType, number>;

/** Strategies to run: all six when none (or an empty list) are given; unknown names are ignored. */
export function enabledStrategiesOf(req: Pick<ExpansionRequest, 'enabledStrategies'>): ExpansionType[] {
  const e = req.enabledStrategies;
  if (!Array.isArray(e) || e.length === 0) return [...EXPANSION_TYPES];
  return EXPANSION_TYPES.filter((t) => e.includes(t));
}

/** Truncates to LIMITS.MAX_QUERY_CHARS without cutting a word in two. */
export function truncateQuery(q: string): string {
  if (q.length <= LIMITS.MAX_QUERY_CHARS) return q;
  let cut = q.slice(0, LIMITS.MAX_QUERY_CHARS);
  const ws = cut.search(/\s\S*$/);
  if (ws > 0 && /\S/.test(q[LIMITS.MAX_QUERY_CHARS])) cut = cut.slice(0, ws);
  return cut;
}

const collapse = (s: string): string => s.replace(/\s+/g, ' ').trim();
const r4 = (x: number) => Math.round(x * 10000) / 10000;

function use(s: ScoredCandidate) {
  const c = s.c;
  return {
    term: c.useTerm,
    synonym: c.useSynonym,
    confidence: r4(s.confidence),
    ...(c.synonymId !== undefined ? { synonym_id: c.synonymId } : {}),
    source: c.source,
  };
}

function substitution(text: string, s: ScoredCandidate): EngineResult {
  const sp = s.c.span;
  return {
    expanded_query: collapse(agreeArticle(text.slice(0, sp.charStart), sp.surface, s.c.replacement) + s.c.replacement + text.slice(sp.charEnd)),
    expansion_type: s.type,
    confidence_score: r4(s.confidence),
    relevance_score: r4(s.relevance),
    synonyms_used: [use(s)],
    metadata: { expanded_token: sp.surface, synonym_count: 1, form: 'substitution', alternative: s.c.replacement, explanation: explain(s) },
  };
}

/** The query with some spans replaced by OR groups; the rest of the text made safe for a Lucene parser. */
function orQuery(text: string, groups: { start: number; end: number; surface: string; alternatives: string[] }[]): string {
  let out = '';
  let at = 0;
  for (const g of [...groups].sort((a, b) => a.start - b.start)) {
    out += luceneText(text.slice(at, g.start)) + luceneGroup(g.surface, g.alternatives);
    at = g.end;
  }
  return collapse(out + luceneText(text.slice(at)));
}

function orForm(text: string, s: ScoredCandidate): EngineResult {
  const sp = s.c.span;
  return {
    ...substitution(text, s),
    expanded_query: orQuery(text, [{ start: sp.charStart, end: sp.charEnd, surface: sp.surface, alternatives: [s.c.replacement] }]),
    metadata: { expanded_token: sp.surface, synonym_count: 1, form: 'or', alternative: s.c.replacement, explanation: explain(s) },
  };
}

/** One result joining every accepted alternative of every span with the original wording. */
function combined(text: string, candidates: ScoredCandidate[]): EngineResult {
  // spans can overlap ("data center" and its word "center"): the best-scored spans win, a span overlapping one
  // already taken is left out, so every word of the query appears once (candidates come best first)
  const taken: { start: number; end: number }[] = [];
  const accepted = candidates.filter((s) => {
    const sp = s.c.span;
    const same = taken.find((t) => t.start === sp.charStart && t.end === sp.charEnd);
    if (same) return true;
    if (taken.some((t) => t.start < sp.charEnd && sp.charStart < t.end)) return false;
    taken.push({ start: sp.charStart, end: sp.charEnd });
    return true;
  });
  const bySpan = new Map<string, ScoredCandidate[]>();
  for (const s of accepted) {
    const k = `${s.c.span.charStart}:${s.c.span.charEnd}`;
    const list = bySpan.get(k) ?? [];
    list.push(s);
    bySpan.set(k, list);
  }
  const groups = [...bySpan.values()].map((list) => ({
    start: list[0].c.span.charStart,
    end: list[0].c.span.charEnd,
    surface: list[0].c.span.surface,
    alternatives: list.map((s) => s.c.replacement),
  }));
  groups.sort((a, b) => a.start - b.start);
  const best = accepted[0];
  const mean = (f: (s: ScoredCandidate) => number) => accepted.reduce((a, s) => a + f(s), 0) / accepted.length;
  return {
    expanded_query: orQuery(text, groups),
    expansion_type: best.type,
    confidence_score: r4(mean((s) => s.confidence)),
    relevance_score: r4(mean((s) => s.relevance)),
    synonyms_used: accepted.map(use),
    metadata: {
      expanded_token: groups.map((g) => g.surface).join(', '),
      synonym_count: accepted.length,
      form: 'combined',
      explanation: { alternatives: accepted.length, spans: groups.length, confidence: 'mean of the alternatives', syntax: 'lucene' },
      expansion_types: [...new Set(accepted.map((s) => s.type))],
    },
  };
}

/**
 * Whether the replacement would repeat the word beside its span, in any inflection or spelling ("holiday leave
 * request": holiday -> "annual leave" would read "annual leave leave request"; "A/B test" -> "A/B testing test", "GPL
 * license" -> "general public licence license"): such a seam is never what the searcher meant, so the candidate is
 * dropped.
 */
function repeatsNeighbour(tokens: readonly { norm: string }[], s: ScoredCandidate): boolean {
  const words = normalize(s.c.replacement).split(' ');
  const after = tokens[s.c.span.tokEnd];
  const before = s.c.span.tokStart > 0 ? tokens[s.c.span.tokStart - 1] : undefined;
  return (after !== undefined && sameWord(words[words.length - 1], after.norm)) || (before !== undefined && sameWord(words[0], before.norm));
}

/** score desc, confidence desc, strategy order, position in query, replacement text */
function compare(a: ScoredCandidate, b: ScoredCandidate): number {
  return (
    b.score - a.score ||
    b.confidence - a.confidence ||
    TYPE_ORDER[a.type] - TYPE_ORDER[b.type] ||
    a.c.span.charStart - b.c.span.charStart ||
    a.c.span.charEnd - b.c.span.charEnd ||
    (a.c.replacement < b.c.replacement ? -1 : a.c.replacement > b.c.replacement ? 1 : 0)
  );
}

/**
 * Expands a query (docs/EXPANSION.md): analyse once; the enabled strategies' sources propose candidates
 * for the units they understand; each candidate takes its most specific enabled type, a calibrated
 * confidence and a relevance; those below confidenceThreshold are dropped; distinct alternatives best
 * first (MAX_ALTERNATIVES_PER_SPAN per span before any span's further ones), preceded by one combined OR query when there is room.
 */
export function expand(index: CatalogueView, request: ExpansionRequest, resources: ExpandResources = {}): EngineResult[] {
  const max = Number.isFinite(request.maxExpansions) ? Math.min(Math.floor(request.maxExpansions), LIMITS.MAX_RESULTS) : 10;
  if (max <= 0 || typeof request.query !== 'string' || request.query.trim() === '') return [];
  const threshold = Number.isFinite(request.confidenceThreshold) ? request.confidenceThreshold : 0;
  const catalogueThreshold = request.catalogueThreshold !== undefined && Number.isFinite(request.catalogueThreshold) ? request.catalogueThreshold : threshold;
  const enabled = enabledStrategiesOf(request);
  if (enabled.length === 0) return [];
  const needed = new Set<SourceName>(enabled.flatMap((t) => STRATEGIES[t].sources));

  const analysis = analyse(truncateQuery(request.query));
  if (analysis.tokens.length === 0) return [];
  const thesaurus = resources.thesaurus === null ? undefined : (resources.thesaurus ?? defaultThesaurus());
  if (thesaurus) retagInitialNoun(analysis, (lemma) => nounOnly(thesaurus, lemma));
  const domain = requestDomainOf(request.domain);
  const prefs = preferencesOf(request.userPreferences);
  const contextWords = contextWordsOf(request);
  for (const t of analysis.tokens) {
    if (t.norm.length >= 2 && !STOPWORDS.has(t.norm)) {
      contextWords.add(t.norm);
      contextWords.add(t.lemma);
    }
  }
  const builder = new CandidateBuilder(analysis, domain, prefs, contextWords, LIMITS.MAX_CANDIDATES);
  const calibration = resources.calibration ?? defaultCalibration();
  if (threshold > 0 || catalogueThreshold > 0) {
    for (const source of SOURCE_KINDS) builder.floors[source] = minScoreFor(calibration, source, source === 'catalogue' ? catalogueThreshold : threshold);
    builder.pairStats = resources.pairStats;
    builder.calibration = calibration;
  }
  const contextStrings: string[] = [];
  if (needed.has('context')) {
    const budget = { strings: LIMITS.MAX_CONTEXT_STRINGS, chars: LIMITS.MAX_CONTEXT_CHARS };
    if (Array.isArray(request.conversationHistory)) collectStrings(request.conversationHistory, contextStrings, budget);
    if (Array.isArray(request.availableDocuments)) collectStrings(request.availableDocuments, contextStrings, budget);
  }
  const state: MatchState = {
    index,
    request,
    analysis,
    builder,
    units: [],
    catalogueUnits: [],
    contextStrings,
    wordnet: resources.wordnet,
    thesaurus,
    thesaurusModel: calibration.thesaurus_model,
    acronymModel: calibration.acronym_model,
  };
  state.catalogueUnits = needed.has('catalogue') ? matchCatalogue(state) : [];
  state.units = detectUnits(state, state.catalogueUnits);
  for (const name of SOURCE_NAMES) if (name !== 'catalogue' && needed.has(name)) MATCHERS[name](state);
  if (builder.candidates.length === 0) return [];

  const scoring = { calibration, pairStats: resources.pairStats, prefs, domain };
  const scored: ScoredCandidate[] = [];
  for (const c of builder.candidates) {
    const type = TYPE_PRIORITY.find((t) => enabled.includes(t) && STRATEGIES[t].accepts(c));
    if (!type) continue;
    const s = scoreCandidate(c, type, scoring);
    // compared as shown (four decimals): a curator's 0.9, held as a 32-bit float, is 0.9 and passes 0.9
    if (r4(s.confidence) >= (c.source === 'catalogue' ? catalogueThreshold : threshold)) scored.push(s);
  }
  scored.sort(compare);
  const perSpan = new Map<string, number>();
  const seen = new Set<string>();
  // distinct alternatives: one per span and (case-insensitive) wording, at most MAX_ALTERNATIVES_PER_SPAN per span
  // first, so one span does not crowd out the others; then, while results are still wanted, the further ones of
  // a span that passed the threshold (max_expansions returns that many when that many pass)
  const accepted: ScoredCandidate[] = [];
  const beyondCap: ScoredCandidate[] = [];
  for (const s of scored) {
    if (accepted.length >= LIMITS.MAX_COMBINED_ALTERNATIVES && accepted.length >= max) break;
    const k = `${s.c.span.tokStart}:${s.c.span.tokEnd}`;
    const key = `${k}:${s.c.replacement.toLowerCase()}`;
    if (seen.has(key) || repeatsNeighbour(analysis.tokens, s)) continue;
    seen.add(key);
    if ((perSpan.get(k) ?? 0) >= MAX_ALTERNATIVES_PER_SPAN) {
      beyondCap.push(s);
      continue;
    }
    perSpan.set(k, (perSpan.get(k) ?? 0) + 1);
    accepted.push(s);
  }
  for (let i = 0; i < beyondCap.length && accepted.length < max; i++) accepted.push(beyondCap[i]);
  if (accepted.length === 0) return [];
  const out: EngineResult[] = [];
  // one result per distinct query text: "data centre" from a spelling and from a compound is shown once, and a
  // per-span OR result identical to the combined one is not repeated
  const texts = new Set<string>();
  const push = (r: EngineResult) => {
    const key = r.expanded_query.toLowerCase();
    if (texts.has(key)) return;
    texts.add(key);
    out.push(r);
  };
  const withCombined = request.includeCombined !== false && max >= 2;
  if (withCombined) push(combined(analysis.text, accepted.slice(0, LIMITS.MAX_COMBINED_ALTERNATIVES)));
  for (let i = 0; i < accepted.length && out.length < max; i++) {
    push(substitution(analysis.text, accepted[i]));
    if (request.includeOrForm === true && out.length < max) push(orForm(analysis.text, accepted[i]));
  }
  return out;
}



/** Loads the tagger model, frequency and spelling lists, thesaurus and calibration now, not on the first query. */
export function warmEngine(): void {
  warmTagger();
  warmFrequencies();
  warmSpellings();
  defaultThesaurus();
  defaultCalibration();
}

import { contextWordsOf, containsPhrase, Preferences, preferencesOf } from './context';
import { ExpansionIndex, FLAG_ABBREVIATION, FLAG_ACRONYM, FLAG_USED } from './expansion-index';
import { CompiledLexiconEntry, rankSenses } from './lexicon';
import { LIMITS } from './limits';
import { canonicalKey, canonicalToken, prepare, STOPWORDS, tokenize, tokenSpans } from './normalize';
import { ExpansionRequest, LexiconMap, SynonymSourceKind } from './types';
import { WordNetIndex } from './wordnet';

/** Lexicon priors (confidence of the best sense before strategy weighting). */
export const LEXICON_PRIOR = { acronym: 0.9, abbreviation: 0.85 } as const;
/** Match factors applied to a source's prior. */
export const MATCH_FACTOR = {
  exact: 1,
  /** query phrase differs from the stored phrase only by plural/singular inflection */
  inflected: 0.95,
  /** catalogue pair used from synonym to term */
  reverse: 0.9,
  /** acronym written all lower-case in the query ("api") */
  lowercaseAcronym: 0.9,
  /** abbreviation written in capitals ("MGMT") */
  uppercaseAbbreviation: 0.85,
} as const;

/** A matched stretch of the query. */
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

/** A source-level alternative for one span, before strategy typing and scoring. */
export interface BaseCandidate {
  span: MatchSpan;
  replacement: string;
  replacementNorm: string;
  kind: CandidateKind;
  source: SynonymSourceKind;
  /** entry confidence, lexicon prior x sense rank, or WordNet score */
  prior: number;
  matchFactor: number;
  reverse: boolean;
  /** lower-case domain of the entry or sense; null or 'general' are neutral */
  domain: string | null;
  /** 1 same specific domain as the request, -1 a different specific domain, 0 neutral */
  domainMatch: -1 | 0 | 1;
  /** the entry is restricted to the request's role and/or department */
  scoped: boolean;
  /** distinct context words supporting this alternative */
  contextHits: number;
  /** the replacement contains one of the user's preferred terms */
  preferred: boolean;
  /** SynonymUse.term / synonym */
  useTerm: string;
  useSynonym: string;
  synonymId?: number;
  success: { rate: number; usage: number } | null;
  /** sense rank within an ambiguous lexicon key (0 = best for this request) */
  senseRank?: number;
}

export interface StrategyContext {
  request: ExpansionRequest;
  /** lower-case request domain ('general' and empty mean none) */
  domain: string | undefined;
  prefs: Preferences;
  /** content words of conversation history, documents and the query */
  contextWords: Set<string>;
  /** the (prepared, truncated) query text that spans refer to */
  text: string;
  queryNorm: string;
  bases: BaseCandidate[];
}

export interface ContextResources {
  wordnet?: WordNetIndex;
  /** compute WordNet alternatives (semantic / contextual enabled) */
  useWordNet?: boolean;
  useCatalogue?: boolean;
  useLexicons?: boolean;
}

function domainMatchOf(candidate: string | null | undefined, requestDomain: string | undefined): -1 | 0 | 1 {
  if (!requestDomain) return 0;
  const c = candidate ? candidate.toLowerCase() : '';
  if (!c || c === 'general') return 0;
  return c === requestDomain ? 1 : -1;
}

/** Plural of one word (simple English rules); acronyms get a plain "s". */
export function pluralize(word: string): string {
  if (/^[A-Z0-9&]+$/.test(word)) return word + 's';
  if (/[^aeiou]y$/i.test(word)) return word.slice(0, -1) + 'ies';
  if (/(s|x|z|ch|sh)$/i.test(word)) return word + 'es';
  return word + 's';
}

/** Makes the replacement plural when the query used a plural of a singular stored phrase. */
function inflectLike(replacement: string, queryLast: string, storedLast: string): string {
  if (queryLast === storedLast || !queryLast.endsWith('s') || storedLast.endsWith('s')) return replacement;
  const m = /([A-Za-z]+)$/.exec(replacement);
  if (!m) return replacement;
  return replacement.slice(0, m.index) + pluralize(m[1]);
}

function isAllLower(s: string): boolean {
  return s === s.toLowerCase();
}
function isAllUpper(s: string): boolean {
  return /[A-Z]/.test(s) && s === s.toUpperCase();
}

/** Truncates to LIMITS.MAX_QUERY_CHARS without cutting a word in two. */
export function truncateQuery(q: string): string {
  if (q.length <= LIMITS.MAX_QUERY_CHARS) return q;
  let cut = q.slice(0, LIMITS.MAX_QUERY_CHARS);
  const ws = cut.search(/\s\S*$/);
  if (ws > 0 && /\S/.test(q[LIMITS.MAX_QUERY_CHARS])) cut = cut.slice(0, ws);
  return cut;
}

/**
 * Finds every alternative for the request: catalogue phrases (greedy longest match first, scope
 * filtered), lexicon acronyms/abbreviations and WordNet related words, with bounded work.
 */
export function buildContext(index: ExpansionIndex, request: ExpansionRequest, res: ContextResources = {}): StrategyContext {
  const useCatalogue = res.useCatalogue !== false;
  const useLexicons = res.useLexicons !== false;
  const text = prepare(truncateQuery(typeof request.query === 'string' ? request.query : ''));
  const spans = tokenSpans(text, LIMITS.MAX_QUERY_TOKENS);
  const n = spans.length;
  const norms = spans.map((s) => s.norm);
  const canon = norms.map(canonicalToken);
  const queryNorm = norms.join(' ');
  const rd = request.domain ? String(request.domain).trim().toLowerCase() : '';
  const domain = rd && rd !== 'general' ? rd : undefined;
  const prefs = preferencesOf(request.userPreferences);
  const contextWords = contextWordsOf(request);
  for (const t of norms) if (t.length >= 2 && !STOPWORDS.has(t)) contextWords.add(t);

  const excludedCanon = prefs.excluded.map((e) => canonicalKey(e.split(' ')));
  const bases: BaseCandidate[] = [];
  const ctx: StrategyContext = { request, domain, prefs, contextWords, text, queryNorm, bases };

  const mkSpan = (a: number, b: number): MatchSpan => ({
    tokStart: a,
    tokEnd: b,
    charStart: spans[a].start,
    charEnd: spans[b - 1].end,
    surface: text.slice(spans[a].start, spans[b - 1].end),
    norm: norms.slice(a, b).join(' '),
  });

  /** common acceptance checks; returns the normalised replacement or null */
  const accept = (span: MatchSpan, replacement: string): { norm: string; toks: string[] } | null => {
    const toks = tokenize(replacement);
    if (toks.length === 0) return null;
    const rn = toks.join(' ');
    if (rn === span.norm || canonicalKey(toks) === canonicalKey(span.norm.split(' '))) return null;
    if (containsPhrase(queryNorm, rn)) return null; // already said in the query
    if (prefs.excluded.length) {
      const rc = canonicalKey(toks);
      for (let i = 0; i < prefs.excluded.length; i++) {
        if (containsPhrase(rn, prefs.excluded[i]) || containsPhrase(rc, excludedCanon[i])) return null;
      }
    }
    return { norm: rn, toks };
  };
  const hitsOf = (toks: string[], span: MatchSpan, extra?: readonly string[]): number => {
    const spanToks = norms.slice(span.tokStart, span.tokEnd);
    const seen = new Set<string>();
    for (const t of toks) if (t.length > 2 && !STOPWORDS.has(t) && !spanToks.includes(t) && contextWords.has(t)) seen.add(t);
    if (extra) for (const t of extra) if (t.length > 1 && !STOPWORDS.has(t) && !spanToks.includes(t) && contextWords.has(t)) seen.add(t);
    return seen.size;
  };
  const isPreferred = (rn: string): boolean => prefs.preferred.some((p) => containsPhrase(rn, p));

  const covered = new Uint8Array(n); // 1: inside a multi-token catalogue span; 2: matched by something
  let spanCount = 0;

  // ---- 1. catalogue phrases, greedy longest first ----
  if (useCatalogue && index.size > 0) {
    const roleCode = index.scopeCode(request.userRole);
    const deptCode = index.scopeCode(request.department);
    let i = 0;
    while (i < n && spanCount < LIMITS.MAX_SPANS && bases.length < LIMITS.MAX_CANDIDATES) {
      const maxL = Math.min(index.firstTokenMax(canon[i]), n - i, LIMITS.MAX_PHRASE_TOKENS);
      let matchedLen = 0;
      for (let L = maxL; L >= 1 && matchedLen === 0; L--) {
        let key = canon[i];
        for (let k = 1; k < L; k++) key += ' ' + canon[i + k];
        const p = index.postings(key);
        if (p === undefined) continue;
        const list = typeof p === 'number' ? [p] : p;
        let span: MatchSpan | undefined;
        let kept = 0;
        const scan = Math.min(list.length, LIMITS.MAX_POSTINGS_SCAN);
        for (let j = 0; j < scan && kept < LIMITS.MAX_MATCHES_PER_SPAN; j++) {
          const posting = list[j];
          const slot = Math.floor(posting / 2);
          const reverse = posting % 2 === 1;
          const flags = index.slotFlags(slot);
          if (!(flags & FLAG_USED)) continue;
          const rc = index.slotRoleCode(slot);
          const dc = index.slotDeptCode(slot);
          if ((rc !== 0 && rc !== roleCode) || (dc !== 0 && dc !== deptCode)) continue; // never outside its scope
          span ??= mkSpan(i, i + L);
          const term = index.slotTerm(slot);
          const syn = index.slotSynonym(slot);
          const from = reverse ? syn : term;
          const fromToks = tokenize(from);
          const exact = fromToks.join(' ') === span.norm;
          const replacement = exact ? (reverse ? term : syn) : inflectLike(reverse ? term : syn, norms[i + L - 1], fromToks[fromToks.length - 1]);
          const ok = accept(span, replacement);
          matchedLen = L; // a phrase with eligible entries claims the span even if all were filtered
          if (!ok) continue;
          const d = index.slotDomain(slot);
          const ctxText = index.slotContext(slot);
          const kind: CandidateKind = reverse ? 'synonym' : flags & FLAG_ACRONYM ? 'acronym' : flags & FLAG_ABBREVIATION ? 'abbreviation' : 'synonym';
          bases.push({
            span,
            replacement,
            replacementNorm: ok.norm,
            kind,
            source: 'catalogue',
            prior: index.slotConfidence(slot),
            matchFactor: (reverse ? MATCH_FACTOR.reverse : 1) * (exact ? 1 : MATCH_FACTOR.inflected),
            reverse,
            domain: d,
            domainMatch: domainMatchOf(d, domain),
            scoped: rc !== 0 || dc !== 0,
            contextHits: hitsOf(ok.toks, span, ctxText ? tokenize(ctxText).slice(0, 32) : undefined),
            preferred: isPreferred(ok.norm),
            useTerm: from,
            useSynonym: reverse ? term : syn,
            synonymId: index.slotId(slot),
            success: index.slotSuccess(slot),
          });
          kept++;
        }
      }
      if (matchedLen > 0) {
        spanCount++;
        for (let k = i; k < i + matchedLen; k++) covered[k] = matchedLen > 1 ? 1 : 2;
        i += matchedLen;
      } else i++;
    }
  }

  // ---- 2. lexicon acronyms and abbreviations (single tokens not inside a multi-token phrase) ----
  const lex = index.lexicons;
  if (useLexicons) {
    for (let i = 0; i < n && spanCount < LIMITS.MAX_SPANS && bases.length < LIMITS.MAX_CANDIDATES; i++) {
      if (covered[i] === 1) continue;
      let matched = false;
      for (const [map, kind] of [
        [lex.acronyms, 'acronym'],
        [lex.abbreviations, 'abbreviation'],
      ] as [LexiconMap, 'acronym' | 'abbreviation'][]) {
        const entry = map.get(canon[i]) as CompiledLexiconEntry | undefined;
        if (!entry) continue;
        const surface = text.slice(spans[i].start, spans[i].end);
        const lower = isAllLower(surface);
        if (entry.caseSensitive && lower) continue;
        let factor = 1;
        if (kind === 'acronym' && lower) factor = MATCH_FACTOR.lowercaseAcronym;
        if (kind === 'abbreviation' && isAllUpper(surface) && surface.length > 1) factor = MATCH_FACTOR.uppercaseAbbreviation;
        const span = mkSpan(i, i + 1);
        const keyNorm = tokenize(entry.key)[0] ?? '';
        const ranked = rankSenses(entry, domain, contextWords);
        for (let r = 0; r < ranked.length && r < 4; r++) {
          const rs = ranked[r];
          const replacement = inflectLike(rs.sense.expansion, norms[i], keyNorm);
          const ok = accept(span, replacement);
          if (!ok) continue;
          matched = true;
          bases.push({
            span,
            replacement,
            replacementNorm: ok.norm,
            kind,
            source: kind === 'acronym' ? 'acronym_lexicon' : 'abbreviation_lexicon',
            prior: LEXICON_PRIOR[kind] * rs.prior,
            matchFactor: factor,
            reverse: false,
            domain: rs.sense.domain,
            domainMatch: domainMatchOf(rs.sense.domain, domain),
            scoped: false,
            contextHits: rs.contextHits,
            preferred: isPreferred(ok.norm),
            useTerm: entry.key,
            useSynonym: rs.sense.expansion,
            success: null,
            senseRank: r,
          });
        }
      }
      if (matched) {
        spanCount++;
        if (covered[i] === 0) covered[i] = 2;
      }
    }
  }

  // ---- 3. WordNet related words for the remaining content words (longest phrase first) ----
  const wn = res.wordnet;
  if (wn && res.useWordNet !== false) {
    let i = 0;
    while (i < n && spanCount < LIMITS.MAX_SPANS && bases.length < LIMITS.MAX_CANDIDATES) {
      if (covered[i] !== 0 || STOPWORDS.has(norms[i]) || norms[i].length < 3 || !/^[a-z][a-z\-]*$/.test(norms[i])) {
        i++;
        continue;
      }
      let done = 0;
      for (let L = Math.min(LIMITS.WORDNET_MAX_PHRASE_TOKENS, n - i); L >= 1 && !done; L--) {
        let free = true;
        for (let k = i; k < i + L; k++) if (covered[k] !== 0) free = false;
        if (!free || (L > 1 && STOPWORDS.has(norms[i + L - 1]))) continue;
        const phrase = norms.slice(i, i + L).join(' ');
        const found = wn.resolve(phrase);
        if (!found) continue;
        const span = mkSpan(i, i + L);
        const lemmaLast = found.lemma.split(' ').pop() ?? '';
        for (const r of found.related) {
          const replacement = inflectLike(r.word, norms[i + L - 1], lemmaLast);
          const ok = accept(span, replacement);
          if (!ok) continue;
          bases.push({
            span,
            replacement,
            replacementNorm: ok.norm,
            kind: 'semantic',
            source: 'wordnet',
            prior: r.score,
            matchFactor: 1,
            reverse: false,
            domain: null,
            domainMatch: 0,
            scoped: false,
            contextHits: hitsOf(ok.toks, span),
            preferred: isPreferred(ok.norm),
            useTerm: phrase,
            useSynonym: r.word,
            success: null,
          });
        }
        done = L;
      }
      if (done) spanCount++;
      i += done || 1;
    }
  }
  return ctx;
}


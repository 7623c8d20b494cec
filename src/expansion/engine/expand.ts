import { buildContext, StrategyContext } from './candidates';
import { ExpansionIndex } from './expansion-index';
import { LIMITS } from './limits';
import { Candidate } from './scoring';
import { STRATEGIES } from './strategies';
import { EngineResult, EXPANSION_TYPES, ExpansionRequest, ExpansionType } from './types';
import { WordNetIndex } from './wordnet';

export interface ExpandResources {
  wordnet?: WordNetIndex;
  pairStats?: import('./learning').PairStatsLookup;
}

const TYPE_ORDER: Record<ExpansionType, number> = Object.fromEntries(EXPANSION_TYPES.map((t, i) => [t, i])) as Record<
  ExpansionType,
  number
>;

/** Strategies to run: all six when none (or an empty list) are given; unknown names are ignored. */
export function enabledStrategiesOf(req: Pick<ExpansionRequest, 'enabledStrategies'>): ExpansionType[] {
  const e = req.enabledStrategies;
  if (!Array.isArray(e) || e.length === 0) return [...EXPANSION_TYPES];
  return EXPANSION_TYPES.filter((t) => e.includes(t));
}

/** Quotes an alternative made of several words: machine learning -> "machine learning". */
export function quoteAlternative(s: string): string {
  const t = s.replace(/"/g, '').trim();
  return /\s/.test(t) ? `"${t}"` : t;
}

const collapse = (s: string): string => s.replace(/\s+/g, ' ').trim();

function render(ctx: StrategyContext, c: Candidate, form: 'substitution' | 'or'): EngineResult {
  const b = c.base;
  const before = ctx.text.slice(0, b.span.charStart);
  const after = ctx.text.slice(b.span.charEnd);
  const middle = form === 'substitution' ? b.replacement : `(${quoteAlternative(b.span.surface)} OR ${quoteAlternative(b.replacement)})`;
  const r4 = (x: number) => Math.round(x * 10000) / 10000;
  return {
    expanded_query: collapse(before + middle + after),
    expansion_type: c.type,
    confidence_score: r4(c.confidence),
    relevance_score: r4(c.relevance),
    synonyms_used: [
      {
        term: b.useTerm,
        synonym: b.useSynonym,
        confidence: r4(Math.min(1, b.prior)),
        ...(b.synonymId !== undefined ? { synonym_id: b.synonymId } : {}),
        source: b.source,
      },
    ],
    metadata: { expanded_token: b.span.surface, synonym_count: 1, form, explanation: c.explanation },
  };
}

/**
 * Expands a query: matches, runs the enabled strategies, scores, filters by confidenceThreshold,
 * renders both the substitution and the OR form, de-duplicates by expanded_query (best kept),
 * orders by score desc (ties: confidence desc, substitution before OR, strategy order, position, text) and
 * cuts to maxExpansions (at most LIMITS.MAX_RESULTS).
 */
export function expand(index: ExpansionIndex, request: ExpansionRequest, resources: ExpandResources = {}): EngineResult[] {
  const max = Number.isFinite(request.maxExpansions) ? Math.min(Math.floor(request.maxExpansions), LIMITS.MAX_RESULTS) : 10;
  if (max <= 0 || typeof request.query !== 'string' || request.query.trim() === '') return [];
  const threshold = Number.isFinite(request.confidenceThreshold) ? request.confidenceThreshold : 0;
  const enabled = enabledStrategiesOf(request);
  if (enabled.length === 0) return [];
  const has = (t: ExpansionType) => enabled.includes(t);
  const ctx = buildContext(index, request, {
    wordnet: resources.wordnet,
    useWordNet: has('semantic') || has('contextual'),
    useCatalogue: has('synonym_expansion') || has('acronym_expansion') || has('abbreviation_expansion') || has('domain_specific') || has('contextual'),
    useLexicons: has('acronym_expansion') || has('abbreviation_expansion') || has('domain_specific') || has('contextual'),
  });
  if (ctx.bases.length === 0) return [];

  // score every candidate, sort the (candidate, form) pairs without rendering them, then render
  // best-first and de-duplicate until maxExpansions results are collected (the first occurrence of an
  // expanded_query is therefore the best one).
  const items: Item[] = [];
  let produced = 0;
  for (const type of enabled) {
    if (produced >= LIMITS.MAX_CANDIDATES) break;
    for (const c of STRATEGIES[type](ctx)) {
      if (produced++ >= LIMITS.MAX_CANDIDATES) break;
      if (c.confidence < threshold) continue;
      items.push({ c, form: 0, type: TYPE_ORDER[c.type] }, { c, form: 1, type: TYPE_ORDER[c.type] });
    }
  }
  items.sort(compare);
  const seen = new Set<string>();
  const out: EngineResult[] = [];
  for (let i = 0; i < items.length && out.length < max; i++) {
    const it = items[i];
    const result = render(ctx, it.c, it.form === 0 ? 'substitution' : 'or');
    const key = result.expanded_query.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(result);
  }
  return out;
}

interface Item {
  c: Candidate;
  form: number;
  type: number;
}

/** score desc, confidence desc, substitution before OR, strategy order, position in query, replacement text */
function compare(a: Item, b: Item): number {
  return (
    b.c.score - a.c.score ||
    b.c.confidence - a.c.confidence ||
    a.form - b.form ||
    a.type - b.type ||
    a.c.base.span.charStart - b.c.base.span.charStart ||
    a.c.base.span.charEnd - b.c.base.span.charEnd ||
    (a.c.base.replacement < b.c.base.replacement ? -1 : a.c.base.replacement > b.c.base.replacement ? 1 : 0)
  );
}

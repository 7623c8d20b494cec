import { LIMITS } from './limits';
import { normalize, STOPWORDS, tokenize } from './normalize';
import { ExpansionRequest } from './types';

/** Keys of userPreferences that the engine honours (snake_case or camelCase). */
export const PREFERENCE_KEYS = {
  preferredTerms: ['preferred_terms', 'preferredTerms'],
  excludedTerms: ['excluded_terms', 'excludedTerms'],
  preferredDomains: ['preferred_domains', 'preferredDomains'],
} as const;

export interface Preferences {
  /** normalised phrases the user prefers to see */
  preferred: string[];
  /** normalised phrases that must never be emitted */
  excluded: string[];
  /** lower-case domains the user prefers */
  preferredDomains: Set<string>;
}

/**
 * Collects string values of arbitrary JSON-ish context (conversation turns, documents) recursively,
 * bounded by depth, number of strings and total characters. Object keys are not collected.
 */
export function collectStrings(
  values: unknown,
  out: string[] = [],
  budget = { strings: LIMITS.MAX_CONTEXT_STRINGS, chars: LIMITS.MAX_CONTEXT_CHARS },
  depth = 0,
): string[] {
  if (budget.strings <= 0 || budget.chars <= 0 || depth > LIMITS.MAX_CONTEXT_DEPTH) return out;
  if (typeof values === 'string') {
    const s = values.length > budget.chars ? values.slice(0, budget.chars) : values;
    out.push(s);
    budget.strings--;
    budget.chars -= s.length;
  } else if (Array.isArray(values)) {
    for (const v of values) {
      if (budget.strings <= 0 || budget.chars <= 0) break;
      collectStrings(v, out, budget, depth + 1);
    }
  } else if (values !== null && typeof values === 'object') {
    for (const k of Object.keys(values)) {
      if (budget.strings <= 0 || budget.chars <= 0) break;
      collectStrings((values as Record<string, unknown>)[k], out, budget, depth + 1);
    }
  }
  return out;
}

/** Content words (no stop words, length >= 2) of the request's conversation history and documents. */
export function contextWordsOf(req: Pick<ExpansionRequest, 'conversationHistory' | 'availableDocuments'>): Set<string> {
  const words = new Set<string>();
  const budget = { strings: LIMITS.MAX_CONTEXT_STRINGS, chars: LIMITS.MAX_CONTEXT_CHARS };
  const strings: string[] = [];
  if (Array.isArray(req.conversationHistory)) collectStrings(req.conversationHistory, strings, budget);
  if (Array.isArray(req.availableDocuments)) collectStrings(req.availableDocuments, strings, budget);
  for (const s of strings) for (const t of tokenize(s)) if (t.length >= 2 && !STOPWORDS.has(t)) words.add(t);
  return words;
}

function stringList(v: unknown): string[] {
  if (typeof v === 'string') return v.split(',');
  if (Array.isArray(v)) return v.filter((x): x is string => typeof x === 'string').slice(0, 200);
  return [];
}

function pick(prefs: Record<string, unknown> | undefined, keys: readonly string[]): unknown {
  if (!prefs || typeof prefs !== 'object') return undefined;
  for (const k of keys) if (k in prefs) return prefs[k];
  return undefined;
}

/** Reads preferred_terms, excluded_terms and preferred_domains (arrays of strings or comma-separated strings). */
export function preferencesOf(prefs: Record<string, unknown> | undefined): Preferences {
  const norm = (v: unknown) => [...new Set(stringList(v).map(normalize).filter(Boolean))];
  return {
    preferred: norm(pick(prefs, PREFERENCE_KEYS.preferredTerms)),
    excluded: norm(pick(prefs, PREFERENCE_KEYS.excludedTerms)),
    preferredDomains: new Set(stringList(pick(prefs, PREFERENCE_KEYS.preferredDomains)).map((d) => d.trim().toLowerCase()).filter(Boolean)),
  };
}

/** True when `phrase` (normalised) occurs in `text` (normalised) on token boundaries. */
export function containsPhrase(text: string, phrase: string): boolean {
  if (!phrase) return false;
  if (text === phrase) return true;
  const i = text.indexOf(phrase);
  if (i < 0) return false;
  return (` ${text} `).includes(` ${phrase} `);
}

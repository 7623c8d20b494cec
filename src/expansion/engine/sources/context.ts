import { normalize, STOPWORDS } from '../normalize';
import type { MatchState } from './types';

/** Source score of a definition read from the request's own context. */
export const CONTEXT_DEFINITION_SCORE = 0.9;
const LONG_THEN_SHORT = /((?:[A-Za-z][\w&-]*\s+){1,7}[A-Za-z][\w&-]*)\s*\(\s*([A-Za-z][A-Za-z0-9&]{1,9})\s*\)/g;
const SHORT_THEN_LONG = /\b([A-Z][A-Z0-9&]{1,9})\s*\(\s*([A-Za-z][\w&-]*(?:\s+[A-Za-z][\w&-]*){1,7})\s*\)/g;

/** The long form's words whose initials spell the acronym, or undefined ("Project Falcon Migration" -> "PFM"). */
function spelledBy(acronym: string, longForm: string): string | undefined {
  const letters = acronym.toLowerCase().replace(/[^a-z]/g, '');
  const words = normalize(longForm).split(' ');
  // take the shortest tail of the long form whose content words' initials are the acronym's letters
  for (let start = words.length - 1; start >= 0; start--) {
    const tail = words.slice(start);
    const initials = tail.filter((w) => !STOPWORDS.has(w)).map((w) => w[0]).join('');
    if (initials === letters) return tail.join(' ');
    if (initials.length > letters.length) break;
  }
  return undefined;
}

/** Acronym -> long form, as defined in the conversation or documents: "Project Falcon Migration (PFM)", "PFM (Project Falcon Migration)". */
export function contextDefinitions(strings: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const s of strings) {
    for (const m of s.matchAll(LONG_THEN_SHORT)) {
      const long = spelledBy(m[2], m[1]);
      if (long) out.set(m[2].toLowerCase(), long);
    }
    for (const m of s.matchAll(SHORT_THEN_LONG)) {
      const long = spelledBy(m[1], m[2]);
      if (long) out.set(m[1].toLowerCase(), long);
    }
  }
  return out;
}

/** The request's context: acronyms of the query that the conversation or documents spell out. */
export function matchContext(state: MatchState): void {
  if (state.contextStrings.length === 0) return;
  const defs = contextDefinitions(state.contextStrings);
  if (defs.size === 0) return;
  const { builder, analysis } = state;
  for (const u of state.units) {
    if (u.tokEnd - u.tokStart !== 1) continue;
    const t = analysis.tokens[u.tokStart];
    const long = defs.get(t.norm);
    if (!long) continue;
    builder.add(builder.span(u.tokStart, u.tokEnd), long, {
      kind: 'acronym',
      source: 'context',
      raw: CONTEXT_DEFINITION_SCORE,
      domain: null,
      domainMatch: 0,
      contextHits: 1,
      scoped: false,
      useTerm: analysis.text.slice(t.start, t.end),
      useSynonym: long,
      success: null,
      features: { defined_in: 'context' },
    });
  }
}

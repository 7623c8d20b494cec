import type { MatchSpan } from '../candidates';
import type { MatchState } from './types';

/** Source score of a number-format variant before calibration. */
export const PATTERN_SCORE = 0.9;

const ORDINAL_WORDS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth', 'eleventh', 'twelfth', 'thirteenth', 'fourteenth', 'fifteenth', 'sixteenth', 'seventeenth', 'eighteenth', 'nineteenth', 'twentieth'];
/** Nouns that are numbered both ways in a building: "floor 3", "3rd floor", "third floor". */
const LEVEL_NOUNS = new Set(['floor', 'level', 'storey', 'story']);

function suffixed(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

/** 3 from "3", "3rd" or "third"; undefined otherwise (1 to 99; words to twentieth). */
function numberOf(token: string, ordinalOnly: boolean): number | undefined {
  let m = /^(\d{1,2})(st|nd|rd|th)$/.exec(token);
  if (m) return Number(m[1]) || undefined;
  if (!ordinalOnly) {
    m = /^(\d{1,2})$/.exec(token);
    if (m) return Number(m[1]) || undefined;
  }
  const w = ORDINAL_WORDS.indexOf(token);
  return w >= 0 ? w + 1 : undefined;
}

const CARDINAL_WORDS = ['two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];

/**
 * Building levels written three ways: "floor 3" <-> "3rd floor" <-> "third floor" (also level, storey). The
 * other two forms of the one the query uses are offered.
 */
export function matchPatterns(state: MatchState): void {
  matchNumberFormats(state);
  const { builder, analysis } = state;
  const tokens = analysis.tokens;
  for (let i = 0; i + 1 < tokens.length && !builder.full; i++) {
    const a = tokens[i].norm;
    const b = tokens[i + 1].norm;
    let noun: string | undefined;
    let n: number | undefined;
    let forms: string[] = [];
    if (LEVEL_NOUNS.has(a) && (n = numberOf(b, false)) !== undefined) {
      noun = a;
      forms = [`${suffixed(n)} ${noun}`, ...(n <= ORDINAL_WORDS.length ? [`${ORDINAL_WORDS[n - 1]} ${noun}`] : [])];
    } else if (LEVEL_NOUNS.has(b) && (n = numberOf(a, true)) !== undefined) {
      noun = b;
      forms = [`${noun} ${n}`, /^\d/.test(a) ? (n <= ORDINAL_WORDS.length ? `${ORDINAL_WORDS[n - 1]} ${noun}` : '') : `${suffixed(n)} ${noun}`].filter(Boolean);
    }
    if (!noun || n === undefined) continue;
    const span = builder.span(i, i + 2);
    for (const form of forms) addPattern(state, span, form, 'building level');
    i++;
  }
}

/** A pattern's alternative for a span; the term learnt from is the span's words as normalised ("20%" keeps its sign). */
function addPattern(state: MatchState, span: MatchSpan, form: string, pattern: string, term = span.norm): void {
  state.builder.add(span, form, {
    kind: 'synonym',
    source: 'pattern',
    raw: PATTERN_SCORE,
    domain: null,
    domainMatch: 0,
    contextHits: 0,
    scoped: false,
    useTerm: term,
    useSynonym: form,
    success: null,
    features: { pattern },
  });
}

/**
 * Numbers written another way a document may use:
 * - thousands: "10k" -> "10,000", "10000", for an amount: after a currency sign or a word that compares amounts
 *   ("$50k", "over 10k"; not a "4k monitor" or a "5k run"), 1k-99k and 100k-990k in steps of 10k ("401k" is a
 *   retirement plan);
 * - percentages: "20%" -> "20 percent", "20 per cent" (not back: a search engine's tokenizer drops the sign), when the
 *   sign ends the word ("20%off" stays);
 * - counts of things: "three quotes" <-> "3 quotes" (two to twelve, before a plural noun and not after a noun, which
 *   it labels: "version 2 docs"; "one" is too often a word of its own: "one-on-one", "day one").
 */
const AMOUNT_BEFORE = new Set(['over', 'under', 'above', 'below', 'than', 'exceeding', 'to', 'from', 'about', 'around', 'approx', 'approximately', 'upto']);
const NOUNISH = new Set(['NOUN', 'PROPN']);

function matchNumberFormats(state: MatchState): void {
  const { builder, analysis } = state;
  const { tokens, text } = analysis;
  for (let i = 0; i < tokens.length && !builder.full; i++) {
    const t = tokens[i];
    const thousands = /^(\d{1,3})k$/.exec(t.norm);
    if (thousands) {
      const n = Number(thousands[1]);
      if (n === 0 || (n >= 100 && n % 10 !== 0)) continue;
      const before = text[t.start - 1] ?? '';
      if (!/[$€£¥]/.test(before) && !(/\s/.test(before) && i > 0 && AMOUNT_BEFORE.has(tokens[i - 1].norm))) continue;
      const span = builder.span(i, i + 1);
      addPattern(state, span, `${n},000`, 'thousands');
      addPattern(state, span, `${n}000`, 'thousands');
      continue;
    }
    if (/^\d+(\.\d+)?$/.test(t.norm) && text[t.end] === '%' && !/[\p{L}\p{N}+]/u.test(text[t.end + 1] ?? '')) {
      const span = builder.span(i, i + 1);
      const withSign: MatchSpan = { ...span, charEnd: span.charEnd + 1, surface: `${span.surface}%` };
      addPattern(state, withSign, `${t.norm} percent`, 'percent', `${t.norm}%`);
      addPattern(state, withSign, `${t.norm} per cent`, 'percent', `${t.norm}%`);
      continue;
    }
    const next = tokens[i + 1];
    if (!next || next.wordClass !== 'noun' || next.inflection !== 'plural' || (i > 0 && NOUNISH.has(tokens[i - 1].pos))) continue;
    const word = CARDINAL_WORDS.indexOf(t.norm);
    if (word >= 0) addPattern(state, builder.span(i, i + 1), String(word + 2), 'count');
    else if (/^\d{1,2}$/.test(t.norm) && Number(t.norm) >= 2 && Number(t.norm) <= 12) addPattern(state, builder.span(i, i + 1), CARDINAL_WORDS[Number(t.norm) - 2], 'count');
  }
}

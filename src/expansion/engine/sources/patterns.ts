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

/**
 * Building levels written three ways: "floor 3" <-> "3rd floor" <-> "third floor" (also level, storey). The
 * other two forms of the one the query uses are offered.
 */
export function matchPatterns(state: MatchState): void {
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
    for (const form of forms) {
      builder.add(span, form, {
        kind: 'synonym',
        source: 'pattern',
        raw: PATTERN_SCORE,
        domain: null,
        domainMatch: 0,
        contextHits: 0,
        scoped: false,
        useTerm: `${a} ${b}`,
        useSynonym: form,
        success: null,
        features: { pattern: 'building level' },
      });
    }
    i++;
  }
}

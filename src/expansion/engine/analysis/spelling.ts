import * as fs from 'fs';

/**
 * British <-> American spellings from american-british-english-translator (MIT): ~1,700 word forms each way
 * ("licence" <-> "license", "optimisation" <-> "optimization", "ageing" <-> "aging"), inflected forms included.
 */
let variants: Map<string, string> | undefined;

function table(): Map<string, string> {
  if (!variants) {
    variants = new Map();
    for (const name of ['british_spellings', 'american_spellings']) {
      const file = require.resolve(`american-british-english-translator/data/${name}.json`);
      const pairs = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
      for (const [from, to] of Object.entries(pairs)) if (/^[a-z]+$/.test(from) && /^[a-z]+$/.test(to) && from !== to) variants.set(from, to);
    }
  }
  return variants;
}

/** Loads the spelling table now rather than on the first query. */
export function warmSpellings(): void {
  table();
}

/** The other variety's spelling of a lower-case word form, if it has one. */
export function spellingVariant(word: string): string | undefined {
  return table().get(word);
}

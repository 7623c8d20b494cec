/**
 * Lucene classic query syntax for the OR forms: special characters escaped, several words quoted as a
 * phrase, and the operator words AND/OR/NOT of the user's own text quoted so they stay words.
 */
const SPECIAL = /[+\-!(){}[\]^"~*?:\\/&|]/g;
const OPERATORS = new Set(['AND', 'OR', 'NOT', 'TO']);

/** One word as a Lucene term. */
export function luceneTerm(word: string): string {
  if (OPERATORS.has(word)) return `"${word}"`;
  return word.replace(SPECIAL, (ch) => `\\${ch}`);
}

/** An alternative or original wording: one term, or a quoted phrase when it has several words. */
export function luceneAlternative(text: string): string {
  const t = text.trim().replace(/\s+/g, ' ');
  if (!/\s/.test(t)) return luceneTerm(t);
  return `"${t.replace(/["\\]/g, (ch) => `\\${ch}`)}"`;
}

/** Free text of the query kept as it is, word by word, made safe for the parser. */
export function luceneText(text: string): string {
  return text
    .split(/(\s+)/)
    .map((part) => (/^\s+$/.test(part) || part === '' ? part : luceneTerm(part)))
    .join('');
}

/** (original OR alternative OR ...) */
export function luceneGroup(original: string, alternatives: readonly string[]): string {
  return `(${[original, ...alternatives].map(luceneAlternative).join(' OR ')})`;
}

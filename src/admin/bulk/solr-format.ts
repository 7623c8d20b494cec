/**
 * The Solr synonyms format (docs/IMPORT_EXPORT.md, "Solr"), following Lucene's SolrSynonymParser:
 * - blank lines and lines whose first non-blank character is `#` are ignored;
 * - `a, b => c, d` is an explicit mapping: every left term maps to every right term (a→c, a→d, b→c, b→d);
 * - `a, b, c` is an equivalence: every unordered pair once, earlier → later (a→b, a→c, b→c) — the
 *   expansion index reads entries in both directions, so this makes the terms fully equivalent;
 * - a backslash escapes the next character (`\,` `\=>` `\\` `\#`); parts are unescaped, then trimmed.
 */

/** Most terms on one line; an equivalence of n terms gives n(n-1)/2 records. */
export const SOLR_MAX_TERMS_PER_LINE = 100;

export type SolrLine =
  | { kind: 'skip' }
  | { kind: 'pairs'; mapping: 'explicit' | 'equivalent'; pairs: Array<[string, string]> }
  | { kind: 'error'; message: string };

/** Splits on an unescaped separator, keeping escapes for unescape() (as Lucene does). */
export function splitEscaped(text: string, separator: string): string[] {
  const parts: string[] = [];
  let current = '';
  let i = 0;
  while (i < text.length) {
    if (text.startsWith(separator, i)) {
      parts.push(current);
      current = '';
      i += separator.length;
      continue;
    }
    const ch = text[i];
    if (ch === '\\' && i + 1 < text.length) {
      current += ch + text[i + 1];
      i += 2;
      continue;
    }
    current += ch;
    i++;
  }
  parts.push(current);
  return parts;
}

/** Removes backslash escapes: `\x` → `x`. A lone trailing backslash is kept. */
export function unescapeSolr(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\\' && i + 1 < text.length) {
      out += text[i + 1];
      i++;
    } else {
      out += text[i];
    }
  }
  return out;
}

function terms(side: string): string[] {
  return splitEscaped(side, ',')
    .map((t) => unescapeSolr(t).trim())
    .filter((t) => t !== '');
}

/** Parses one line of a Solr synonyms file. */
export function parseSolrLine(rawLine: string): SolrLine {
  const line = rawLine.trim();
  if (line === '' || line.startsWith('#')) return { kind: 'skip' };
  const sides = splitEscaped(line, '=>');
  if (sides.length > 2) return { kind: 'error', message: 'more than one "=>" on the line (escape a literal one as \\=>)' };
  if (sides.length === 2) {
    const from = terms(sides[0]);
    const to = terms(sides[1]);
    if (from.length === 0 || to.length === 0) return { kind: 'error', message: 'an explicit mapping needs terms on both sides of "=>"' };
    if (from.length + to.length > SOLR_MAX_TERMS_PER_LINE) return { kind: 'error', message: `more than ${SOLR_MAX_TERMS_PER_LINE} terms on one line` };
    const pairs: Array<[string, string]> = [];
    for (const a of from) for (const b of to) pairs.push([a, b]);
    return { kind: 'pairs', mapping: 'explicit', pairs };
  }
  const all = terms(line);
  if (all.length < 2) return { kind: 'error', message: 'an equivalence line needs at least two comma-separated terms' };
  if (all.length > SOLR_MAX_TERMS_PER_LINE) return { kind: 'error', message: `more than ${SOLR_MAX_TERMS_PER_LINE} terms on one line` };
  const pairs: Array<[string, string]> = [];
  for (let i = 0; i < all.length; i++) for (let j = i + 1; j < all.length; j++) pairs.push([all[i], all[j]]);
  return { kind: 'pairs', mapping: 'equivalent', pairs };
}

/**
 * Escapes one term for a Solr line: `\` `,` and the `=` of `=>` get a backslash, as does a leading `#`
 * (it would start a comment). Line breaks cannot be written in this format and become spaces.
 */
export function escapeSolrTerm(term: string): string {
  return term
    .replace(/[\r\n]+/g, ' ')
    .replace(/\\|,|=(?=>)/g, (c) => `\\${c}`)
    .replace(/^#/, '\\#');
}

/** One exported line: `term => synonym`. */
export function solrLine(term: string, synonym: string): string {
  return `${escapeSolrTerm(term)} => ${escapeSolrTerm(synonym)}\n`;
}

/**
 * Text normalisation shared by the index, the engine and the service (normalised term/synonym columns).
 *
 * Rules (deterministic, locale independent):
 *  1. Unicode NFKC, typographic apostrophes (U+2018/U+2019/U+02BC) mapped to "'".
 *  2. A token is a run of letters/digits/marks, optionally joined by one of . - ' & / _
 *     to further letters/digits ("node.js", "e-mail", "r&d", "ci/cd", "snake_case", "3.5"),
 *     optionally followed by + or # ("c++", "c#"), optionally preceded by a "." when it starts a word (".net").
 *  3. Everything else (punctuation, symbols, a trailing "." as in "approx.") separates tokens.
 *  4. Tokens are lower-cased (String#toLowerCase, i.e. locale independent case folding) and a
 *     trailing possessive "'s" is dropped ("customer's" -> "customer").
 *  5. normalize() joins the tokens with single spaces (whitespace collapsed, trimmed).
 */

const APOSTROPHES = /[\u2018\u2019\u02BC]/g;
const TOKEN_RE_UNICODE =
  /(?:(?<![\p{L}\p{N}\p{M}])\.(?=\p{L}))?[\p{L}\p{N}][\p{L}\p{N}\p{M}]*(?:[.\-'&/_][\p{L}\p{N}][\p{L}\p{N}\p{M}]*)*[+#]*/gu;
const TOKEN_RE_ASCII = /(?:(?<![A-Za-z0-9])\.(?=[A-Za-z]))?[A-Za-z0-9]+(?:[.\-'&/_][A-Za-z0-9]+)*[+#]*/g;
const ASCII_ONLY = /^[\x00-\x7f]*$/;

export interface TokenSpan {
  /** normalised (lower-cased) token */
  norm: string;
  /** start offset in the prepared (NFKC) text */
  start: number;
  /** end offset (exclusive) in the prepared (NFKC) text */
  end: number;
}

/** NFKC + apostrophe folding; the text that token offsets refer to. */
export function prepare(text: string): string {
  if (ASCII_ONLY.test(text)) return text;
  return text.normalize('NFKC').replace(APOSTROPHES, "'");
}

function foldToken(raw: string): string {
  let t = raw.toLowerCase();
  if (t.length > 2 && t.endsWith("'s")) t = t.slice(0, -2);
  return t;
}

/** Tokens of an already prepared text, with their offsets. */
export function tokenSpans(prepared: string, maxTokens = Infinity): TokenSpan[] {
  const re = ASCII_ONLY.test(prepared) ? TOKEN_RE_ASCII : TOKEN_RE_UNICODE;
  re.lastIndex = 0;
  const out: TokenSpan[] = [];
  let m: RegExpExecArray | null;
  while (out.length < maxTokens && (m = re.exec(prepared)) !== null) {
    out.push({ norm: foldToken(m[0]), start: m.index, end: m.index + m[0].length });
  }
  return out;
}

/** Normalised tokens of a text. */
export function tokenize(text: string): string[] {
  if (typeof text !== 'string' || text.length === 0) return [];
  const prepared = prepare(text);
  const re = ASCII_ONLY.test(prepared) ? TOKEN_RE_ASCII : TOKEN_RE_UNICODE;
  const m = prepared.match(re);
  if (m === null) return [];
  for (let i = 0; i < m.length; i++) m[i] = foldToken(m[i]);
  return m;
}

/** Normalised form of a text: tokens joined by single spaces. */
export function normalize(text: string): string {
  return tokenize(text).join(' ');
}

const NO_SINGULAR = new Set([
  'news', 'series', 'species', 'analysis', 'basis', 'thesis', 'status', 'bus', 'gas', 'lens', 'always',
  'perhaps', 'sometimes', 'whereas', 'has', 'was', 'does', 'goes', 'yes', 'this', 'its', 'is', 'us', 'as',
  'less', 'unless', 'axis', 'tennis', 'his', 'chassis', 'iris', 'across', 'towards', 'afterwards', 'kubernetes', 'redis', 'jenkins', 'windows', 'ios', 'macos', 'https', 'ftps', 'docs',
]);

/** A word that ends in "s" without being a plural ("https", "status", "kubernetes"). */
export function isInvariant(t: string): boolean {
  return NO_SINGULAR.has(t);
}

/**
 * Canonical (singular-ish) form of one normalised token, used for plural-insensitive keys.
 * Applied identically to stored phrases and query tokens, so "apis"~"api", "policies"~"policy",
 * "databases"~"database", "caches"~"cache", "boxes"~"box". Only alphabetic tokens of length >= 4 change.
 */
export function canonicalToken(t: string): string {
  const n = t.length;
  if (n < 4 || NO_SINGULAR.has(t)) return t;
  for (let i = 0; i < n; i++) {
    const c = t.charCodeAt(i);
    if (c < 97 || c > 122) return t; // only plain a-z words are inflected
  }
  if (n >= 5 && t.endsWith('ies')) return t.slice(0, -3) + 'y';
  if (n >= 5 && t.endsWith('es')) {
    const p = t.charCodeAt(n - 3);
    // s x z or ch/sh before "es": drop "es"
    if (p === 115 || p === 120 || p === 122 || (p === 104 && (t.charCodeAt(n - 4) === 99 || t.charCodeAt(n - 4) === 115))) {
      return t.slice(0, -2);
    }
  }
  if (t.endsWith('s') && !t.endsWith('ss') && !t.endsWith('us') && !t.endsWith('sis')) {
    return stripE(t.slice(0, -1));
  }
  return stripE(t);
}

/** "base"/"cache"/"size" -> "bas"/"cach"/"siz" so that they meet "bases"/"caches"/"sizes" after "es" removal. */
function stripE(t: string): string {
  const n = t.length;
  if (n < 4 || t.charCodeAt(n - 1) !== 101) return t;
  const p = t.charCodeAt(n - 2);
  if (p === 115 || p === 120 || p === 122) return t.slice(0, -1);
  if (p === 104) {
    const q = t.charCodeAt(n - 3);
    if (q === 99 || q === 115) return t.slice(0, -1);
  }
  return t;
}

/** Canonical key of a phrase given as normalised tokens. */
export function canonicalKey(tokens: readonly string[]): string {
  let s = '';
  for (let i = 0; i < tokens.length; i++) s += (i ? ' ' : '') + canonicalToken(tokens[i]);
  return s;
}

/** Small English stop-word list: never expanded through WordNet and ignored as context evidence. */
/** A hyphenated word whose last part is a particle ("sign-off", "check-in", "follow-up"): a noun, or a verb when open. */
export const PARTICLE_END = /-(?:off|on|in|out|up|down|over|back|through|away|by)$/;

export const STOPWORDS: ReadonlySet<string> = new Set(
  ('a an and are as at be been being but by can could did do does for from had has have how i if in into is it its ' +
    'me my no not of on or our so such than that the their them then there these they this those to too us was we ' +
    'were what when where which who whom why will with would you your about after all also any before between both ' +
    'each few more most other over same some under until up very via vs per just only own off out should now get got').split(' '),
);

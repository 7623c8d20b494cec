import { canonicalKey, STOPWORDS, tokenize } from '../expansion/engine/normalize';
import { spellingVariant } from '../expansion/engine/analysis/spelling';

/**
 * The pure part of discovery (docs/CURATION.md, "Discovery"): reformulations found in session sequences, the
 * aggregation of their evidence and the bounds on ratings. No Nest, no database: the job feeds it rows.
 */

/** Longest replaced span, in tokens, on either side of a reformulation. */
export const MAX_SPAN_TOKENS = 3;
/** Example reformulations kept per pair. */
export const MAX_EXAMPLES = 5;
/** Ratings a pair or entry needs before its share is judged. */
export const MIN_RATINGS = 10;
/** A share is "clearly" above this when the lower Wilson bound (95%) of it is at least this. */
export const CLEAR_SHARE = 0.7;
const Z = 1.96;

/** One recorded query, as the job reads it from expansion_events. */
export interface SessionEvent {
  sessionId: string;
  userId: string;
  query: string;
  domain: string | null;
  createdAt: Date;
}

/** A replaced span: the normalised text before and after. */
export interface SpanPair {
  term: string;
  synonym: string;
}

export interface ReformulationExample {
  before: string;
  after: string;
}

/** Everything seen of one span pair. */
export interface PairEvidence extends SpanPair {
  users: Set<string>;
  sessions: Set<string>;
  reformulations: number;
  examples: ReformulationExample[];
  domains: Map<string, number>;
  firstSeen: Date;
  lastSeen: Date;
}

/** Optimal string alignment distance (Levenshtein plus adjacent transpositions), for spotting typo fixes. */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/**
 * True when two spans differ only in spelling: the same letters without separators ("e-mail"/"email",
 * "note book"/"notebook"), a British/American variant ("colour"/"color"), or a typo fix (edit distance at most 2
 * and at most a third of the longer span: "crashng"/"crashing").
 */
export function isSpellingChange(a: string[], b: string[]): boolean {
  const squash = (t: string[]) => t.join('').replace(/[.\-'&/_]/g, '');
  if (squash(a) === squash(b)) return true;
  if (a.length === b.length && a.every((w, i) => w === b[i] || spellingVariant(w) === b[i])) return true;
  const x = a.join(' ');
  const y = b.join(' ');
  const distance = editDistance(x, y);
  return distance <= 2 && distance * 3 <= Math.max(x.length, y.length);
}

/**
 * The one replaced span between two queries, on normalised tokens: the common prefix and suffix are the
 * context (at least one token of it), the differing middles the pair. Undefined unless each middle has 1–3
 * tokens, neither is stop words only, they differ after plural folding (canonicalKey) and not only in spelling.
 */
export function replacedSpan(before: string, after: string): SpanPair | undefined {
  const a = tokenize(before);
  const b = tokenize(after);
  let prefix = 0;
  while (prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) prefix++;
  let suffix = 0;
  while (suffix < a.length - prefix && suffix < b.length - prefix && a[a.length - 1 - suffix] === b[b.length - 1 - suffix]) suffix++;
  if (prefix + suffix === 0) return undefined;
  const from = a.slice(prefix, a.length - suffix);
  const to = b.slice(prefix, b.length - suffix);
  if (from.length < 1 || to.length < 1 || from.length > MAX_SPAN_TOKENS || to.length > MAX_SPAN_TOKENS) return undefined;
  if (from.every((w) => STOPWORDS.has(w)) || to.every((w) => STOPWORDS.has(w))) return undefined;
  if (canonicalKey(from) === canonicalKey(to)) return undefined;
  if (isSpellingChange(from, to)) return undefined;
  return { term: from.join(' '), synonym: to.join(' ') };
}

/** Singular and plural wordings of a pair are one pair ("laptops" -> "notebooks" is "laptop" -> "notebook"). */
const pairKey = (p: SpanPair) => `${canonicalKey(p.term.split(' '))}\u0001${canonicalKey(p.synonym.split(' '))}`;

/**
 * Collects reformulation evidence from events sorted by session, then time. Feed it in any number of batches
 * (a session may span two); consecutive queries of one session within `windowMs` are compared.
 */
export class ReformulationMiner {
  readonly pairs = new Map<string, PairEvidence>();
  sessionsScanned = 0;
  eventsScanned = 0;
  private previous?: SessionEvent;

  constructor(private readonly windowMs: number) {}

  add(event: SessionEvent): void {
    this.eventsScanned++;
    const prev = this.previous;
    this.previous = event;
    if (!prev || prev.sessionId !== event.sessionId) {
      this.sessionsScanned++;
      return;
    }
    const gap = event.createdAt.getTime() - prev.createdAt.getTime();
    if (gap < 0 || gap > this.windowMs) return;
    const span = replacedSpan(prev.query, event.query);
    if (!span) return;
    const key = pairKey(span);
    let found = this.pairs.get(key);
    if (!found) {
      found = { ...span, users: new Set(), sessions: new Set(), reformulations: 0, examples: [], domains: new Map(), firstSeen: event.createdAt, lastSeen: event.createdAt };
      this.pairs.set(key, found);
    }
    // the shorter wording (the singular, as the catalogue keeps it) names the pair
    if (span.term.length + span.synonym.length < found.term.length + found.synonym.length) {
      found.term = span.term;
      found.synonym = span.synonym;
    }
    found.users.add(event.userId);
    found.sessions.add(event.sessionId);
    found.reformulations++;
    const example = { before: prev.query, after: event.query };
    if (found.examples.length < MAX_EXAMPLES && !found.examples.some((e) => e.before === example.before && e.after === example.after)) found.examples.push(example);
    const domain = event.domain ?? prev.domain ?? 'general';
    found.domains.set(domain, (found.domains.get(domain) ?? 0) + 1);
    if (event.createdAt < found.firstSeen) found.firstSeen = event.createdAt;
    if (event.createdAt > found.lastSeen) found.lastSeen = event.createdAt;
  }
}

/** The most frequent domain of a pair's evidence; ties go to the alphabetically first. */
export function mainDomain(domains: Map<string, number>): string {
  let best = 'general';
  let bestCount = 0;
  for (const [domain, count] of [...domains.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (count > bestCount) {
      best = domain;
      bestCount = count;
    }
  }
  return best;
}

/** Score of reformulation evidence, in [0, 1): distinct users / (distinct users + the minimum); 0.5 at the minimum. */
export function reformulationScore(distinctUsers: number, minUsers: number): number {
  return round3(distinctUsers / (distinctUsers + minUsers));
}

/** Lower bound of the 95% Wilson score interval of `successes` out of `n` (0 for none). */
export function wilsonLower(successes: number, n: number): number {
  if (n <= 0) return 0;
  const p = successes / n;
  const z2 = Z * Z;
  return (p + z2 / (2 * n) - Z * Math.sqrt((p * (1 - p) + z2 / (4 * n)) / n)) / (1 + z2 / n);
}

/** Ratings clearly positive: at least MIN_RATINGS, and the lower Wilson bound of the helpful share at least CLEAR_SHARE. */
export function clearlyHelpful(helpful: number, uses: number): boolean {
  return uses >= MIN_RATINGS && wilsonLower(helpful, uses) >= CLEAR_SHARE;
}

/** Ratings clearly negative: at least MIN_RATINGS, and the lower Wilson bound of the unhelpful share at least CLEAR_SHARE. */
export function clearlyUnhelpful(helpful: number, uses: number): boolean {
  return uses >= MIN_RATINGS && wilsonLower(uses - helpful, uses) >= CLEAR_SHARE;
}

export const round3 = (n: number): number => Math.round(n * 1000) / 1000;

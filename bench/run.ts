/**
 * `npm run bench`: the engine micro-benchmark (bench/engine.ts), then the HTTP benchmark (bench/http.ts);
 * prints the results as markdown; `--write` also rewrites docs/BENCHMARKS.md with them.
 *
 *   npm run bench [-- --engine-only | --http-only | --analytics-only | --simulate | --framework] [--analytics --drop-database] [--duration=10] [--warmup=2] [--settle=10] [--rounds=1] [--write]
 * --simulate runs only the impact simulation benchmark (bench/simulate.ts); --framework only the four minimal Nest apps
 * that show what Nest's own guard and pipe machinery costs (bench/framework.ts; --rounds=3, --duration=8 by default).
 * The analytics part runs only when asked (--analytics or --analytics-only) and only with --drop-database: it needs
 * MySQL/MariaDB (DB_HOST etc.; default 127.0.0.1 root), drops and recreates the database `qes_bench` there and loads
 * 1M events (~4 min).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { runEngineBench, toMarkdown, type EngineBenchResult } from './engine';
import { runAnalyticsBench, type AnalyticsBenchResult } from './analytics';
import { runSimulateBench, simulateToMarkdown, type SimulateBenchResult } from './simulate';
import { frameworkToMarkdown, runFrameworkBench, type FrameworkBenchResult } from './framework';
import { httpToMarkdown, median, round, runHttpBench, type HttpBenchResult } from './http';
import type { ProfileResult } from './profile';
import { allocationLines, censusLines } from './cpu';

/** The engine bench measures heap after a forced GC; expose gc() when node was not started with --expose-gc. */
function exposeGc(): void {
  const g = global as unknown as { gc?: () => void };
  if (typeof g.gc === 'function') return;
  setFlagsFromString('--expose-gc');
  g.gc = runInNewContext('gc') as () => void;
}

export function machine(): string {
  const c = cpus();
  return `${c[0]?.model.trim() ?? 'unknown CPU'}, ${c.length} cores, ${Math.round(totalmem() / 2 ** 30)} GB RAM, Node ${process.version}, ${process.platform}/${process.arch}`;
}

/** What the document is made from; kept in it, so a partial run (--engine-only, --http-only) keeps the other part. */
export interface Section<T> {
  date: string;
  machine: string;
  result: T;
}
export interface BenchData {
  engine?: Section<EngineBenchResult>;
  http?: Section<HttpBenchResult>;
  analytics?: Section<AnalyticsBenchResult>;
  /** npm run bench -- --simulate --write */
  simulate?: Section<SimulateBenchResult>;
  /** npm run bench:profile -- --write */
  profile?: Section<ProfileResult>;
  /** npm run bench -- --framework --write */
  framework?: Section<FrameworkBenchResult>;
  /** the HTTP targets of the latest written run on each Node.js line (by major version), whatever line the document's HTTP section is from */
  httpLines?: Record<string, HttpLineSummary>;
}

/** One Node.js line's HTTP targets, from one run. */
export interface HttpLineSummary {
  date: string;
  machine: string;
  rounds: number;
  ratios: Pick<HttpBenchResult['ratios'], 'constantVsMinimalRps' | 'expandVsMinimalRps' | 'expandVsMinimalP99' | 'constantUnscopedVsMinimalRps' | 'pairs'>;
  targets: HttpBenchResult['targets'];
}

/** The summary of an HTTP run kept per Node.js line. */
export function httpLineSummary(section: Section<HttpBenchResult>): HttpLineSummary {
  const { ratios, targets, config } = section.result;
  const { constantVsMinimalRps, expandVsMinimalRps, expandVsMinimalP99, constantUnscopedVsMinimalRps, pairs } = ratios;
  return { date: section.date, machine: section.machine, rounds: config.rounds ?? 1, ratios: { constantVsMinimalRps, expandVsMinimalRps, expandVsMinimalP99, constantUnscopedVsMinimalRps, pairs }, targets };
}

/** The table of the HTTP targets per Node.js line (empty without any). */
export function httpLinesTable(lines: Record<string, HttpLineSummary> | undefined): string[] {
  // keys are major versions, integer-like: JavaScript lists them in ascending order
  const entries = Object.entries(lines ?? {});
  if (entries.length === 0) return [];
  const yes = (ok: boolean) => (ok ? 'yes' : '**no**');
  const med = (v: number[] | undefined) => (v && v.length > 1 ? ` (pairs: median ${round(median(v))}, ${Math.min(...v)}–${Math.max(...v)})` : '');
  return [
    'The same targets on each Node.js line (`npm run bench -- --http-only --rounds=N --write` run with that line\'s `node`;',
    'each row is one run, its ratios of the means over all its segments, with the per-pair median and range):',
    '',
    '| Node.js | date | rounds | constant ÷ minimal (≥ 0.7) | expand ÷ minimal (≥ 0.5) | expand p99 ÷ minimal (≤ 3) | constant without the request scope ÷ minimal |',
    '|---|---|---:|---|---|---|---:|',
    ...entries.map(([major, l]) => {
      const node = /Node (v[\d.]+)/.exec(l.machine)?.[1] ?? major;
      const r = l.ratios;
      return (
        `| ${node} | ${l.date.slice(0, 10)} | ${l.rounds} | ${r.constantVsMinimalRps} ${yes(l.targets.constantAtLeast70pcOfMinimal)}${med(r.pairs?.constant)} ` +
        `| ${r.expandVsMinimalRps} ${yes(l.targets.expandAtLeast50pcOfMinimal)}${med(r.pairs?.expand)} | ${r.expandVsMinimalP99} ${yes(l.targets.expandP99AtMost3xMinimal)}${med(r.pairs?.expandP99)} ` +
        `| ${r.constantUnscopedVsMinimalRps ?? '–'} |`
      );
    }),
    '',
  ];
}
const DATA_START = '<!-- bench-data ';
const DATA_END = ' -->';

export const BENCHMARKS_FILE = join(__dirname, '..', 'docs', 'BENCHMARKS.md');

export function readPrevious(file: string): BenchData {
  if (!existsSync(file)) return {};
  const text = readFileSync(file, 'utf8');
  const at = text.lastIndexOf(DATA_START);
  if (at < 0) return {};
  try {
    const data = JSON.parse(text.slice(at + DATA_START.length, text.indexOf(DATA_END, at))) as BenchData;
    // an HTTP section from before the minimal Nest app was measured cannot be shown in today's form
    if (data.http && !('minimal' in data.http.result)) delete data.http;
    return data;
  } catch {
    return {};
  }
}

export function document(data: BenchData): string {
  const { engine: es, http: hs } = data;
  const engine = es?.result;
  const http = hs?.result;
  const dates = [...new Set([es?.date, hs?.date].filter(Boolean))];
  const machines = [...new Set([es?.machine, hs?.machine].filter(Boolean))];
  const out: string[] = [
    '# Benchmarks',
    '',
    '<!-- Written by `npm run bench` (bench/run.ts); edit the generator, not this file. -->',
    '',
    `- Machine: ${machines.join(' / ')}`,
    `- Date: ${es && hs && es.date !== hs.date ? `engine ${es.date}, HTTP ${hs.date}` : dates[0]}`,
    '- Command: `npm run bench -- --write` (engine and HTTP; `--engine-only` or `--http-only` for one part; the analytics report on MariaDB with `--analytics --drop-database`, or `--analytics-only --drop-database`: it drops and recreates the database `qes_bench`; the impact simulation with `--simulate`; what Nest itself costs with `--framework`)',
    '',
  ];
  if (http) {
    const t = http.targets;
    out.push(
      '## Summary',
      '',
      '| target | measured | met |',
      '|---|---:|---|',
      `| constant route reaches ≥ 70% of a minimal Nest + Express app's req/s | ${Math.round(http.ratios.constantVsMinimalRps * 100)}% | ${t.constantAtLeast70pcOfMinimal ? 'yes' : '**no**'} |`,
      `| expand reaches ≥ 50% of a minimal Nest + Express app's req/s | ${Math.round(http.ratios.expandVsMinimalRps * 100)}% | ${t.expandAtLeast50pcOfMinimal ? 'yes' : '**no**'} |`,
      `| expand p99 ≤ 3× the minimal app's p99 | ${http.ratios.expandVsMinimalP99}× | ${t.expandP99AtMost3xMinimal ? 'yes' : '**no**'} |`,
    );
    if (http.expandUncached) {
      out.push(
        `| (information) expand with the result cache off (every request new): share of the minimal app's req/s | ${Math.round((http.ratios.expandUncachedVsMinimalRps ?? 0) * 100)}% | |`,
        `| (information) expand with the result cache off: p99 ÷ the minimal app's p99 | ${http.ratios.expandUncachedVsMinimalP99 ?? '–'}× | |`,
      );
    }
    if (engine) {
      const e = engine.targets;
      out.push(
        `| engine p99 < 1 ms at the largest catalogue | ${engine.rows[engine.rows.length - 1].p99Us} µs | ${e.p99Under1ms ? 'yes' : '**no**'} |`,
        `| engine index build < 10 s for 1M entries | ${engine.rows.find((r) => r.entries >= 1_000_000)?.buildMs ?? '–'} ms | ${e.buildUnder10s ? 'yes' : '**no**'} |`,
        `| engine heap < 1 GB | ${Math.max(...engine.rows.map((r) => r.heapMB))} MB | ${e.heapUnder1GB ? 'yes' : '**no**'} |`,
        `| engine p99 grows < 3× from smallest to largest catalogue | ${engine.p99Ratio}× | ${e.growthUnder3x ? 'yes' : '**no**'} |`,
      );
    }
    out.push('', ...httpLinesTable(data.httpLines));
  }
  if (engine) {
    out.push(
      '## Engine',
      '',
      'The expansion engine alone (no HTTP, no database), in process, over synthetic catalogues with WordNet loaded:',
      'index build time, heap held by the index, and latency of single expansions of 10-word queries.',
      '',
      toMarkdown(engine),
      '',
    );
  }
  if (http) {
    out.push(
      '## HTTP',
      '',
      'POST /query-expansion/expand through the whole stack (helmet, request id, JWT authentication, roles,',
      'rate limiting with a limit the run cannot reach, body validation, versioning; no CORS, as no origin is configured) over a',
      `${http.config.entries.toLocaleString('en-US')}-entry catalogue, next to a constant route of the same app`,
      '(`POST /query-expansion/bench-constant`: same guards, same `ExpandRequestDto` validation, a fixed answer of',
      'the size of a typical expand answer), a minimal Nest + Express app answering that same body (one route, no',
      'guards, pipes or logging: the framework ceiling on this adapter) and a bare `node:http` server.',
      ...(http.expandUncached
        ? [
            'Expand runs at the service\'s defaults: its result cache (docs/EXPANSION.md, "Result cache") answers a request',
            'body of the rotating pool from the engine the first time and from the cache afterwards, as a front end\'s',
            'repeated head queries would be. A second instance of the app with `EXPANSION_CACHE_SIZE=0` measures what a',
            'request the cache has not seen costs (every request runs the engine).',
          ]
        : []),
      ...(http.constantUnscoped
        ? [
            'A third instance runs its requests outside the request scope (the benchmark replaces the scope\'s `run` with a',
            'plain call, so AsyncLocalStorage is never entered): its constant route shows what the scope costs.',
          ]
        : []),
      '',
      httpToMarkdown(http),
      '',
    );
  }
  const pr = data.profile;
  if (pr) {
    const p = pr.result;
    out.push(
      '## Where the time goes',
      '',
      `CPU profile of the running service under load (\`npm run bench:profile -- --route=${p.route}${p.census ? ' --async' : ''}${p.alloc ? (p.alloc.survivors ? ' --alloc=survivors' : ' --alloc') : ''} --write\`, ${pr.date.slice(0, 10)}, ${pr.machine}):`,
      `V8's sampling profiler runs in the server only while autocannon loads \`POST ${p.path}\` (50 connections, ${p.durationS} s,`,
      `${p.requests.toLocaleString('en-US')} requests, start-up and warm-up excluded); each sample's self time goes to the package or service`,
      'folder of the function it was in, divided by the requests served. `--route=expand` profiles expand at the service\'s',
      'defaults (result cache on: the rotating bodies are answered from it), `--route=expand-uncached` the same app with the',
      'cache off (every request runs the engine), `--route=constant` or `--route=minimal` the constant route or the minimal Nest',
      "app; `--detail=<row>` lists the functions inside one row. Native calls without a script location are named by function",
      '(`node: run` is mostly better-sqlite3 writing the expansion events).',
      '',
      '| where | µs per request | share |',
      '|---|---:|---:|',
      ...p.rows.map((r) => `| ${r.bucket} | ${r.micros} | ${r.share}% |`),
      `| **total** | **${p.totalMicros}** | |`,
      ...serviceLayerLines(p),
      '',
      ...(p.census
        ? [
            'Async resources the route makes per request (`--async`: a further 3 s of the same load with an async_hooks census on, after',
            'the profile, since the hook slows the server). Each promise is an allocation and, on Node 20 and 22, a call of the',
            "request-id context's promise hook; `--route=minimal --async` gives the framework's own count.",
            '',
            '```',
            ...censusLines(p.census.census, p.census.requests),
            '```',
            '',
          ]
        : []),
      ...(p.alloc
        ? [
            ...(p.alloc.survivors
              ? [
                  "Bytes per request that no young-generation collection freed (`--alloc=survivors`: a further 3 s of the same load under V8's",
                  'sampling heap profiler): what is promoted to the old generation, or made there, which grows into fresh pages (page',
                  "faults) until a full collection. `--route=minimal --alloc=survivors` gives the framework's own figure.",
                ]
              : [
                  "Bytes the route allocates per request (`--alloc`: a further 3 s of the same load under V8's sampling heap profiler, every",
                  'allocation counted, also what the next scavenge frees): how much a request allocates sets how often the young generation',
                  "is collected. `--route=minimal --alloc` gives the framework's own figure. `--alloc=survivors` counts only what no",
                  'young-generation collection frees: what grows the old generation into fresh pages (page faults) until a full collection.',
                ]),
            '',
            '```',
            ...allocationLines(p.alloc),
            '```',
            '',
          ]
        : []),
    );
  }
  const an = data.analytics;
  if (an) {
    const a = an.result;
    const max = Math.round(Math.max(...a.reportMs));
    out.push(
      '## Analytics report',
      '',
      `GET /query-expansion/analytics/report computed by \`AnalyticsService.report()\` on MariaDB over ${a.events.toLocaleString('en-US')}`,
      `expansion events (90 days), ${a.feedback.toLocaleString('en-US')} feedback records and ${a.synonyms.toLocaleString('en-US')} catalogue entries`,
      `(\`bench/analytics.ts\`, ${an.date}; load ${Math.round(a.loadSeconds)} s). Three reports — the whole period, a month with partial`,
      'first and last days, one domain — three times each, after one warm-up report.',
      '',
      '| target | measured | met |',
      '|---|---:|---|',
      `| report over 1M events and 100k feedback < 2 s | median ${Math.round(a.medianMs)} ms, max ${max} ms | ${max < 2000 ? 'yes' : '**no**'} |`,
      '',
      `Each report (ms): ${a.reportMs.map((x) => Math.round(x)).join(', ')}.`,
      '',
    );
  }
  const fw = data.framework;
  if (fw) {
    out.push(
      '## What Nest itself costs',
      '',
      `Four minimal Nest + Express apps answering the same ${fw.result.bodyBytes.toLocaleString('en-US')}-byte JSON body (\`npm run bench -- --framework --write\`, \`bench/framework.ts\`, ${fw.date.slice(0, 10)}, ${fw.machine}),`,
      `side by side under autocannon (50 connections, ${fw.result.durationS} s per segment after 2 s of warm-up, ${fw.result.rounds} rounds, the order reversed every other round):`,
      'what Nest\'s own guard and parameter-pipe machinery costs, with nothing of the service in it. The constant route goes through all of it;',
      'the rest of its distance to the minimal app is what the service\'s own middleware, guards and headers cost (and the garbage',
      'collection and writes they bring). The per-round figures show the host\'s noise: a difference smaller than their spread is none.',
      '',
      frameworkToMarkdown(fw.result),
      '',
    );
  }
  const sim = data.simulate;
  if (sim) {
    out.push(
      '## Impact simulation',
      '',
      `POST /query-expansion/admin/simulate as \`ImpactService\` runs it in process (\`bench/simulate.ts\`, ${sim.date}, ${sim.machine}):`,
      `${sim.result.queries.toLocaleString('en-US')} distinct recorded queries (10-word queries of the engine benchmark) replayed over a`,
      `${sim.result.entries.toLocaleString('en-US')}-entry synthetic catalogue and over the overlay of a change set, at the service's defaults with`,
      'WordNet loaded, then the rule lint of the change set; median and max of 5 runs. A query none of whose words the change set',
      'touches is counted as replayed and unchanged without being expanded (docs/CURATION.md); the worst case touches every query.',
      '',
      simulateToMarkdown(sim.result),
      '',
    );
  }
  out.push(
    '## Method',
    '',
    '- One run, side by side: the servers are measured one after another within the same few minutes, under the same',
    '  load (autocannon, 50 connections, the same rotating pool of request bodies); the minimal app, constant, constant',
    '  without the request scope, expand and expand with the cache off twice per round, interleaved (bare, minimal, constant, constant',
    '  without the request scope, expand, expand cache off, expand cache off, expand, constant without the request scope,',
    '  constant, minimal), so that drift over the run cancels out; `--rounds=N` runs that order N times (the bare server',
    '  once), so that one noisy segment weighs less. Each server reports its own CPU time (process.cpuUsage, user + system) before and after',
    '  each measured segment: CPU per request is the server\'s, whatever the load generator costs. It also reports its page',
    '  faults (process.resourceUsage, minor + major): each is a page of memory touched for the first time, or again after',
    '  the kernel took it back, and on this virtual machine a dear one; a server whose heap keeps growing into new pages',
    '  pays for them inside its garbage collections. Figures are the',
    '  means of all its segments; with two or more pairs the report also gives each segment pair\'s ratios (a server\'s',
    '  k-th segment ÷ the minimal app\'s k-th, in the same pass of the same round) with their median and range. Each',
    '  segment is preceded by an unmeasured warm-up, and before the first segment every server takes `--settle` seconds',
    '  (default 10) of unmeasured load, so that no server is measured while its JIT and heap are still settling (a Node 24',
    '  run without it had the app\'s CPU per request falling over its first two rounds, the minimal app\'s not).',
    '- The servers run in child processes; the load generator runs in the parent, so it never shares an event loop',
    '  with the server it measures. On a 2-core machine client and server still share the CPU, which is why absolute',
    '  req/s are low and vary from run to run: read the ratios, which compare like with like in the same run.',
    '- The app is the real AppModule configured by `configureApp` (as `src/main.ts` does), on a fresh SQLite file,',
    '  `LOG_LEVEL=warn`, `WORDNET=on`, `RATE_LIMIT_EXPANSION=10000000` in the default 60 s window: the throttler still',
    '  counts every request, but cannot refuse one. Each of the 50 connections is its own user (own token), as real',
    '  traffic is; each user holds a few thousand live hits, which the in-memory store does not walk on each request.',
    '  The catalogue is bulk-inserted (deterministic PRNG: real and invented words, multi-word terms, some entries',
    '  scoped to a role or department), then the index is rebuilt with `ExpansionIndexService.rebuild()`.',
    '- Queries: a pool of 200 deterministic 5-10-word queries mixing catalogue terms, acronyms (ML, API, SLA, KPI…),',
    '  abbreviations (db, config, mgmt…) and plain words; some name a domain, a role, settings or a conversation.',
    '- The constant route (`bench/bench-app.ts`) is mounted only by the benchmark, through a wrapper module around',
    '  AppModule; a normal start never has it. Its answer is a real expand answer, the one of median size.',
    '- Any non-2xx answer, socket error or timeout makes the run fail instead of reporting numbers.',
    '',
    `${DATA_START}${JSON.stringify(data)}${DATA_END}`,
    '',
  );
  return out.join('\n');
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const arg = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  const analyticsOnly = argv.includes('--analytics-only');
  const engineOnly = argv.includes('--engine-only');
  const httpOnly = argv.includes('--http-only');
  const simulateOnly = argv.includes('--simulate');
  const frameworkOnly = argv.includes('--framework');
  const withAnalytics = analyticsOnly || argv.includes('--analytics');
  if (withAnalytics && !argv.includes('--drop-database')) {
    throw new Error('The analytics benchmark drops and recreates the database qes_bench on the configured MySQL/MariaDB server: add --drop-database to allow it');
  }
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const file = BENCHMARKS_FILE;
  const write = argv.includes('--write');
  const data: BenchData = write ? readPrevious(file) : {};
  const section = <T>(result: T): Section<T> => ({ date: new Date().toISOString(), machine: machine(), result });

  if (simulateOnly) {
    log('impact simulation benchmark (100k entries, 10k recorded queries)...');
    data.simulate = section(runSimulateBench(log));
  }
  if (frameworkOnly) {
    log('framework benchmark (four minimal Nest apps)...');
    data.framework = section(await runFrameworkBench({ rounds: Number(arg('rounds') ?? 3), duration: Number(arg('duration') ?? 8), log }));
  }
  if (!httpOnly && !analyticsOnly && !simulateOnly && !frameworkOnly) {
    exposeGc();
    log('engine benchmark (10k, 100k, 1M entries, WordNet on)...');
    data.engine = section(runEngineBench({ wordnet: true, queries: Number(arg('queries') ?? 20_000), log }));
  }
  if (!engineOnly && !analyticsOnly && !simulateOnly && !frameworkOnly) {
    log('HTTP benchmark...');
    data.http = section(await runHttpBench({
      duration: Number(arg('duration') ?? 10),
      warmup: Number(arg('warmup') ?? 2),
      settle: Number(arg('settle') ?? 10),
      entries: Number(arg('entries') ?? 100_000),
      rounds: Number(arg('rounds') ?? 1),
      log,
    }));
    data.httpLines = { ...data.httpLines, [process.versions.node.split('.')[0]]: httpLineSummary(data.http) };
  }
  if (withAnalytics) {
    log('analytics benchmark (MariaDB, 1M events, 100k feedback)...');
    data.analytics = section(await runAnalyticsBench());
  }
  const doc = document(data);
  process.stdout.write(`${doc.slice(0, doc.lastIndexOf(DATA_START)).trimEnd()}\n`);
  if (write) {
    writeFileSync(file, doc);
    log(`written ${file}`);
  }
}

if (require.main === module) main().catch((err: Error) => {
  process.stderr.write(`${err.stack ?? err.message}\n`);
  process.exit(1);
});

/** The expand service layer's cost beyond the engine (ids, response, explanations, event hand-over), for expand profiles. */
export function serviceLayerLines(p: ProfileResult): string[] {
  const s = p.serviceLayer;
  if (!s) return [];
  return [
    '',
    `Expand service layer beyond the engine: **${s.serviceMicros - s.engineMicros} µs** per request (target ≤ 100): \`ExpansionService.expandJson\` (the answer, its event and its JSON text) ${s.serviceMicros} µs inclusive, of which the engine (\`expand\` in \`engine/expand.ts\`, analysis included) ${s.engineMicros} µs.`,
  ];
}

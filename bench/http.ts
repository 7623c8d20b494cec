/**
 * HTTP benchmark: autocannon, 50 connections, side by side in one run against
 *   1. a bare node:http server answering the constant body (the machine's ceiling),
 *   2. a minimal Nest + Express app answering the same body (the framework's ceiling on this adapter),
 *   3. POST /query-expansion/bench-constant of the real app (same guards and pipes as expand, fixed answer),
 *   4. POST /query-expansion/expand of the same app over a 100k-entry catalogue, at the service's defaults
 *      (result cache on: the 200 bodies in rotation are answered from it once seen),
 *   5. POST /query-expansion/expand of a second such app with EXPANSION_CACHE_SIZE=0: every request runs the engine,
 *   6. POST /query-expansion/bench-constant of a third such app whose requests run outside the request scope
 *      (bench-app.ts --no-request-scope): the difference from 3 is what AsyncLocalStorage costs.
 * The servers run in child processes (bench/bench-app.ts, bench/minimal-app.ts, and this file with
 * --bare-server) so the load generator never shares an event loop with the server it measures. Every server but
 * the bare one is measured twice per round, interleaved (minimal, constant, constant without the scope, expand, expand cache
 * off, then the same backwards), so drift on a shared machine cancels out. Each server reports its CPU time around every measured
 * segment, so the CPU cost per request is the server's own, whatever the load generator costs.
 *
 * `--rounds=N` runs that order N times (the bare server once): N times the segment pairs, so that one noisy segment
 * weighs less; the report gives each pair's ratios beside the ratio of the means.
 *
 *   node -r ts-node/register/transpile-only bench/http.ts [--duration=10] [--warmup=2] [--settle=10] [--entries=100000] [--rounds=1]
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { join } from 'node:path';
import type { BenchAppMessage } from './bench-app';
import { answerCpuReadings, type ServerUsage, usageOf } from './cpu';

/** The part of autocannon's API used here (the package ships no types). */
interface CannonResult {
  duration: number;
  requests: { total: number; average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Cannon = (opts: Record<string, unknown>) => Promise<CannonResult>;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require('autocannon') as Cannon;

export interface HttpBenchOptions {
  connections?: number;
  /** measured seconds per segment */
  duration?: number;
  /** unmeasured seconds before each segment */
  warmup?: number;
  /**
   * unmeasured seconds of load on each server before the first measured segment, so that every server is measured
   * once its JIT and heap have settled (the app's larger code takes longer than the minimal app's)
   */
  settle?: number;
  entries?: number;
  /** times the interleaved order is run (the bare server once): more segment pairs, so one noisy segment weighs less */
  rounds?: number;
  log?: (line: string) => void;
}

export interface HttpRun {
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** the server's CPU time (user + system) per request in this segment, µs */
  cpuMicrosPerRequest: number;
  /** the server's page faults per request in this segment (absent in runs recorded before they were counted) */
  faultsPerRequest?: number;
}

export interface HttpTargetResult extends HttpRun {
  name: string;
  path: string;
  /** mean response body size, bytes */
  bodyBytes: number;
  runs: HttpRun[];
}

export interface HttpBenchResult {
  bare: HttpTargetResult;
  minimal: HttpTargetResult;
  constant: HttpTargetResult;
  expand: HttpTargetResult;
  /** expand with the result cache off: what a request the cache has not seen costs */
  expandUncached?: HttpTargetResult;
  /** the constant route of a third instance whose requests run outside the request scope (AsyncLocalStorage); its difference from `constant` is what the scope costs */
  constantUnscoped?: HttpTargetResult;
  ratios: {
    /** constant req/s ÷ minimal Nest app req/s (target ≥ 0.7): what the app's middleware, guards and pipes cost */
    constantVsMinimalRps: number;
    /** expand req/s ÷ minimal Nest app req/s (target ≥ 0.5) */
    expandVsMinimalRps: number;
    /** expand p99 ÷ minimal Nest app p99 (target ≤ 3) */
    expandVsMinimalP99: number;
    /** expand req/s ÷ constant req/s */
    expandVsConstantRps: number;
    /** expand with the cache off, req/s ÷ minimal Nest app req/s */
    expandUncachedVsMinimalRps?: number;
    /** expand with the cache off, p99 ÷ minimal Nest app p99 */
    expandUncachedVsMinimalP99?: number;
    /** minimal Nest app req/s ÷ bare node:http req/s: what the framework itself costs */
    minimalVsBareRps: number;
    /** constant route without the request scope, req/s ÷ minimal Nest app req/s */
    constantUnscopedVsMinimalRps?: number;
    /** the same ratios per segment pair (a server's k-th segment ÷ the minimal app's k-th: same round, same pass) */
    pairs?: { constant: number[]; expand: number[]; expandP99: number[] };
  };
  targets: { constantAtLeast70pcOfMinimal: boolean; expandAtLeast50pcOfMinimal: boolean; expandP99AtMost3xMinimal: boolean };
  config: { connections: number; duration: number; warmup: number; settle?: number; entries: number; bodies: number; autocannon: string; rounds?: number };
  /** expand's own processing_time_ms, one request at a time (no load), answered from the cache */
  serviceTime: { meanMs: number; p99Ms: number };
  /** the same with the cache off: engine, ids, event hand-over */
  serviceTimeUncached?: { meanMs: number; p99Ms: number };
  setupMs: { start: number; populate: number; index: number };
}

/** n to d decimals (2 by default), as the report prints ratios */
export const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;

/* ------------------------------------------------------------------ child processes */

export const TS_NODE = ['-r', 'ts-node/register/transpile-only'];

export function waitFor<T extends { type: string }>(child: ChildProcess, what: string, timeoutMs: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not start within ${timeoutMs / 1000} s`)), timeoutMs);
    child.once('message', (m: T & { message?: string }) => {
      clearTimeout(timer);
      if (m.type === 'error') reject(new Error(`${what} failed to start:\n${m.message}`));
      else resolve(m);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited with code ${code} before it was ready`));
    });
  });
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    if (child.connected) child.send({ type: 'close' });
    else child.kill('SIGTERM');
  });
}

/** The bare server: reads the request body, answers the constant body. Runs as `http.ts --bare-server`. */
function serveBare(): void {
  process.once('message', (m: { type: string; body: string }) => {
    const body = Buffer.from(m.body);
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
        res.end(body);
      });
    });
    server.keepAliveTimeout = 60_000;
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      process.send?.({ type: 'ready', url: `http://127.0.0.1:${port}` });
    });
    process.on('message', (c: { type?: string }) => {
      if (c?.type === 'close') server.close(() => process.exit(0));
    });
    process.on('disconnect', () => process.exit(0));
  });
}

/* ------------------------------------------------------------------ load */

interface Target {
  name: string;
  url: string;
  path: string;
}

interface CannonClient {
  setRequests(requests: object[]): void;
}

export async function cannon(target: Target, tokens: string[], bodies: string[], connections: number, duration: number): Promise<CannonResult> {
  const requests = (offset: number, token: string) =>
    bodies.map((_, i) => ({ method: 'POST', path: target.path, body: bodies[(i + offset) % bodies.length], headers: { authorization: `Bearer ${token}` } }));
  let client = 0;
  return autocannon({
    url: target.url,
    connections,
    duration,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    requests: requests(0, tokens[0]),
    // Each connection is its own user and cycles through the whole pool of bodies from its own starting point.
    setupClient: (c: CannonClient) => {
      const n = client++;
      c.setRequests(requests((n * 37) % bodies.length, tokens[n % tokens.length]));
    },
  });
}

function toRun(r: CannonResult, used: ServerUsage): HttpRun {
  return {
    cpuMicrosPerRequest: round(used.micros / Math.max(1, r.requests.total), 0),
    faultsPerRequest: round(used.faults / Math.max(1, r.requests.total), 2),
    reqPerSec: round(r.requests.total / r.duration, 0),
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  };
}

function combine(target: Target, runs: HttpRun[], bodyBytes: number): HttpTargetResult {
  const mean = (f: (r: HttpRun) => number) => runs.reduce((s, r) => s + f(r), 0) / runs.length;
  const sum = (f: (r: HttpRun) => number) => runs.reduce((s, r) => s + f(r), 0);
  return {
    name: target.name,
    path: target.path,
    bodyBytes,
    reqPerSec: round(mean((r) => r.reqPerSec), 0),
    p50Ms: round(mean((r) => r.p50Ms), 1),
    p99Ms: round(mean((r) => r.p99Ms), 1),
    cpuMicrosPerRequest: round(sum((r) => r.cpuMicrosPerRequest * r.requests) / Math.max(1, sum((r) => r.requests)), 0),
    ...(runs.every((r) => r.faultsPerRequest !== undefined) ? { faultsPerRequest: round(sum((r) => (r.faultsPerRequest ?? 0) * r.requests) / Math.max(1, sum((r) => r.requests)), 2) } : {}),
    requests: sum((r) => r.requests),
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
    runs,
  };
}

/** The order the servers are measured in: forwards then backwards, `rounds` times (the bare server is measured once before). */
export function interleaved<T>(servers: readonly T[], rounds: number): T[] {
  return Array.from({ length: rounds }, () => [...servers, ...[...servers].reverse()]).flat();
}

/** Each segment's figure divided by the minimal app's segment of the same pass (the k-th by the k-th: same round, same direction). */
export function pairRatios(segments: readonly HttpRun[], minimal: readonly HttpRun[], f: (r: HttpRun) => number): number[] {
  return segments.flatMap((s, i) => (minimal[i] && f(minimal[i]) > 0 ? [round(f(s) / f(minimal[i]))] : []));
}

/** The middle value (the mean of the two middle ones for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  const v = [...values].sort((a, b) => a - b);
  if (v.length === 0) return NaN;
  const m = v.length >> 1;
  return v.length % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

export async function runHttpBench(opts: HttpBenchOptions = {}): Promise<HttpBenchResult> {
  const connections = opts.connections ?? 50;
  const duration = opts.duration ?? 10;
  const warmup = opts.warmup ?? 2;
  const settle = opts.settle ?? 10;
  const entries = opts.entries ?? 100_000;
  const rounds = opts.rounds ?? 1;
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`rounds must be a whole number of at least 1 (got ${String(opts.rounds)})`);
  const log = opts.log ?? (() => undefined);

  const children: ChildProcess[] = [];
  try {
    log(`starting the app with a ${entries.toLocaleString('en-US')}-entry catalogue...`);
    const app = fork(join(__dirname, 'bench-app.ts'), ['--serve', `--entries=${entries}`], { execArgv: TS_NODE, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    children.push(app);
    const ready = await waitFor<Extract<BenchAppMessage, { type: 'ready' }>>(app, 'the bench app', 180_000);
    log('starting the same app with the result cache off...');
    const uncachedApp = fork(join(__dirname, 'bench-app.ts'), ['--serve', `--entries=${entries}`, '--cache-size=0'], { execArgv: TS_NODE, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    children.push(uncachedApp);
    const uncachedReady = await waitFor<Extract<BenchAppMessage, { type: 'ready' }>>(uncachedApp, 'the bench app with the cache off', 180_000);
    log('starting the same app without the request scope (what AsyncLocalStorage costs)...');
    const unscopedApp = fork(join(__dirname, 'bench-app.ts'), ['--serve', `--entries=${entries}`, '--no-request-scope'], { execArgv: TS_NODE, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    children.push(unscopedApp);
    const unscopedReady = await waitFor<Extract<BenchAppMessage, { type: 'ready' }>>(unscopedApp, 'the bench app without the request scope', 180_000);

    const bare = fork(__filename, ['--bare-server'], { execArgv: TS_NODE, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    children.push(bare);
    const bareReady = waitFor<{ type: 'ready'; url: string }>(bare, 'the bare node:http server', 60_000);
    bare.send({ type: 'body', body: ready.constantBody });
    const bareUrl = (await bareReady).url;

    const minimal = fork(join(__dirname, 'minimal-app.ts'), ['--serve'], { execArgv: TS_NODE, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    children.push(minimal);
    const minimalReady = waitFor<{ type: 'ready'; url: string }>(minimal, 'the minimal Nest app', 60_000);
    minimal.send({ type: 'body', body: ready.constantBody });
    const minimalUrl = (await minimalReady).url;

    const targets = {
      bare: { name: 'bare node:http', url: bareUrl, path: '/', child: bare },
      minimal: { name: 'minimal Nest + Express', url: minimalUrl, path: '/', child: minimal },
      constant: { name: 'Nest constant route', url: ready.url, path: '/query-expansion/bench-constant', child: app },
      constantUnscoped: { name: 'Nest constant route, no request scope', url: unscopedReady.url, path: '/query-expansion/bench-constant', child: unscopedApp },
      expand: { name: 'Nest POST /expand', url: ready.url, path: '/query-expansion/expand', child: app },
      expandUncached: { name: 'Nest POST /expand, cache off', url: uncachedReady.url, path: '/query-expansion/expand', child: uncachedApp },
    };
    const runs: Record<keyof typeof targets, HttpRun[]> = { bare: [], minimal: [], constant: [], constantUnscoped: [], expand: [], expandUncached: [] };
    const order: (keyof typeof targets)[] = ['bare', ...interleaved<keyof typeof targets>(['minimal', 'constant', 'constantUnscoped', 'expand', 'expandUncached'], rounds)];
    if (settle > 0) {
      log(`settling: ${settle} s of unmeasured load on each server...`);
      for (const key of Object.keys(targets) as (keyof typeof targets)[]) await cannon(targets[key], ready.tokens, ready.bodies, connections, settle);
    }
    for (const key of order) {
      const t = targets[key];
      if (warmup > 0) await cannon(t, ready.tokens, ready.bodies, connections, warmup);
      const before = await usageOf(t.child);
      const result = await cannon(t, ready.tokens, ready.bodies, connections, duration);
      const after = await usageOf(t.child);
      const run = toRun(result, { micros: after.micros - before.micros, faults: after.faults - before.faults });
      log(`${t.name.padEnd(38)} ${String(run.reqPerSec).padStart(6)} req/s  p50 ${run.p50Ms} ms  p99 ${run.p99Ms} ms  CPU ${run.cpuMicrosPerRequest} µs/req  faults ${run.faultsPerRequest}/req  non-2xx ${run.non2xx}  errors ${run.errors}`);
      runs[key].push(run);
    }

    const constantBytes = Buffer.byteLength(ready.constantBody);
    const bareResult = combine(targets.bare, runs.bare, constantBytes);
    const minimalResult = combine(targets.minimal, runs.minimal, constantBytes);
    const constant = combine(targets.constant, runs.constant, constantBytes);
    const expand = combine(targets.expand, runs.expand, ready.meanExpandBytes);
    const expandUncached = combine(targets.expandUncached, runs.expandUncached, uncachedReady.meanExpandBytes);
    const constantUnscoped = combine(targets.constantUnscoped, runs.constantUnscoped, constantBytes);

    const failed = [bareResult, minimalResult, constant, constantUnscoped, expand, expandUncached].filter((r) => r.non2xx + r.errors + r.timeouts > 0);
    if (failed.length > 0) {
      throw new Error(
        `Benchmark invalid: ${failed.map((r) => `${r.name}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`).join('; ')}`,
      );
    }

    const ratios = {
      constantVsMinimalRps: round(constant.reqPerSec / minimalResult.reqPerSec),
      expandVsMinimalRps: round(expand.reqPerSec / minimalResult.reqPerSec),
      expandVsMinimalP99: round(expand.p99Ms / minimalResult.p99Ms),
      expandVsConstantRps: round(expand.reqPerSec / constant.reqPerSec),
      expandUncachedVsMinimalRps: round(expandUncached.reqPerSec / minimalResult.reqPerSec),
      expandUncachedVsMinimalP99: round(expandUncached.p99Ms / minimalResult.p99Ms),
      minimalVsBareRps: round(minimalResult.reqPerSec / bareResult.reqPerSec),
      constantUnscopedVsMinimalRps: round(constantUnscoped.reqPerSec / minimalResult.reqPerSec),
      pairs: {
        constant: pairRatios(runs.constant, runs.minimal, (x) => x.reqPerSec),
        expand: pairRatios(runs.expand, runs.minimal, (x) => x.reqPerSec),
        expandP99: pairRatios(runs.expand, runs.minimal, (x) => x.p99Ms),
      },
    };
    return {
      bare: bareResult,
      minimal: minimalResult,
      constant,
      expand,
      expandUncached,
      constantUnscoped,
      ratios,
      targets: {
        constantAtLeast70pcOfMinimal: ratios.constantVsMinimalRps >= 0.7,
        expandAtLeast50pcOfMinimal: ratios.expandVsMinimalRps >= 0.5,
        expandP99AtMost3xMinimal: ratios.expandVsMinimalP99 <= 3,
      },
      config: {
        connections,
        duration,
        warmup,
        settle,
        entries,
        bodies: ready.bodies.length,
        rounds,
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        autocannon: (require('autocannon/package.json') as { version: string }).version,
      },
      serviceTime: ready.serviceTime,
      serviceTimeUncached: uncachedReady.serviceTime,
      setupMs: ready.setupMs,
    };
  } finally {
    await Promise.all(children.map(stop));
  }
}

export function httpToMarkdown(r: HttpBenchResult): string {
  const row = (x: HttpTargetResult) =>
    `| ${x.name} | \`${x.path}\` | ${x.reqPerSec} | ${x.p50Ms} | ${x.p99Ms} | ${x.cpuMicrosPerRequest} | ${x.faultsPerRequest ?? '–'} | ${x.requests.toLocaleString('en-US')} | ${x.non2xx} | ${x.bodyBytes} |`;
  const met = (ok: boolean) => (ok ? 'met' : 'MISSED');
  const pairs = pairsLine(r);
  return [
    `autocannon ${r.config.autocannon}, ${r.config.connections} connections, ${r.config.duration} s measured per segment after ${r.config.warmup} s of warm-up` +
      (r.config.settle ? ` (and ${r.config.settle} s of unmeasured load on each server before the first segment), ` : ', ') +
      `${r.config.rounds ?? 1} round${(r.config.rounds ?? 1) > 1 ? 's' : ''} of the interleaved order, ` +
      `${r.config.bodies} request bodies in rotation, ${r.config.entries.toLocaleString('en-US')}-entry catalogue.`,
    '',
    '| target | path | req/s | p50 (ms) | p99 (ms) | server CPU per request (µs) | server page faults per request | requests | non-2xx | response body (B) |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    row(r.bare),
    row(r.minimal),
    row(r.constant),
    ...(r.constantUnscoped ? [row(r.constantUnscoped)] : []),
    row(r.expand),
    ...(r.expandUncached ? [row(r.expandUncached)] : []),
    '',
    segmentsLine(r),
    ...(pairs ? ['', pairs] : []),
    '',
    '| ratio | value | target | |',
    '|---|---:|---:|---|',
    `| constant route req/s ÷ minimal Nest app req/s | ${r.ratios.constantVsMinimalRps} | ≥ 0.7 | ${met(r.targets.constantAtLeast70pcOfMinimal)} |`,
    `| expand req/s ÷ minimal Nest app req/s | ${r.ratios.expandVsMinimalRps} | ≥ 0.5 | ${met(r.targets.expandAtLeast50pcOfMinimal)} |`,
    `| expand p99 ÷ minimal Nest app p99 | ${r.ratios.expandVsMinimalP99} | ≤ 3 | ${met(r.targets.expandP99AtMost3xMinimal)} |`,
    `| expand req/s ÷ constant route req/s | ${r.ratios.expandVsConstantRps} | (information) | |`,
    ...(r.expandUncached
      ? [
          `| expand with the cache off, req/s ÷ minimal Nest app req/s | ${r.ratios.expandUncachedVsMinimalRps} | (information: every request new) | |`,
          `| expand with the cache off, p99 ÷ minimal Nest app p99 | ${r.ratios.expandUncachedVsMinimalP99} | (information) | |`,
        ]
      : []),
    `| minimal Nest app req/s ÷ bare node:http req/s | ${r.ratios.minimalVsBareRps} | (information) | |`,
    ...(r.constantUnscoped
      ? [
          `| constant route without the request scope, req/s ÷ minimal Nest app req/s | ${r.ratios.constantUnscopedVsMinimalRps} | (information: compare with the constant route's ratio) | |`,
          '',
          scopeCostLine(r.constant, r.constantUnscoped),
        ]
      : []),
    '',
    r.serviceTimeUncached
      ? `Expand's own work (\`expansion_metadata.processing_time_ms\`: engine or cache, ids, event hand-over), one request at a time: ` +
        `cache off mean ${r.serviceTimeUncached.meanMs} ms, p99 ${r.serviceTimeUncached.p99Ms} ms; answered from the cache mean ${r.serviceTime.meanMs} ms, p99 ${r.serviceTime.p99Ms} ms.`
      : `Expand's own work (\`expansion_metadata.processing_time_ms\`: engine, ids, event hand-over), one request at a time: ` +
        `mean ${r.serviceTime.meanMs} ms, p99 ${r.serviceTime.p99Ms} ms.`,
    '',
    `Setup: app start ${r.setupMs.start} ms (WordNet included), catalogue insert ${r.setupMs.populate} ms, index rebuild ${r.setupMs.index} ms.`,
  ].join('\n');
}

/** The order the segments ran in (the servers present, forwards then backwards, after the bare server) and each one's figures. */
function segmentsLine(r: HttpBenchResult): string {
  const all: [string, HttpTargetResult | undefined][] = [
    ['minimal', r.minimal],
    ['constant', r.constant],
    ['constant without the request scope', r.constantUnscoped],
    ['expand', r.expand],
    ['expand cache off', r.expandUncached],
  ];
  const present = all.filter((x): x is [string, HttpTargetResult] => x[1] !== undefined);
  const cycle = interleaved(present.map(([n]) => n), 1).join(', ');
  const rounds = r.config.rounds ?? 1;
  const order = rounds > 1 ? `bare, then ${rounds} times: ${cycle}` : `bare, ${cycle}`;
  const runs = (x: HttpTargetResult) => x.runs.map((y) => `${y.reqPerSec} req/s, p50 ${y.p50Ms} ms, p99 ${y.p99Ms} ms`).join(' / ');
  return `Segments (order: ${order}): ${present.map(([n, x]) => `${n} ${runs(x)}`).join('; ')}.`;
}

/** The target ratios per segment pair, with their median and range: how far one run's figure can be trusted. */
export function pairsLine(r: HttpBenchResult): string {
  const p = r.ratios.pairs;
  if (!p || p.constant.length < 2) return '';
  const spread = (v: number[]) => `${v.join(', ')} (median ${round(median(v))}, range ${Math.min(...v)}–${Math.max(...v)})`;
  return (
    'Per segment pair (a server\'s k-th segment ÷ the minimal app\'s k-th, in the same pass of the same round): ' +
    `constant req/s ${spread(p.constant)}; expand req/s ${spread(p.expand)}; expand p99 ${spread(p.expandP99)}. ` +
    'The targets are judged on the ratio of the means over all segments.'
  );
}

/**
 * What the request scope costs per request: the constant route's CPU with it minus without it, overall and per
 * segment pair (the k-th with the k-th); no cost is claimed unless most pairs show one.
 */
export function scopeCostLine(scoped: HttpTargetResult, unscoped: HttpTargetResult): string {
  const pairs = scoped.runs.map((s, i) => (unscoped.runs[i] ? s.cpuMicrosPerRequest - unscoped.runs[i].cpuMicrosPerRequest : NaN)).filter(Number.isFinite);
  const diff = scoped.cpuMicrosPerRequest - unscoped.cpuMicrosPerRequest;
  const figures = `${scoped.cpuMicrosPerRequest} µs of server CPU per request with it, ${unscoped.cpuMicrosPerRequest} without; per segment pair ${pairs.join(', ')} µs`;
  // a cost is claimed only when most pairs show one: with more rounds, one noisy pair must not decide either way
  if (diff <= 0 || pairs.filter((d) => d > 0).length * 2 <= pairs.length) {
    return `The request scope (AsyncLocalStorage, which puts the request id on every log line written during a request): no cost measured in this run on the constant route (${figures}): the run's noise is larger than the difference.`;
  }
  return (
    `The request scope (AsyncLocalStorage, which puts the request id on every log line written during a request) costs ${diff} µs ` +
    `of server CPU per request on the constant route (${figures}). While one is in use, Node before 24 sends promises and other ` +
    'async work through its async hooks (`npm run bench:profile -- --route=constant --async` counts what a request creates); ' +
    'Node 24 keeps the scope in the async context frame instead. The instance without it exists only in the benchmark ' +
    '(`bench-app.ts --no-request-scope`).'
  );
}

if (require.main === module) {
  if (process.argv.includes('--bare-server')) {
    answerCpuReadings();
    serveBare();
  }
  else {
    const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
    runHttpBench({
      duration: arg('duration') ? Number(arg('duration')) : undefined,
      warmup: arg('warmup') ? Number(arg('warmup')) : undefined,
      settle: arg('settle') ? Number(arg('settle')) : undefined,
      entries: arg('entries') ? Number(arg('entries')) : undefined,
      rounds: arg('rounds') ? Number(arg('rounds')) : undefined,
      log: (l) => console.error(l),
    })
      .then((r) => console.log(httpToMarkdown(r)))
      .catch((e) => {
        console.error(e);
        process.exit(1);
      });
  }
}

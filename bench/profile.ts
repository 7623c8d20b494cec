/**
 * Where the time goes: a CPU profile of the running service under load, start-up excluded.
 *
 *   npm run bench:profile [-- --route=expand|expand-uncached|constant|minimal] [--duration=10] [--entries=100000] [--detail=<bucket>] [--save=<file>] [--async] [--alloc[=survivors]] [--write]
 *
 * Starts the benchmark app (bench/bench-app.ts) in a child process, warms it up, runs V8's CPU profiler in
 * the child only while autocannon loads one route (50 connections), then attributes each sample's self time to
 * a bucket (a package, a folder of the service, garbage collection, Node internals) and prints µs per request,
 * most first; `--detail=<bucket>` adds the functions inside one bucket; `--save=<file>` keeps the raw profile (open it in
 * Chrome DevTools or any .cpuprofile viewer); `--write` puts the table in
 * docs/BENCHMARKS.md ("Where the time goes"). `--async` then loads the route 3 s more with an async_hooks census
 * on (after the profile, as the hook slows the server) and prints the async resources made per request by type and
 * where a sample of the promises was made: each one costs an allocation, and on Node 20 and 22 also the request-id
 * context's promise hook. `--alloc` then loads it 3 s more under V8's sampling heap profiler and prints the bytes
 * allocated per request by bucket and the functions that allocate most: what sets how often the young generation
 * is collected. `--alloc=survivors` counts only what no young-generation collection frees: what grows the old
 * generation until a full collection, into fresh pages that fault.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { BenchAppMessage } from './bench-app';
import { allocationLines, type AllocationCensus, ask, type AsyncCensus, censusLines } from './cpu';
import { cannon, stop, TS_NODE, waitFor } from './http';
import { BENCHMARKS_FILE, document, machine, readPrevious, serviceLayerLines } from './run';
import { writeFileSync } from 'node:fs';

export interface ProfileResult {
  route: string;
  path: string;
  durationS: number;
  requests: number;
  totalMicros: number;
  rows: { bucket: string; micros: number; share: number }[];
  /** with --async: the async resources made per request, counted over a further load after the profile */
  census?: { requests: number; census: AsyncCensus };
  /** with --alloc: bytes allocated per request by bucket (and the top functions), sampled over a further load */
  alloc?: AllocationCensus;
  /** expand only: inclusive time of ExpansionService.expandJson (the answer as JSON text) and of its engine call, µs per request */
  serviceLayer?: { serviceMicros: number; engineMicros: number };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The bucket of a stack frame: a package, a folder of the service, or what V8 and Node do. */
export function bucketOf(frame: ProfileNode['callFrame']): string {
  const { url, functionName } = frame;
  if (functionName === '(garbage collector)') return 'garbage collection';
  if (functionName === '(idle)') return '(idle)';
  if (functionName === '(program)') return 'V8 and native code (program)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const src = url.indexOf('/src/');
  if (src >= 0) {
    const parts = url.slice(src + 5).split('/');
    if (parts[0] === 'expansion' && parts[1] === 'engine') return 'service: expansion engine';
    return `service: ${parts[0].replace(/\.ts$/, '')}`;
  }
  if (url.includes('/bench/')) return 'benchmark harness';
  if (url.startsWith('node:') || url === '' || !url.includes('/')) return `node: ${url.replace(/^node:/, '').split('/')[0] || functionName || 'native'}`;
  return url;
}

/** A stack frame as the reports name it: the function (or "(anonymous)") and the last two parts of its file path. */
export function frameName(frame: ProfileNode['callFrame']): string {
  return `${frame.functionName || '(anonymous)'} ${frame.url.split('/').slice(-2).join('/')}`;
}

/** A node of V8's sampling heap profile: bytes allocated by the function itself, and its callees. */
export interface AllocNode {
  callFrame: ProfileNode['callFrame'];
  selfSize: number;
  children: AllocNode[];
}

/**
 * Bytes allocated per request by bucket (attributed like CPU samples, by `bucketOf`) and by function with its
 * caller's name (as in `--detail`), the 25 largest of each, most first.
 */
export function allocationCensus(head: AllocNode, requests: number): AllocationCensus {
  const buckets = new Map<string, number>();
  const functions = new Map<string, number>();
  const walk = (node: AllocNode, parent: AllocNode | undefined) => {
    if (node.selfSize > 0) {
      const b = bucketOf(node.callFrame);
      buckets.set(b, (buckets.get(b) ?? 0) + node.selfSize);
      const k = `${b}: ${frameName(node.callFrame)}${parent ? ` <- ${frameName(parent.callFrame)}` : ''}`;
      functions.set(k, (functions.get(k) ?? 0) + node.selfSize);
    }
    for (const c of node.children) walk(c, node);
  };
  walk(head, undefined);
  const n = Math.max(1, requests);
  const top = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, 25);
  return {
    requests,
    bytesPerRequest: Math.round([...buckets.values()].reduce((s, b) => s + b, 0) / n),
    rows: top(buckets).map(([bucket, b]) => ({ bucket, bytes: Math.round(b / n) })),
    functions: top(functions).map(([fn, b]) => ({ fn, bytes: Math.round(b / n) })),
  };
}

/** Self time per bucket, µs; the profiler's own work (stopping it, under node:inspector) is left out. */
export function selfTimeByBucket(profile: CpuProfile): Map<string, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parents = new Map<number, ProfileNode>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parents.set(c, n);
  const out = new Map<string, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const node = byId.get(profile.samples[i]);
    if (!node) continue;
    if (node.callFrame.url === 'node:inspector' || parents.get(node.id)?.callFrame.url === 'node:inspector') continue;
    const b = bucketOf(node.callFrame);
    out.set(b, (out.get(b) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  return out;
}

/**
 * Inclusive time of the samples whose stack holds a frame `fn` of a file ending in `file` (each sample counted once,
 * however deep the recursion), µs.
 */
export function inclusiveTime(profile: CpuProfile, fn: string, file: string): number {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parents = new Map<number, ProfileNode>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parents.set(c, n);
  const inside = new Map<number, boolean>();
  const holds = (node: ProfileNode | undefined): boolean => {
    if (!node) return false;
    const known = inside.get(node.id);
    if (known !== undefined) return known;
    const yes = (node.callFrame.functionName === fn && node.callFrame.url.endsWith(file)) || holds(parents.get(node.id));
    inside.set(node.id, yes);
    return yes;
  };
  let total = 0;
  for (let i = 0; i < profile.samples.length; i++) if (holds(byId.get(profile.samples[i]))) total += profile.timeDeltas[i] ?? 0;
  return total;
}

async function main(): Promise<void> {
  const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  const route = arg('route') ?? 'expand';
  const duration = Number(arg('duration') ?? 10);
  const entries = Number(arg('entries') ?? 100_000);
  const log = (l: string) => process.stderr.write(`${l}\n`);
  const alloc = process.argv.find((a) => a === '--alloc' || a.startsWith('--alloc='));
  if ((alloc !== undefined && alloc !== '--alloc' && alloc !== '--alloc=survivors') || process.argv.includes('survivors')) throw new Error('--alloc takes no value or "=survivors" (--alloc=survivors)');
  // expand-uncached: the app with its result cache off, so every request runs the engine
  const app = fork(join(__dirname, 'bench-app.ts'), ['--serve', `--entries=${entries}`, ...(route === 'expand-uncached' ? ['--cache-size=0'] : [])], { execArgv: TS_NODE, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const others: ChildProcess[] = [];
  try {
    const ready = await waitFor<Extract<BenchAppMessage, { type: 'ready' }>>(app, 'the bench app', 180_000);
    let profiled = app;
    let target = { name: route, url: ready.url, path: route === 'constant' ? '/query-expansion/bench-constant' : '/query-expansion/expand' };
    if (route === 'minimal') {
      // the minimal Nest + Express app answering the constant body: the framework's own share
      profiled = fork(join(__dirname, 'minimal-app.ts'), ['--serve'], { execArgv: TS_NODE, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      others.push(profiled);
      const minimalReady = waitFor<{ type: 'ready'; url: string }>(profiled, 'the minimal Nest app', 60_000);
      profiled.send({ type: 'body', body: ready.constantBody });
      target = { name: route, url: (await minimalReady).url, path: '/' };
    }
    log(`warming up ${target.path}...`);
    await cannon(target, ready.tokens, ready.bodies, 50, 3);
    await ask(profiled, { type: 'profile-start' }, 'profile-started');
    const load = await cannon(target, ready.tokens, ready.bodies, 50, duration);
    const { profile } = await ask<{ profile: CpuProfile }>(profiled, { type: 'profile-stop' }, 'profile');
    const requests = load.requests.total;
    const save = arg('save');
    if (save) writeFileSync(save, JSON.stringify(profile));
    const buckets = [...selfTimeByBucket(profile)].filter(([b]) => b !== '(idle)').sort((a, b) => b[1] - a[1]);
    const total = buckets.reduce((s, [, t]) => s + t, 0);
    const result: ProfileResult = {
      route,
      path: target.path,
      durationS: duration,
      requests,
      totalMicros: Math.round(total / requests),
      rows: buckets.filter(([, t]) => t / requests >= 2).map(([b, t]) => ({ bucket: b, micros: Math.round(t / requests), share: Math.round((t / total) * 100) })),
      ...(route === 'expand' || route === 'expand-uncached'
        ? {
            serviceLayer: {
              // the route writes the answer as JSON text (expandJson); expand() is the object form of a deprecated version
              serviceMicros: Math.round(inclusiveTime(profile, 'expandJson', 'expansion/expansion.service.ts') / requests),
              engineMicros: Math.round(inclusiveTime(profile, 'expand', 'engine/expand.ts') / requests),
            },
          }
        : {}),
    };
    if (process.argv.includes('--async')) {
      await ask(profiled, { type: 'async-start' }, 'async-started');
      const censusLoad = await cannon(target, ready.tokens, ready.bodies, 50, 3);
      const { census } = await ask<{ census: AsyncCensus }>(profiled, { type: 'async-stop' }, 'async-census');
      result.census = { requests: censusLoad.requests.total, census };
    }
    if (alloc !== undefined) {
      const survivors = alloc === '--alloc=survivors';
      await ask(profiled, { type: 'alloc-start', survivors }, 'alloc-started');
      const allocLoad = await cannon(target, ready.tokens, ready.bodies, 50, 3);
      const { profile: heap } = await ask<{ profile: { head: AllocNode } }>(profiled, { type: 'alloc-stop' }, 'alloc-profile');
      result.alloc = { ...allocationCensus(heap.head, allocLoad.requests.total), ...(survivors ? { survivors } : {}) };
    }
    if (process.argv.includes('--write')) {
      const data = readPrevious(BENCHMARKS_FILE);
      data.profile = { date: new Date().toISOString(), machine: machine(), result };
      writeFileSync(BENCHMARKS_FILE, document(data));
      log(`written ${BENCHMARKS_FILE}`);
    }
    const lines = [
      `CPU profile of POST ${target.path} (${route}) under load (autocannon, 50 connections, ${duration} s, ${requests.toLocaleString('en-US')} requests, ${entries.toLocaleString('en-US')}-entry catalogue, ${new Date().toISOString().slice(0, 10)}): self time per request, idle excluded.`,
      '',
      '| where | µs per request | share |',
      '|---|---:|---:|',
      ...buckets.filter(([, t]) => t / requests >= 2).map(([b, t]) => `| ${b} | ${Math.round(t / requests)} | ${Math.round((t / total) * 100)}% |`),
      `| **total** | **${Math.round(total / requests)}** | |`,
      ...serviceLayerLines(result),
      ...(result.census ? ['', ...censusLines(result.census.census, result.census.requests)] : []),
      ...(result.alloc ? ['', ...allocationLines(result.alloc)] : []),
    ];
    const detail = arg('detail');
    if (detail) {
      const fns = new Map<string, number>();
      const byId = new Map(profile.nodes.map((n) => [n.id, n]));
      const parents = new Map<number, ProfileNode>();
      for (const n of profile.nodes) for (const c of n.children ?? []) parents.set(c, n);
      profile.samples.forEach((id, i) => {
        const n = byId.get(id);
        if (!n || bucketOf(n.callFrame) !== detail) return;
        const parent = parents.get(n.id);
        const k = `${frameName(n.callFrame)}${parent ? ` <- ${frameName(parent.callFrame)}` : ''}`;
        fns.set(k, (fns.get(k) ?? 0) + (profile.timeDeltas[i] ?? 0));
      });
      lines.push('', `Inside ${detail}:`, ...[...fns].sort((a, b) => b[1] - a[1]).slice(0, 15).map(([k, t]) => `  ${Math.round(t / requests)} µs  ${k}`));
    }
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await Promise.all([app, ...others].map(stop));
  }
}

if (require.main === module) {
  main().catch((e: Error) => {
    process.stderr.write(`${e.stack ?? e.message}\n`);
    process.exit(1);
  });
}

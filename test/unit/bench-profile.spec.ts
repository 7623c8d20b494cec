import { expect } from '@jest/globals';
import { allocationLines, censusLines, creationSite, PROMISE_SAMPLE } from '../../bench/cpu';
import { allocationCensus, inclusiveTime, type AllocNode } from '../../bench/profile';
import { httpToMarkdown, interleaved, median, pairRatios, type HttpBenchResult, type HttpRun, type HttpTargetResult } from '../../bench/http';
import { document, httpLineSummary, httpLinesTable, serviceLayerLines } from '../../bench/run';
import { frameworkToMarkdown, type FrameworkBenchResult } from '../../bench/framework';

/** A CPU profile: root → expand (service) → runEngine (service) → match (engine), and root → json (express). */
const frame = (functionName: string, url: string) => ({ functionName, url });
const profile = {
  nodes: [
    { id: 1, callFrame: frame('(root)', ''), children: [2, 5] },
    { id: 2, callFrame: frame('expand', 'file:///app/src/expansion/expansion.service.ts'), children: [3, 6] },
    { id: 3, callFrame: frame('runEngine', 'file:///app/src/expansion/expansion.service.ts'), children: [4] },
    { id: 4, callFrame: frame('match', 'file:///app/src/expansion/engine/expand.ts'), children: [] },
    { id: 5, callFrame: frame('json', 'file:///app/node_modules/express/lib/response.js'), children: [] },
    // another function named expand, in the engine: not the service's
    { id: 6, callFrame: frame('expand', 'file:///app/src/expansion/engine/expand.ts'), children: [] },
  ],
  samples: [2, 3, 4, 4, 5, 6, 1],
  timeDeltas: [10, 20, 30, 40, 50, 60, 70],
};

describe('bench:profile inclusive time', () => {
  it('counts each sample whose stack holds the function of that file, once', () => {
    expect(inclusiveTime(profile, 'expand', 'expansion/expansion.service.ts')).toBe(10 + 20 + 30 + 40 + 60);
    expect(inclusiveTime(profile, 'runEngine', 'expansion/expansion.service.ts')).toBe(20 + 30 + 40);
    expect(inclusiveTime(profile, 'json', 'nothing.ts')).toBe(0);
  });

  it('reports the service layer as the service minus its engine call', () => {
    const lines = serviceLayerLines({ route: 'expand', path: '/x', durationS: 1, requests: 1, totalMicros: 1, rows: [], serviceLayer: { serviceMicros: 160, engineMicros: 90 } });
    expect(lines.join(' ')).toContain('**70 µs** per request (target ≤ 100)');
    expect(serviceLayerLines({ route: 'constant', path: '/x', durationS: 1, requests: 1, totalMicros: 1, rows: [] })).toEqual([]);
  });
});

describe('bench:profile allocation census', () => {
  const node = (functionName: string, url: string, selfSize: number, children: AllocNode[] = []): AllocNode => ({ callFrame: frame(functionName, url), selfSize, children });
  // root → json (express, 3,000 B) → stringify (express, 1,000 B); root → guard (service auth, 500 B) → json (express, 200 B)
  const head = node('(root)', '', 0, [
    node('json', 'file:///app/node_modules/express/lib/response.js', 3000, [node('stringify', 'file:///app/node_modules/express/lib/response.js', 1000)]),
    node('canActivate', 'file:///app/src/auth/jwt-auth.guard.ts', 500, [node('json', 'file:///app/node_modules/express/lib/response.js', 200)]),
  ]);

  it("sums each function's own bytes into its bucket and per function with its caller, per request, most first", () => {
    const census = allocationCensus(head, 10);
    expect(census.bytesPerRequest).toBe(470);
    expect(census.rows).toEqual([
      { bucket: 'express', bytes: 420 },
      { bucket: 'service: auth', bytes: 50 },
    ]);
    expect(census.functions[0]).toEqual({ fn: 'express: json lib/response.js <- (root) ', bytes: 300 });
    expect(census.functions.map((f) => f.fn)).toContain('express: json lib/response.js <- canActivate auth/jwt-auth.guard.ts');
  });

  it('prints the total, the buckets and the functions', () => {
    const lines = allocationLines(allocationCensus(head, 10));
    expect(lines[0]).toContain('10 requests');
    expect(lines[0]).toContain('470 in all');
    expect(lines).toContain('      420 B  express');
    expect(lines).toContain('      100 B  express: stringify lib/response.js <- json lib/response.js');
  });

  it('says when only what no young-generation collection freed was counted', () => {
    const all = allocationLines(allocationCensus(head, 10))[0];
    const survivors = allocationLines({ ...allocationCensus(head, 10), survivors: true })[0];
    expect(all).toContain('every allocation');
    expect(survivors).toContain('no young-generation collection freed');
    expect(survivors).toContain('470 in all');
  });
});

describe('bench:profile async census', () => {
  const hookFrames = ['Error', '    at AsyncHook.init (/app/bench/cpu.ts:86:42)', '    at emitInitNative (node:internal/async_hooks:202:43)', '    at promiseInitHook (node:internal/async_hooks:324:3)'];

  it('names the first frame outside Node and the census itself, by package or service file', () => {
    expect(creationSite([...hookFrames, '    at PipesConsumer.applyPipes (/app/node_modules/@nestjs/core/pipes/pipes-consumer.js:14:27)', '    at next (/app/node_modules/router/index.js:1:1)'].join('\n'))).toBe(
      'PipesConsumer.applyPipes @nestjs/core/pipes/pipes-consumer.js:14',
    );
    expect(creationSite([...hookFrames, '    at async Validator.check (/app/src/common/validation/pipe.ts:29:50)'].join('\n'))).toBe('Validator.check src/common/validation/pipe.ts:29');
    expect(creationSite([...hookFrames, '    at /app/node_modules/router/lib/layer.js:173:13'].join('\n'))).toBe('(anonymous) router/lib/layer.js:173');
  });

  it('puts a built-in before its caller, and names an await that resumes with no script frame', () => {
    expect(creationSite([...hookFrames, '    at Promise.then (<anonymous>)', '    at Layer.handleRequest (/app/node_modules/router/lib/layer.js:173:13)'].join('\n'))).toBe(
      'Promise.then in Layer.handleRequest router/lib/layer.js:173',
    );
    expect(creationSite([...hookFrames, '    at Promise.then (<anonymous>)', '    at processTicksAndRejections (node:internal/process/task_queues:95:5)'].join('\n'))).toBe(
      'Promise.then (no script frame: an await resuming)',
    );
    expect(creationSite(hookFrames.join('\n'))).toBe('(no frame outside Node)');
    expect(creationSite([...hookFrames, '    at async Promise.all (index 0)', '    at pipesFn (/app/node_modules/@nestjs/core/router/router-execution-context.js:202:27)'].join('\n'))).toBe(
      'Promise.all in pipesFn @nestjs/core/router/router-execution-context.js:202',
    );
  });

  it('reports resources per request, drops rare types and scales the sampled sites back up', () => {
    const lines = censusLines({ byType: { PROMISE: 3800, TickObject: 600, TCPWRAP: 1 }, promiseSites: { 'a x.js:1': 100, 'b y.js:2': 25 } }, 100);
    expect(lines).toContain('    38.0  PROMISE');
    expect(lines).toContain('     6.0  TickObject');
    expect(lines.join('\n')).not.toContain('TCPWRAP');
    expect(lines).toContain(`  ${(PROMISE_SAMPLE * 1).toFixed(1).padStart(6)}  a x.js:1`);
    expect(lines.indexOf(`  ${(PROMISE_SAMPLE * 0.25).toFixed(1).padStart(6)}  b y.js:2`)).toBeGreaterThan(lines.indexOf(`  ${(PROMISE_SAMPLE * 1).toFixed(1).padStart(6)}  a x.js:1`));
  });
});

describe('the HTTP benchmark report: what the request scope costs', () => {
  const target = (name: string, cpu: readonly number[], reqPerSec: number): HttpTargetResult => {
    const runs = cpu.map((cpuMicrosPerRequest) => ({ reqPerSec, p50Ms: 10, p99Ms: 30, requests: 1000, non2xx: 0, errors: 0, timeouts: 0, cpuMicrosPerRequest }));
    const mean = Math.round(cpu.reduce((x, y) => x + y, 0) / cpu.length);
    return { ...runs[0], cpuMicrosPerRequest: mean, name, path: '/', bodyBytes: 9000, runs };
  };
  const result = (unscopedCpu?: readonly number[]): HttpBenchResult => ({
    bare: target('bare node:http', [20], 20000),
    minimal: target('minimal Nest + Express', [300, 300], 3000),
    constant: target('Nest constant route', [600, 620], 2000),
    ...(unscopedCpu ? { constantUnscoped: target('Nest constant route, no request scope', unscopedCpu, 2250) } : {}),
    expand: target('Nest POST /expand', [700, 700], 1500),
    ratios: { constantVsMinimalRps: 0.67, expandVsMinimalRps: 0.5, expandVsMinimalP99: 1, expandVsConstantRps: 0.75, minimalVsBareRps: 0.15, ...(unscopedCpu ? { constantUnscopedVsMinimalRps: 0.75 } : {}) },
    targets: { constantAtLeast70pcOfMinimal: false, expandAtLeast50pcOfMinimal: true, expandP99AtMost3xMinimal: true },
    config: { connections: 50, duration: 10, warmup: 2, entries: 1000, bodies: 200, autocannon: '9.0.0' },
    serviceTime: { meanMs: 0.05, p99Ms: 0.1 },
    setupMs: { start: 1, populate: 1, index: 1 },
  });

  it('reports the unscoped constant route and the CPU the scope costs per request, overall and per segment pair', () => {
    const md = httpToMarkdown(result([550, 566]));
    expect(md).toContain('| Nest constant route, no request scope | `/` | 2250 |');
    expect(md).toContain('costs 52 µs of server CPU per request on the constant route (610 µs of server CPU per request with it, 558 without; per segment pair 50, 54 µs)');
    expect(md).toContain('| constant route without the request scope, req/s ÷ minimal Nest app req/s | 0.75 |');
    expect(md).toContain('Segments (order: bare, minimal, constant, constant without the request scope, expand, expand, constant without the request scope, constant, minimal)');
  });

  it('claims no cost when a segment pair shows none (noise larger than the difference)', () => {
    const md = httpToMarkdown(result([560, 640]));
    expect(md).toContain('no cost measured in this run on the constant route');
    expect(md).toContain('per segment pair 40, -20 µs');
    expect(md).not.toMatch(/costs -?\d+ µs/);
  });

  it('over several rounds, claims a cost when most pairs show one, not when one noisy pair shows none', () => {
    const many = (unscoped: readonly number[]) => {
      const r = result(unscoped);
      r.constant = target('Nest constant route', [600, 620, 610, 600, 620, 610], 2000);
      return httpToMarkdown(r);
    };
    expect(many([550, 566, 560, 650, 570, 560])).toContain('costs 34 µs of server CPU per request on the constant route (610 µs of server CPU per request with it, 576 without; per segment pair 50, 54, 50, -50, 50, 50 µs)');
    expect(many([550, 566, 640, 650, 570, 660])).toContain('no cost measured in this run on the constant route');
  });

  it('gives each server its page faults per request, and a dash for runs recorded before they were counted', () => {
    const r = result([550, 566]);
    r.constant = { ...r.constant, faultsPerRequest: 4.12 };
    const md = httpToMarkdown(r);
    expect(md).toContain('| server CPU per request (µs) | server page faults per request |');
    expect(md).toContain('| Nest constant route | `/` | 2000 | 10 | 30 | 610 | 4.12 | 1,000 |');
    expect(md).toContain('| minimal Nest + Express | `/` | 3000 | 10 | 30 | 300 | – | 1,000 |');
  });

  it('says nothing of the scope when the run had no unscoped instance', () => {
    const md = httpToMarkdown(result());
    expect(md).not.toContain('request scope');
    expect(md).toContain('| Nest constant route | `/` | 2000 |');
    expect(md).toContain('Segments (order: bare, minimal, constant, expand, expand, constant, minimal)');
  });
});

describe('the HTTP benchmark over several rounds: per segment pair ratios and the table per Node.js line', () => {
  const run = (reqPerSec: number, p99Ms = 30): HttpRun => ({ reqPerSec, p50Ms: 10, p99Ms, requests: 1000, non2xx: 0, errors: 0, timeouts: 0, cpuMicrosPerRequest: 300 });
  const target = (name: string, runs: HttpRun[]): HttpTargetResult => ({ ...runs[0], name, path: '/', bodyBytes: 9000, runs });
  const minimal = [run(6000, 25), run(5000, 25), run(6000, 20), run(4000, 40)];
  const constant = [run(4800), run(2500), run(4500), run(3000)];
  const expand = [run(3600, 50), run(3000, 75), run(3300, 40), run(2000, 80)];
  const result = (): HttpBenchResult => ({
    bare: target('bare node:http', [run(20000)]),
    minimal: target('minimal Nest + Express', minimal),
    constant: target('Nest constant route', constant),
    expand: target('Nest POST /expand', expand),
    ratios: {
      constantVsMinimalRps: 0.71,
      expandVsMinimalRps: 0.56,
      expandVsMinimalP99: 2.22,
      expandVsConstantRps: 0.8,
      minimalVsBareRps: 0.3,
      pairs: { constant: pairRatios(constant, minimal, (x) => x.reqPerSec), expand: pairRatios(expand, minimal, (x) => x.reqPerSec), expandP99: pairRatios(expand, minimal, (x) => x.p99Ms) },
    },
    targets: { constantAtLeast70pcOfMinimal: true, expandAtLeast50pcOfMinimal: true, expandP99AtMost3xMinimal: true },
    config: { connections: 50, duration: 10, warmup: 2, entries: 1000, bodies: 200, autocannon: '9.0.0', rounds: 2 },
    serviceTime: { meanMs: 0.05, p99Ms: 0.1 },
    setupMs: { start: 1, populate: 1, index: 1 },
  });

  it('divides each segment by the minimal app\'s segment in the same place, and takes the median', () => {
    expect(pairRatios(constant, minimal, (x) => x.reqPerSec)).toEqual([0.8, 0.5, 0.75, 0.75]);
    expect(pairRatios(expand, minimal, (x) => x.p99Ms)).toEqual([2, 3, 2, 2]);
    // a segment without its minimal counterpart, or a minimal segment of zero, gives no pair
    expect(pairRatios([run(100), run(100)], [run(0)], (x) => x.reqPerSec)).toEqual([]);
    expect(median([0.8, 0.5, 0.75, 0.75])).toBe(0.75);
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  it('measures forwards then backwards, once per round', () => {
    expect(interleaved(['m', 'c', 'e'], 1)).toEqual(['m', 'c', 'e', 'e', 'c', 'm']);
    expect(interleaved(['m', 'c'], 3)).toEqual(['m', 'c', 'c', 'm', 'm', 'c', 'c', 'm', 'm', 'c', 'c', 'm']);
  });

  it('reports the rounds, the order and every pair with its median and range', () => {
    const md = httpToMarkdown(result());
    expect(md).toContain('10 s measured per segment after 2 s of warm-up, 2 rounds of the interleaved order');
    // a run that let every server settle first says so
    const settled = result();
    settled.config.settle = 15;
    expect(httpToMarkdown(settled)).toContain('after 2 s of warm-up (and 15 s of unmeasured load on each server before the first segment), 2 rounds');
    expect(md).toContain('Segments (order: bare, then 2 times: minimal, constant, expand, expand, constant, minimal)');
    expect(md).toContain('constant req/s 0.8, 0.5, 0.75, 0.75 (median 0.75, range 0.5–0.8)');
    expect(md).toContain('expand p99 2, 3, 2, 2 (median 2, range 2–3)');
  });

  it('keeps one row per Node.js line, in version order, with the verdicts of that line\'s run', () => {
    const r = result();
    const line = (node: string, date: string) => httpLineSummary({ date, machine: `AMD, 2 cores, 24 GB RAM, Node ${node}, linux/x64`, result: r });
    const twenty = line('v20.20.2', '2026-11-23T10:00:00Z');
    const failing = { ...twenty, ratios: { ...twenty.ratios, constantVsMinimalRps: 0.6 }, targets: { ...twenty.targets, constantAtLeast70pcOfMinimal: false } };
    const table = httpLinesTable({ 24: line('v24.21.0', '2026-11-23T12:00:00Z'), 20: failing });
    const rows = table.filter((l) => l.startsWith('| v'));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/^\| v20\.20\.2 \| 2026-11-23 \| 2 \| 0\.6 \*\*no\*\* \(pairs: median 0\.75, 0\.5–0\.8\) \| 0\.56 yes/);
    expect(rows[1]).toMatch(/^\| v24\.21\.0 \| 2026-11-23 \| 2 \| 0\.71 yes/);
    expect(httpLinesTable(undefined)).toEqual([]);
  });
});

describe('bench --framework report', () => {
  const result: FrameworkBenchResult = {
    rounds: 2,
    durationS: 8,
    bodyBytes: 4321,
    rows: [
      { variant: 'plain', reqPerSec: 5000, vsPlain: 1, p99Ms: 20, perRound: [4900, 5100] },
      { variant: 'guards', reqPerSec: 4800, vsPlain: 0.96, p99Ms: 21, perRound: [4700, 4900] },
      { variant: 'body+pipe', reqPerSec: 4900, vsPlain: 0.98, p99Ms: 20.5, perRound: [4800, 5000] },
      { variant: 'all', reqPerSec: 4700, vsPlain: 0.94, p99Ms: 22, perRound: [4600, 4800] },
    ],
  };

  it('gives each app a row with its ratio to the plain one and its rounds', () => {
    const rows = frameworkToMarkdown(result).split('\n').slice(2);
    expect(rows).toHaveLength(4);
    expect(rows[3]).toMatch(/^\| all: guards, body and pipe together.* \| 4700 \| 0\.94 \| 22 \| 4600, 4800 \|$/);
  });

  it('has its own section in docs/BENCHMARKS.md, with date, machine and body size', () => {
    const doc = document({ framework: { date: '2026-11-24T01:00:00.000Z', machine: 'Test CPU, 2 cores', result } });
    expect(doc).toContain('## What Nest itself costs');
    expect(doc).toContain('2026-11-24, Test CPU, 2 cores');
    expect(doc).toContain('4,321-byte JSON body');
  });
});

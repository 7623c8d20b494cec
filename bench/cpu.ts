import type { ChildProcess } from 'node:child_process';

/** What {type: 'async-stop'} answers: async resources created since 'async-start', by type, and where promises were made. */
export interface AsyncCensus {
  byType: Record<string, number>;
  /** a random sample of the promises (one in PROMISE_SAMPLE) by where they were made (creationSite) */
  promiseSites: Record<string, number>;
}

/** One promise in this many has its creation site recorded (a stack trace per promise would dwarf the load). */
export const PROMISE_SAMPLE = 16;

/** The census as text: async resources per request by type, then the commonest promise creation sites. */
export function censusLines(census: AsyncCensus, requests: number): string[] {
  const per = (n: number) => (n / Math.max(1, requests)).toFixed(1);
  const sampled = Object.values(census.promiseSites).reduce((a, b) => a + b, 0);
  return [
    `Async resources created per request (${requests.toLocaleString('en-US')} requests, async_hooks census):`,
    ...Object.entries(census.byType)
      .sort((a, b) => b[1] - a[1])
      .filter(([, n]) => n / Math.max(1, requests) >= 0.05)
      .map(([type, n]) => `  ${per(n).padStart(6)}  ${type}`),
    `Where promises are made (one in ${PROMISE_SAMPLE} recorded at random, ${sampled.toLocaleString('en-US')} in all; estimated per request):`,
    ...Object.entries(census.promiseSites)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 15)
      .map(([site, n]) => `  ${per(n * PROMISE_SAMPLE).padStart(6)}  ${site}`),
  ];
}

/** What `--alloc` found: bytes allocated per request, by bucket and by the functions that allocate most. */
export interface AllocationCensus {
  /** only what no young-generation collection freed (`--alloc=survivors`): what is left to a full collection */
  survivors?: boolean;
  requests: number;
  bytesPerRequest: number;
  rows: { bucket: string; bytes: number }[];
  functions: { fn: string; bytes: number }[];
}

/** The allocation census as text: bytes per request in all, by bucket, then by function. */
export function allocationLines(alloc: AllocationCensus): string[] {
  const b = (n: number) => n.toLocaleString('en-US').padStart(7);
  return [
    alloc.survivors
      ? `Bytes per request that no young-generation collection freed (${alloc.requests.toLocaleString('en-US')} requests; promoted to the old generation or made there, or still alive at the end: only a full collection frees them): ${alloc.bytesPerRequest.toLocaleString('en-US')} in all.`
      : `Bytes allocated per request (${alloc.requests.toLocaleString('en-US')} requests; every allocation, also what a scavenge frees at once): ${alloc.bytesPerRequest.toLocaleString('en-US')} in all.`,
    ...alloc.rows.map((r) => `  ${b(r.bytes)} B  ${r.bucket}`),
    'Functions that allocate most (with their caller), bytes per request:',
    ...alloc.functions.map((f) => `  ${b(f.bytes)} B  ${f.fn}`),
  ];
}

/**
 * Where a resource was made, from a V8 stack trace taken inside an async_hooks init hook: the first frame outside
 * Node's own modules and this file, as `function package/file:line` (the service's files from src/). A built-in
 * in between (`Promise.then`, `Promise.all`) is named before it; a promise made with no script frame at all (an
 * `await` resuming in a microtask) is named by its built-in alone.
 */
export function creationSite(stack: string): string {
  let builtin = '';
  for (const line of stack.split('\n').slice(1)) {
    const frame = line.trim().replace(/^at /, '');
    if (frame.includes('(node:') || frame.startsWith('node:') || frame.includes('bench/cpu.')) continue;
    const m = /^(?:async )?(.*?) ?\(?([^()\s]+):(\d+):\d+\)?$/.exec(frame);
    if (!m) {
      builtin ||= frame.replace(/^async /, '').replace(/ \((?:<anonymous>|index \d+)\)$/, '');
      continue;
    }
    const [, fn, file, lineNo] = m;
    const nm = file.lastIndexOf('node_modules/');
    const src = file.lastIndexOf('/src/');
    const where = nm >= 0 ? file.slice(nm + 'node_modules/'.length) : src >= 0 ? file.slice(src + 1) : file.split('/').slice(-2).join('/');
    return `${builtin ? `${builtin} in ` : ''}${fn || '(anonymous)'} ${where}:${lineNo}`;
  }
  return builtin ? `${builtin} (no script frame: an await resuming)` : '(no frame outside Node)';
}

/**
 * The current stack with the files V8 ran, in V8's own format: a source-map hook (ts-node installs one) would
 * otherwise name a package's compiled file by the source its map points to (typeorm's `src/query-builder/...`),
 * which reads like the service's own src/.
 */
function rawStack(): string {
  const hooked = Object.getOwnPropertyDescriptor(Error, 'prepareStackTrace');
  // a V8 CallSite prints itself as a frame of the default format
  // eslint-disable-next-line @typescript-eslint/no-base-to-string
  Error.prepareStackTrace = (err, sites) => [String(err), ...sites.map((s) => `    at ${String(s)}`)].join('\n');
  try {
    return new Error().stack ?? '';
  } finally {
    if (hooked) Object.defineProperty(Error, 'prepareStackTrace', hooked);
    else Reflect.deleteProperty(Error, 'prepareStackTrace');
  }
}

function stopCensus(census: { hook: import('node:async_hooks').AsyncHook; stackLimit: number }): void {
  census.hook.disable();
  Error.stackTraceLimit = census.stackLimit;
}

/**
 * In a benchmark server (a child process): answers {type: 'cpu'} with its CPU time so far (µs, user + system) and the
 * page faults it has taken so far (minor and major): a fault is a page of memory the process touches for the first
 * time (or again, after the kernel took it back), which a virtual machine makes dear.
 */
export function answerCpuReadings(): void {
  process.on('message', (m: { type?: string }) => {
    if (m?.type !== 'cpu') return;
    const u = process.cpuUsage();
    const r = process.resourceUsage();
    process.send?.({ type: 'cpu', micros: u.user + u.system, faults: r.minorPageFault + r.majorPageFault });
  });
}

/** What a server child has used so far: CPU time (µs) and page faults. */
export interface ServerUsage {
  micros: number;
  faults: number;
}

/** In the load generator: the CPU time and page faults a server child has used so far. */
export function usageOf(child: ChildProcess): Promise<ServerUsage> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no CPU reading from a benchmark server')), 10_000);
    const onMessage = (m: { type?: string; micros?: number; faults?: number }) => {
      if (m?.type !== 'cpu' || typeof m.micros !== 'number' || typeof m.faults !== 'number') return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve({ micros: m.micros, faults: m.faults });
    };
    child.on('message', onMessage);
    child.send({ type: 'cpu' });
  });
}

/**
 * In a benchmark server: answers {type: 'profile-start'} and {type: 'profile-stop'} by running V8's CPU profiler
 * over that window only (start-up excluded), and sends the profile back as {type: 'profile', profile}; answers
 * {type: 'async-start'} and {type: 'async-stop'} by counting the async resources created in between (an
 * async_hooks init hook, which itself slows the server: never during a timed or profiled window) and sends them
 * back as {type: 'async-census', census}; answers {type: 'alloc-start'} and {type: 'alloc-stop'} by running V8's
 * sampling heap profiler over that window, every allocation counted (also what a scavenge frees at once), and sends
 * the profile back as {type: 'alloc-profile', profile}.
 */
export function answerProfileRequests(): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { Session } = require('node:inspector') as typeof import('node:inspector');
  let session: import('node:inspector').Session | undefined;
  const connect = () => {
    session = new Session();
    session.connect();
  };
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) => session?.post(method, params ?? {}, (err, res) => (err ? reject(err) : resolve(res))));
  let census: { hook: import('node:async_hooks').AsyncHook; result: AsyncCensus; stackLimit: number } | undefined;
  process.on('message', (m: { type?: string }) => {
    if (m?.type === 'async-start') {
      if (census) stopCensus(census);
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { createHook } = require('node:async_hooks') as typeof import('node:async_hooks');
      const result: AsyncCensus = { byType: {}, promiseSites: {} };
      const hook = createHook({
        init(_id, type) {
          result.byType[type] = (result.byType[type] ?? 0) + 1;
          // sampled at random: a fixed stride would alias with the request's own pattern of promises
          if (type === 'PROMISE' && Math.random() * PROMISE_SAMPLE < 1) {
            const site = creationSite(rawStack());
            result.promiseSites[site] = (result.promiseSites[site] ?? 0) + 1;
          }
        },
      });
      census = { hook, result, stackLimit: Error.stackTraceLimit };
      Error.stackTraceLimit = 24;
      hook.enable();
      process.send?.({ type: 'async-started' });
    } else if (m?.type === 'async-stop' && census) {
      stopCensus(census);
      process.send?.({ type: 'async-census', census: census.result });
      census = undefined;
    } else if (m?.type === 'profile-start') {
      connect();
      void post('Profiler.enable')
        .then(() => post('Profiler.setSamplingInterval', { interval: 100 }))
        .then(() => post('Profiler.start'))
        .then(() => process.send?.({ type: 'profile-started' }));
    } else if (m?.type === 'alloc-start') {
      // every allocation counts, also those a scavenge frees at once (they are what makes young-generation GC run);
      // with survivors, only what outlives a scavenge (what grows the old generation)
      connect();
      const survivors = (m as { survivors?: boolean }).survivors === true;
      void post('HeapProfiler.enable')
        .then(() => post('HeapProfiler.startSampling', { samplingInterval: 512, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: !survivors }))
        .then(() => process.send?.({ type: 'alloc-started' }));
    } else if (m?.type === 'alloc-stop') {
      void post('HeapProfiler.stopSampling').then((res) => {
        session?.disconnect();
        process.send?.({ type: 'alloc-profile', profile: (res as { profile: unknown }).profile });
      });
    } else if (m?.type === 'profile-stop') {
      void post('Profiler.stop').then((res) => {
        session?.disconnect();
        process.send?.({ type: 'profile', profile: (res as { profile: unknown }).profile });
      });
    }
  });
}

/** Sends a message to a child and waits for the reply of the given type. */
export function ask<T>(child: ChildProcess, message: object, reply: string, timeoutMs = 60_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${reply} from a benchmark server`)), timeoutMs);
    const onMessage = (m: { type?: string }) => {
      if (m?.type !== reply) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(m as T);
    };
    child.on('message', onMessage);
    child.send(message);
  });
}

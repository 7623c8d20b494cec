import { expect } from '@jest/globals';
import { censusLines, creationSite, PROMISE_SAMPLE } from '../../bench/cpu';
import { inclusiveTime } from '../../bench/profile';
import { serviceLayerLines } from '../../bench/run';

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

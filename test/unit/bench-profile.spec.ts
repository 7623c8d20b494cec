import { expect } from '@jest/globals';
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

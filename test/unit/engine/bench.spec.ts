import { runEngineBench, toMarkdown } from '../../../bench/engine';

describe('engine benchmark harness', () => {
  it('runs on small synthetic catalogues and reports every size with sane figures', () => {
    const r = runEngineBench({ sizes: [1000, 5000], queries: 300 });
    expect(r.rows.map((x) => x.entries)).toEqual([1000, 5000]);
    for (const row of r.rows) {
      expect(row.buildMs).toBeGreaterThanOrEqual(0);
      expect(row.p99Us).toBeGreaterThanOrEqual(row.p50Us);
      expect(row.hitRate).toBeGreaterThan(0.3);
    }
    expect(toMarkdown(r)).toContain('| 5,000 |');
  }, 30000);
});

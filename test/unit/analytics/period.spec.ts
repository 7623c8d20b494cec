import { splitPeriod } from '../../../src/analytics/period';

const d = (s: string) => new Date(s);

describe('splitPeriod', () => {
  it('reads every day from the roll-up when the period is open', () => {
    expect(splitPeriod({})).toEqual({ fromDay: undefined, toDay: undefined, edges: [], empty: false });
  });

  it('uses whole days only when the bounds fall on day boundaries', () => {
    expect(splitPeriod({ start: d('2026-11-01T00:00:00.000Z'), end: d('2026-11-03T23:59:59.999Z') })).toEqual({ fromDay: '2026-11-01', toDay: '2026-11-03', edges: [], empty: false });
  });

  it('reads partial first and last days from the events table', () => {
    const out = splitPeriod({ start: d('2026-11-01T10:30:00.000Z'), end: d('2026-11-03T10:00:00.000Z') });
    expect(out.fromDay).toBe('2026-11-02');
    expect(out.toDay).toBe('2026-11-02');
    expect(out.edges).toEqual([
      [d('2026-11-01T10:30:00.000Z'), d('2026-11-01T23:59:59.999Z')],
      [d('2026-11-03T00:00:00.000Z'), d('2026-11-03T10:00:00.000Z')],
    ]);
  });

  it('reads a period inside one day from the events table alone', () => {
    expect(splitPeriod({ start: d('2026-11-01T10:00:00.000Z'), end: d('2026-11-01T12:00:00.000Z') })).toEqual({
      edges: [[d('2026-11-01T10:00:00.000Z'), d('2026-11-01T12:00:00.000Z')]],
      empty: true,
    });
  });

  it('handles a single open bound', () => {
    expect(splitPeriod({ end: d('2026-11-03T10:00:00.000Z') })).toEqual({ fromDay: undefined, toDay: '2026-11-02', edges: [[d('2026-11-03T00:00:00.000Z'), d('2026-11-03T10:00:00.000Z')]], empty: false });
  });
});

import { timeOrderedHex } from '../../src/common/db/time-ordered-id';
import { parseExpansionId, resultId } from '../../src/expansion/expansion.service';

describe('timeOrderedHex (UUIDv7 event ids)', () => {
  it('has the UUIDv7 layout: 48-bit milliseconds, version 7, the RFC variant', () => {
    const now = Date.UTC(2026, 10, 23, 9, 30, 0, 123);
    const id = timeOrderedHex(now);
    expect(id).toMatch(/^[0-9a-f]{12}7[0-9a-f]{3}[89ab][0-9a-f]{15}$/);
    expect(parseInt(id.slice(0, 12), 16)).toBe(now);
  });

  it('sorts ids of later milliseconds after earlier ones, as text', () => {
    const base = Date.UTC(2026, 0, 1);
    const ids = Array.from({ length: 200 }, (_, i) => timeOrderedHex(base + i * 7));
    expect([...ids].reverse().sort()).toEqual(ids);
  });

  it('keeps ids of the same millisecond apart (74 random bits)', () => {
    const now = Date.now();
    const ids = new Set(Array.from({ length: 10_000 }, () => timeOrderedHex(now)));
    expect(ids.size).toBe(10_000);
  });

  it('makes expansion ids that feedback parses back', () => {
    const eventId = `exp_${timeOrderedHex()}`;
    expect(parseExpansionId(eventId)).toEqual({ eventId, resultIndex: null });
    expect(parseExpansionId(resultId(eventId, 2))).toEqual({ eventId, resultIndex: 2 });
  });
});

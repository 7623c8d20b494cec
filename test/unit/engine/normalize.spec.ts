import { canonicalKey, canonicalToken, normalize, tokenize } from '../../../src/expansion/engine';

describe('normalize / tokenize', () => {
  it('lower-cases, strips punctuation and collapses whitespace', () => {
    expect(normalize('  Hello,   World!!  ')).toBe('hello world');
    expect(normalize('What is the ROI?\n\tNow.')).toBe('what is the roi now');
  });

  it('applies NFKC so full-width and compatibility characters fold to their plain forms', () => {
    expect(normalize('ＡＰＩ　Ｇａｔｅｗａｙ')).toBe('api gateway');
    expect(normalize('ﬁle')).toBe('file');
    expect(normalize('Cafe\u0301')).toBe('café');
  });

  it('keeps technical tokens intact: c++, c#, .net, node.js, e-mail, r&d, ci/cd, 3.5', () => {
    expect(tokenize('C++ and C# on .NET with Node.js, e-mail R&D CI/CD v3.5')).toEqual([
      'c++', 'and', 'c#', 'on', '.net', 'with', 'node.js', 'e-mail', 'r&d', 'ci/cd', 'v3.5',
    ]);
  });

  it('drops trailing periods, quotes and possessive apostrophe-s', () => {
    expect(normalize('approx. "mgmt." customer’s (data)')).toBe('approx mgmt customer data');
    expect(normalize("don't")).toBe("don't");
  });

  it('is deterministic and idempotent', () => {
    const s = 'Ｍｉｘｅｄ  CASE, node.js & C++!';
    expect(normalize(s)).toBe(normalize(s));
    expect(normalize(normalize(s))).toBe(normalize(s));
  });

  it('returns empty results for empty or punctuation-only text', () => {
    expect(normalize('')).toBe('');
    expect(tokenize('?!... ---')).toEqual([]);
  });

  it('canonicalises plurals with simple s/es/ies rules so singular and plural meet', () => {
    const pairs: [string, string][] = [
      ['apis', 'api'], ['policies', 'policy'], ['databases', 'database'], ['caches', 'cache'],
      ['boxes', 'box'], ['classes', 'class'], ['kpis', 'kpi'], ['statuses', 'status'],
    ];
    for (const [pl, sg] of pairs) expect(canonicalToken(pl)).toBe(canonicalToken(sg));
    expect(canonicalToken('status')).toBe('status');
    expect(canonicalToken('analysis')).toBe('analysis');
    expect(canonicalToken('news')).toBe('news');
    expect(canonicalKey(['machine', 'learning', 'models'])).toBe(canonicalKey(['machine', 'learning', 'model']));
  });
});

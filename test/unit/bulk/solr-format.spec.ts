import { escapeSolrTerm, parseSolrLine, solrLine, splitEscaped, unescapeSolr } from '../../../src/admin/bulk/solr-format';

describe('Solr line parser', () => {
  it.each(['', '   ', '# comment', '   # indented comment'])('skips %j', (line) => {
    expect(parseSolrLine(line)).toEqual({ kind: 'skip' });
  });

  it('reads an equivalence line as every unordered pair, earlier → later', () => {
    expect(parseSolrLine('tv, television, telly')).toEqual({
      kind: 'pairs',
      mapping: 'equivalent',
      pairs: [
        ['tv', 'television'],
        ['tv', 'telly'],
        ['television', 'telly'],
      ],
    });
  });

  it('reads an explicit mapping as each left term to each right term', () => {
    expect(parseSolrLine('i-pod, ipod => apple ipod, music player')).toEqual({
      kind: 'pairs',
      mapping: 'explicit',
      pairs: [
        ['i-pod', 'apple ipod'],
        ['i-pod', 'music player'],
        ['ipod', 'apple ipod'],
        ['ipod', 'music player'],
      ],
    });
    expect(parseSolrLine('ml=>machine learning')).toMatchObject({ pairs: [['ml', 'machine learning']] });
  });

  it('honours backslash escapes for commas, => and backslashes', () => {
    expect(parseSolrLine('a\\,b => c\\=>d, e\\\\f')).toMatchObject({ pairs: [['a,b', 'c=>d'], ['a,b', 'e\\f']] });
    expect(parseSolrLine('\\#hash, tag')).toMatchObject({ pairs: [['#hash', 'tag']] });
  });

  it('drops empty parts between commas', () => {
    expect(parseSolrLine('a,, b,')).toMatchObject({ pairs: [['a', 'b']] });
  });

  it.each([
    ['a => b => c', 'more than one'],
    [' => b', 'both sides'],
    ['a =>', 'both sides'],
    ['lonely', 'at least two'],
    [Array.from({ length: 101 }, (_, i) => `t${i}`).join(','), 'more than 100'],
  ])('refuses %j', (line, message) => {
    const parsed = parseSolrLine(line);
    expect(parsed.kind).toBe('error');
    expect(parsed.kind === 'error' && parsed.message).toContain(message);
  });

  it('splits keeping escapes, unescapes afterwards', () => {
    expect(splitEscaped('a\\,b,c', ',')).toEqual(['a\\,b', 'c']);
    expect(unescapeSolr('a\\,b\\\\c\\')).toBe('a,b\\c\\');
  });
});

describe('Solr writer', () => {
  it('escapes what the parser would split on', () => {
    expect(escapeSolrTerm('a,b')).toBe('a\\,b');
    expect(escapeSolrTerm('x=>y')).toBe('x\\=>y');
    expect(escapeSolrTerm('back\\slash')).toBe('back\\\\slash');
    expect(escapeSolrTerm('#tag')).toBe('\\#tag');
    expect(escapeSolrTerm('c#')).toBe('c#');
    expect(escapeSolrTerm('two\nlines')).toBe('two lines');
  });

  it.each([
    ['ml', 'machine learning'],
    ['a,b', 'c=>d'],
    ['#first', 'x => y, z'],
    ['back\\', 'slash\\\\'],
    ['Café, "naïve"', '日本語'],
    ['a=', '>b'],
  ])('writes %j → %j as a line that parses back to the same pair', (term, synonym) => {
    const line = solrLine(term, synonym);
    expect(line.endsWith('\n')).toBe(true);
    expect(parseSolrLine(line.trimEnd())).toEqual({ kind: 'pairs', mapping: 'explicit', pairs: [[term, synonym]] });
  });
});

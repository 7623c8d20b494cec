import { parse } from 'csv-parse/sync';
import { csvCell, csvRecord, joinTags, neutraliseFormula, normaliseHeader, quoteCsvField, splitTags, unneutraliseFormula } from '../../../src/admin/bulk/csv-format';

describe('CSV quoting (RFC 4180)', () => {
  it.each([
    ['plain', 'plain'],
    ['', ''],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['line1\nline2', '"line1\nline2"'],
    ['cr\rhere', '"cr\rhere"'],
    ['"', '""""'],
    ['Café naïve 日本語', 'Café naïve 日本語'],
  ])('quotes %j as %j', (value, expected) => {
    expect(quoteCsvField(value)).toBe(expected);
  });

  it('writes null and undefined as empty cells and numbers as their shortest exact text', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(0.1 + 0.2)).toBe('0.30000000000000004');
    expect(csvRecord(['a', null, 0.5, 'x,y'])).toBe('a,,0.5,"x,y"\r\n');
  });
});

describe('formula neutralisation', () => {
  it.each(['=SUM(A1:A2)', '+1', '-1', '@cmd', '\tx', '\rx'])('prefixes %j with a single quote', (value) => {
    expect(neutraliseFormula(value)).toBe(`'${value}`);
  });

  it.each(['plain', "'quoted", "it's", '1=1', 'a-b', ''])('leaves %j alone', (value) => {
    expect(neutraliseFormula(value)).toBe(value);
  });

  it('adds one more quote to a value already made of quotes and a formula start', () => {
    expect(neutraliseFormula("'=x")).toBe("''=x");
    expect(neutraliseFormula("''-x")).toBe("'''-x");
  });

  it('strips exactly one leading quote, only before a formula start', () => {
    expect(unneutraliseFormula("'=x")).toBe('=x');
    expect(unneutraliseFormula("''=x")).toBe("'=x");
    expect(unneutraliseFormula("'x")).toBe("'x");
    expect(unneutraliseFormula("'")).toBe("'");
    expect(unneutraliseFormula('=x')).toBe('=x');
  });

  it.each(['=1+2', "'=1+2", "''@x", "'plain", 'plain', '-', "'", '@', "it's =", '+ok', '\t=x'])('round-trips %j', (value) => {
    expect(unneutraliseFormula(neutraliseFormula(value))).toBe(value);
  });

  it('round-trips awkward records through csv-parse', () => {
    const values = ['=HYPERLINK("http://x","y")', 'Café, "naïve"\nline2', '日本語の同義語', "'quoted", 'a\r\nb', '', ' padded ', '-5', '@SUM(1)'];
    const text = csvRecord(['h', ...values.map((_, i) => `c${i}`)]) + csvRecord(['row', ...values]);
    const [record] = parse(text, { columns: true, bom: true }) as Array<Record<string, string>>;
    expect(values.map((_, i) => unneutraliseFormula(record[`c${i}`]))).toEqual(values);
  });
});

describe('tags cells', () => {
  it('joins with | and splits back', () => {
    expect(joinTags(['a', 'b c'])).toBe('a|b c');
    expect(splitTags('a|b c')).toEqual(['a', 'b c']);
    expect(joinTags([])).toBe('');
    expect(joinTags(null)).toBe('');
  });

  it('escapes | and \\ inside tags, so any tag survives', () => {
    const tags = ['x|y', 'back\\slash', 'end\\', 'plain'];
    expect(splitTags(joinTags(tags))).toEqual(tags);
  });

  it('trims pieces, drops empty ones and keeps other backslashes', () => {
    expect(splitTags(' a || b |')).toEqual(['a', 'b']);
    expect(splitTags('c:\\dir')).toEqual(['c:\\dir']);
  });
});

describe('header names', () => {
  it('are trimmed and lower-cased', () => {
    expect(normaliseHeader('  User_Role ')).toBe('user_role');
  });
});

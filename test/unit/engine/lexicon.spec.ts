import * as fs from 'fs';
import * as path from 'path';
import { compileLexicon, LexiconFile, loadLexicons, rankSenses, tokenize, validateLexiconFile } from '../../../src/expansion/engine';
import * as os from 'os';

const dataDir = path.join(__dirname, '../../../src/expansion/engine/data');
const read = (f: string) => JSON.parse(fs.readFileSync(path.join(dataDir, f), 'utf8')) as LexiconFile;

describe('built-in lexicons', () => {
  it('acronyms.json has at least 300 acronyms and every entry is well-formed', () => {
    const file = read('acronyms.json');
    expect(Object.keys(file.entries).length).toBeGreaterThanOrEqual(300);
    expect(validateLexiconFile(file)).toEqual([]);
  });

  it('abbreviations.json has at least 200 abbreviations and every entry is well-formed', () => {
    const file = read('abbreviations.json');
    expect(Object.keys(file.entries).length).toBeGreaterThanOrEqual(200);
    expect(validateLexiconFile(file)).toEqual([]);
  });

  it('contains the common acronyms and abbreviations with correct expansions', () => {
    const { acronyms, abbreviations } = loadLexicons();
    const first = (m: typeof acronyms, k: string) => m.get(tokenize(k)[0])?.senses[0].expansion;
    expect(first(acronyms, 'API')).toBe('application programming interface');
    expect(first(acronyms, 'KPI')).toBe('key performance indicator');
    expect(first(acronyms, 'ROI')).toBe('return on investment');
    expect(first(acronyms, 'SLA')).toBe('service level agreement');
    expect(first(acronyms, 'CRM')).toBe('customer relationship management');
    expect(first(acronyms, 'HR')).toBe('human resources');
    expect(first(abbreviations, 'mgmt')).toBe('management');
    expect(first(abbreviations, 'config')).toBe('configuration');
    expect(first(abbreviations, 'repo')).toBe('repository');
    expect(first(abbreviations, 'approx')).toBe('approximately');
  });

  it('lists several senses for ambiguous acronyms (PR, AI, CI, IP, PO) across domains', () => {
    const { acronyms } = loadLexicons();
    for (const k of ['pr', 'ai', 'ci', 'ip', 'po']) {
      const senses = acronyms.get(k)!.senses;
      expect(senses.length).toBeGreaterThanOrEqual(2);
      expect(new Set(senses.map((s) => s.domain)).size).toBeGreaterThanOrEqual(2);
    }
  });

  it("counts the request's domain as a context word when ranking senses filed under one lexicon domain", () => {
    const pr = loadLexicons().acronyms.get('pr')!;
    const order = (domain: string | undefined, words: string[] = []) => rankSenses(pr, domain, new Set(words)).map((r) => r.sense.expansion);
    // pull request is technical; public relations and purchase requisition are both business: list order decided
    // between them until the request's domain, named among purchase requisition's context words, counts as evidence
    expect(order('business')[0]).toBe('public relations');
    expect(order('procurement')[0]).toBe('purchase requisition');
    expect(order('marketing')[0]).toBe('public relations');
    expect(order(undefined)[0]).toBe('pull request');
    const procurement = rankSenses(pr, 'procurement', new Set())[0];
    expect(procurement.contextHits).toBe(1);
    // the domain is one piece of evidence, not one per mention: a query naming it too counts it once
    expect(rankSenses(pr, 'procurement', new Set(['procurement']))[0].contextHits).toBe(1);
    // a request for one of the lexicon's own domains already weighs in through the domain factor and is no context
    // word: "SME" in a business request stays a subject matter expert, though an enterprise sense lists "business"
    const sme = loadLexicons().acronyms.get('sme')!;
    expect(sme.senses.some((s) => s.context_words?.includes('business'))).toBe(true);
    const business = rankSenses(sme, 'business', new Set());
    expect(business[0].sense.expansion).toBe('subject matter expert');
    expect(business.every((r) => r.contextHits === 0)).toBe(true);
  });

  it('validateLexiconFile reports malformed entries', () => {
    const bad = {
      entries: {
        'TWO WORDS': [{ expansion: 'x y', domain: 'technical' }],
        XY: [{ expansion: '', domain: 'technical' }],
        ZZ: [{ expansion: 'zig zag', domain: 'nope' }],
        QQ: [],
      },
    } as unknown as LexiconFile;
    const problems = validateLexiconFile(bad);
    expect(problems.some((p) => p.startsWith('TWO WORDS'))).toBe(true);
    expect(problems.some((p) => p.startsWith('XY'))).toBe(true);
    expect(problems.some((p) => p.includes('bad domain'))).toBe(true);
    expect(problems.some((p) => p.startsWith('QQ'))).toBe(true);
  });

  it('loadLexicons reads an explicit directory and compileLexicon keys by canonical form', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lex-'));
    fs.writeFileSync(path.join(dir, 'acronyms.json'), JSON.stringify({ entries: { FOO: [{ expansion: 'foo bar', domain: 'general' }] } }));
    fs.writeFileSync(path.join(dir, 'abbreviations.json'), JSON.stringify({ entries: {} }));
    const lex = loadLexicons(dir);
    expect(lex.acronyms.get('foo')?.senses[0].expansion).toBe('foo bar');
    expect(lex.abbreviations.size).toBe(0);
    expect(compileLexicon({ entries: { APIs: [{ expansion: 'x y', domain: 'technical' }] } }).has('api')).toBe(true);
  });
});

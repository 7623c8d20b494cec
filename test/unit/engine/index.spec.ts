import {
  classifyEntry,
  emptyLexicons,
  expand,
  ExpansionIndex,
  FLAG_ABBREVIATION,
  FLAG_ACRONYM,
  looksLikeAbbreviation,
  looksLikeAcronym,
} from '../../../src/expansion/engine';
import { entry, req } from './helpers';

const noLex = emptyLexicons();
const queries = (idx: ExpansionIndex, q: string, extra = {}) =>
  expand(idx, req(q, { enabledStrategies: ['synonym_expansion'], ...extra }), { thesaurus: null }).map((r) => r.expanded_query);

describe('ExpansionIndex phrase matching', () => {
  it('matches the longest phrase first and does not also expand the shorter phrase inside it', () => {
    const idx = ExpansionIndex.build(
      [entry('machine learning', 'ML engineering', { id: 1 }), entry('machine', 'device', { id: 2 }), entry('learning', 'training', { id: 3 })],
      noLex,
    );
    const out = queries(idx, 'machine learning pipeline');
    expect(out).toContain('ML engineering pipeline');
    expect(out).not.toContain('device learning pipeline');
    expect(out).not.toContain('machine training pipeline');
  });

  it('falls back to a shorter phrase when the longer one is absent', () => {
    const idx = ExpansionIndex.build([entry('machine learning model', 'ml model', { id: 1 }), entry('machine', 'device', { id: 2 })], noLex);
    expect(queries(idx, 'machine learning')).toContain('device learning');
  });

  it('matches plural query words against singular entries and pluralises the replacement', () => {
    const idx = ExpansionIndex.build([entry('database', 'data store', { id: 1 }), entry('access policy', 'permission rule', { id: 2 })], noLex);
    expect(queries(idx, 'list databases')).toContain('list data stores');
    expect(queries(idx, 'review access policies')).toContain('review permission rules');
  });

  it('matches singular query words against plural entries', () => {
    const idx = ExpansionIndex.build([entry('release notes', 'changelog', { id: 1 })], noLex);
    expect(queries(idx, 'release note format')).toContain('changelog format');
  });

  it('uses entries in reverse (synonym -> term) at a lower confidence than forward', () => {
    const idx = ExpansionIndex.build([entry('car', 'automobile', { id: 1, confidence: 0.8 })], noLex);
    const fwd = expand(idx, req('car insurance'))[0];
    const rev = expand(idx, req('automobile insurance'))[0];
    expect(fwd.expanded_query).toBe('automobile insurance');
    expect(rev.expanded_query).toBe('car insurance');
    expect(rev.confidence_score).toBeLessThan(fwd.confidence_score);
    expect(rev.synonyms_used[0]).toMatchObject({ term: 'automobile', synonym: 'car', synonym_id: 1, source: 'catalogue' });
  });

  it('keeps the original casing and punctuation of the untouched parts of the query', () => {
    const idx = ExpansionIndex.build([entry('deployment', 'release', { id: 1 })], noLex);
    expect(queries(idx, 'When is the next Deployment, please?')).toContain('When is the next release, please?');
  });
});

describe('ExpansionIndex scoping rules', () => {
  const idx = ExpansionIndex.build(
    [
      entry('budget', 'spending plan', { id: 1, userRole: 'Manager' }),
      entry('budget', 'cost allocation', { id: 2, department: 'finance' }),
      entry('budget', 'allowance', { id: 3 }),
      entry('ticket', 'jira issue', { id: 4, userRole: 'developer', department: 'engineering' }),
    ],
    noLex,
  );
  const used = (extra: object) => new Set(expand(idx, req('budget ticket', extra)).flatMap((r) => r.synonyms_used.map((s) => s.synonym_id)));

  it('never uses a role-restricted entry for another role or for no role', () => {
    expect(used({ userRole: 'analyst' }).has(1)).toBe(false);
    expect(used({}).has(1)).toBe(false);
    expect(used({ userRole: 'MANAGER' }).has(1)).toBe(true); // case-insensitive
  });

  it('never uses a department-restricted entry for another department', () => {
    expect(used({ department: 'sales' }).has(2)).toBe(false);
    expect(used({ department: 'Finance' }).has(2)).toBe(true);
  });

  it('requires both role and department when an entry has both restrictions', () => {
    expect(used({ userRole: 'developer' }).has(4)).toBe(false);
    expect(used({ department: 'engineering' }).has(4)).toBe(false);
    expect(used({ userRole: 'developer', department: 'engineering' }).has(4)).toBe(true);
  });

  it('always uses unrestricted entries and ranks in-scope restricted entries higher in relevance', () => {
    expect(used({ userRole: 'analyst', department: 'sales' }).has(3)).toBe(true);
    const res = expand(idx, req('budget', { userRole: 'manager' }));
    const scoped = res.find((r) => r.synonyms_used[0].synonym_id === 1)!;
    const open = res.find((r) => r.synonyms_used[0].synonym_id === 3)!;
    expect(scoped.relevance_score).toBeGreaterThan(open.relevance_score);
  });

  it('a restricted longer phrase does not hide a public shorter phrase from other users', () => {
    const i2 = ExpansionIndex.build([entry('sprint review', 'demo day', { id: 1, userRole: 'manager' }), entry('sprint', 'iteration', { id: 2 })], noLex);
    expect(queries(i2, 'sprint review notes', { userRole: 'developer' })).toContain('iteration review notes');
    expect(queries(i2, 'sprint review notes', { userRole: 'manager' })).toContain('demo day notes');
  });
});

describe('ExpansionIndex incremental refresh', () => {
  it('upsert adds, replaces and remove deletes an entry without a rebuild', () => {
    const idx = ExpansionIndex.build([entry('repo', 'codebase', { id: 1 })], noLex);
    expect(idx.size).toBe(1);
    idx.upsert(entry('deploy', 'ship', { id: 2 }));
    expect(idx.size).toBe(2);
    expect(queries(idx, 'deploy now')).toContain('ship now');

    idx.upsert(entry('deploy', 'roll out', { id: 2 })); // replace id 2
    expect(idx.size).toBe(2);
    expect(queries(idx, 'deploy now')).toContain('roll out now');
    expect(queries(idx, 'deploy now')).not.toContain('ship now');

    idx.remove(2);
    expect(idx.size).toBe(1);
    expect(queries(idx, 'deploy now')).toEqual([]);
    expect(idx.getEntry(2)).toBeUndefined();
    idx.remove(999); // unknown id is a no-op
    expect(idx.size).toBe(1);
  });

  it('reuses freed slots and keeps other entries of the same phrase after a removal', () => {
    const idx = ExpansionIndex.build([entry('bug', 'defect', { id: 1, confidence: 0.9 }), entry('bug', 'issue', { id: 2, confidence: 0.7 })], noLex);
    idx.remove(1);
    expect(queries(idx, 'bug report')).toEqual(['issue report']);
    idx.upsert(entry('bug', 'fault', { id: 3, confidence: 0.95 }));
    expect(queries(idx, 'bug report')[0]).toBe('fault report');
    expect(idx.getEntry(3)).toMatchObject({ term: 'bug', synonym: 'fault' });
  });

  it('upsert of a changed confidence re-orders the postings', () => {
    const idx = ExpansionIndex.build([entry('bug', 'defect', { id: 1, confidence: 0.9 }), entry('bug', 'issue', { id: 2, confidence: 0.7 })], noLex);
    expect(queries(idx, 'bug')[0]).toBe('defect');
    idx.upsert(entry('bug', 'issue', { id: 2, confidence: 0.99 }));
    expect(queries(idx, 'bug')[0]).toBe('issue');
  });

  it('ignores entries whose term and synonym normalise to the same phrase', () => {
    const idx = ExpansionIndex.build([entry('API', 'api', { id: 1 }), entry('APIs', 'API', { id: 2 })], noLex);
    expect(idx.size).toBe(0);
  });
});

describe('entry classification for acronym/abbreviation strategies', () => {
  it('uses tags first', () => {
    expect(classifyEntry({ term: 'foo', synonym: 'bar', tags: ['Acronym'] })).toBe(FLAG_ACRONYM);
    expect(classifyEntry({ term: 'foo', synonym: 'bar', tags: ['abbreviation'] })).toBe(FLAG_ABBREVIATION);
    expect(classifyEntry({ term: 'SLA', synonym: 'service level agreement', tags: ['synonym'] })).toBe(0);
  });

  it('recognises untagged acronyms and abbreviations by their shape', () => {
    expect(looksLikeAcronym('SLA', 'service level agreement')).toBe(true);
    expect(looksLikeAcronym('SaaS', 'software as a service')).toBe(true);
    expect(looksLikeAcronym('Car', 'motor vehicle')).toBe(false);
    expect(looksLikeAcronym('SLA', 'agreement')).toBe(false);
    expect(looksLikeAbbreviation('mgmt', 'management')).toBe(true);
    expect(looksLikeAbbreviation('config', 'configuration')).toBe(true);
    expect(looksLikeAbbreviation('car', 'automobile')).toBe(false);
    expect(looksLikeAbbreviation('management', 'mgmt')).toBe(false);
  });
});

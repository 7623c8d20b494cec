import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConflictError, ERROR_STATUS, GENERIC_CODE, isCodeOf, NotFoundError, type ErrorCode } from '../../src/common/errors';
import { FeedbackAlreadyRecordedError } from '../../src/feedback/feedback.errors';
import { DuplicateSynonymError, InvalidStatusTransitionError, SynonymNotFoundError, VersionConflictError } from '../../src/synonyms/synonym.errors';

/** docs/API.md's error table as status -> codes. */
function documented(): Map<string, number> {
  const doc = readFileSync(join(__dirname, '..', '..', 'docs', 'API.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## Errors'), doc.indexOf('Unknown body and query properties'));
  const codes = new Map<string, number>();
  for (const line of section.split('\n')) {
    const m = /^\| (\d{3}) \| (.*) \|$/.exec(line);
    if (!m) continue;
    for (const c of m[2].matchAll(/`([A-Z][A-Z_]+)`/g)) codes.set(c[1], Number(m[1]));
  }
  return codes;
}

describe('error catalogue', () => {
  it('docs/API.md lists every catalogue code under its status, and nothing else', () => {
    const docs = documented();
    const catalogue = new Map(Object.entries(ERROR_STATUS));
    expect([...docs].sort()).toEqual([...catalogue].sort());
    expect(docs.size).toBeGreaterThanOrEqual(30);
  });

  it('every generic code of a status has that status', () => {
    for (const [status, code] of Object.entries(GENERIC_CODE)) expect(ERROR_STATUS[code as ErrorCode]).toBe(Number(status));
  });

  it('module errors carry their catalogue code and status', () => {
    const cases: [Error & { code: string; status: number }, ErrorCode][] = [
      [new SynonymNotFoundError(7), 'SYNONYM_NOT_FOUND'],
      [new DuplicateSynonymError({ term: 'a', synonym: 'b', domain: 'general', userRole: null, department: null }, 3), 'DUPLICATE_SYNONYM'],
      [new VersionConflictError(7, 1, 2), 'VERSION_CONFLICT'],
      [new InvalidStatusTransitionError('deprecated', 'active'), 'INVALID_STATUS_TRANSITION'],
      [new FeedbackAlreadyRecordedError('exp_1'), 'FEEDBACK_ALREADY_RECORDED'],
    ];
    for (const [err, code] of cases) {
      expect(err.code).toBe(code);
      expect(err.status).toBe(ERROR_STATUS[code]);
    }
    expect(new SynonymNotFoundError(7)).toBeInstanceOf(NotFoundError);
    expect(new VersionConflictError(7, 1, 2)).toBeInstanceOf(ConflictError);
  });

  it('a DTO context code counts only when it is a catalogue code of that status', () => {
    expect(isCodeOf('QUERY_TOO_LONG', 400)).toBe(true);
    expect(isCodeOf('DUPLICATE_SYNONYM', 400)).toBe(false);
    expect(isCodeOf('NO_SUCH_CODE', 400)).toBe(false);
    expect(isCodeOf('toString', 400)).toBe(false);
  });
});

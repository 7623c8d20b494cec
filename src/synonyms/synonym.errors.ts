import { ConflictError, NotFoundError } from '../common/errors';
import { STATUS_TRANSITIONS, type SynonymStatus } from './synonym.enums';

/** The catalogue's errors: each class has one stable code of the catalogue (common/errors/error-codes.ts). */

/** 404 SYNONYM_NOT_FOUND */
export class SynonymNotFoundError extends NotFoundError {
  constructor(id: number) {
    super('SYNONYM_NOT_FOUND', `Synonym ${id} does not exist`, { field: 'synonym_id', expected_type: 'id of an existing synonym', provided_value: id });
  }
}

/** 409 DUPLICATE_SYNONYM: the pair exists in this scope. */
export class DuplicateSynonymError extends ConflictError {
  constructor(e: { term: string; synonym: string; domain: string; userRole: string | null; department: string | null }, existingId?: number) {
    super('DUPLICATE_SYNONYM', `"${e.term}" → "${e.synonym}" already exists in this scope (domain ${e.domain}, user_role ${e.userRole ?? 'any'}, department ${e.department ?? 'any'})`, {
      field: 'synonym',
      expected_type: 'a pair not yet in the catalogue for this scope',
      provided_value: e.synonym,
      existing_id: existingId,
    });
  }
}

/** 409 VERSION_CONFLICT: optimistic concurrency. */
export class VersionConflictError extends ConflictError {
  constructor(id: number, expected: number, actual: number) {
    super('VERSION_CONFLICT', `Synonym ${id} was changed by someone else (version ${actual}, you sent ${expected}); re-read it and retry`, {
      field: 'version',
      expected_type: `current version ${actual}`,
      provided_value: expected,
    });
  }
}

/** 409 INVALID_STATUS_TRANSITION: a move the status workflow does not allow. */
export class InvalidStatusTransitionError extends ConflictError {
  constructor(from: SynonymStatus, to: SynonymStatus) {
    super('INVALID_STATUS_TRANSITION', `A synonym cannot move from ${from} to ${to}; allowed: ${STATUS_TRANSITIONS[from].join(', ')}`, {
      field: 'status',
      from,
      to,
      allowed: STATUS_TRANSITIONS[from],
    });
  }
}

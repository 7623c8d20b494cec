import { ConflictError, NotFoundError } from '../common/errors';

/** 404 EXPANSION_NOT_FOUND */
export class ExpansionNotFoundError extends NotFoundError {
  constructor(id: string) {
    super('EXPANSION_NOT_FOUND', `No expansion with id ${id}`, { field: 'expansion_id', expected_type: 'an expansion_id from POST /query-expansion/expand', provided_value: id });
  }
}

/** 409 FEEDBACK_ALREADY_RECORDED: one rating per user and expansion. */
export class FeedbackAlreadyRecordedError extends ConflictError {
  constructor(expansionId: string) {
    super('FEEDBACK_ALREADY_RECORDED', `You already rated ${expansionId}`, {
      field: 'expansion_id',
      expected_type: 'an expansion you have not rated yet',
      provided_value: expansionId,
    });
  }
}

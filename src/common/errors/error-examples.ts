import type { ErrorCode } from './error-codes';

export interface ErrorExample {
  /** When the code is answered: the example's summary in the OpenAPI document. */
  when: string;
  message: string;
  details?: Record<string, unknown>;
}

/**
 * One example body per catalogue code, as the service sends it (the messages are the service's own; test/openapi
 * checks a sample against real answers). The OpenAPI document shows them on every response that can carry the
 * code (common/http/api-responses.ts, ApiErrors). A Record over ErrorCode: a new code does not compile without one.
 */
export const ERROR_EXAMPLES: Record<ErrorCode, ErrorExample> = {
  VALIDATION_ERROR: {
    when: 'A field or query parameter fails validation (the first failing one is named)',
    message: 'Invalid value for "confidence": confidence must not be greater than 1',
    details: { field: 'confidence', expected_type: 'number <= 1', provided_value: 1.5 },
  },
  INVALID_FILE_PATH: {
    when: 'The path leaves the configured import or export directory',
    message: 'file_path must name a file inside the import directory',
    details: { field: 'file_path', expected_type: 'path of a file inside the configured directory', provided_value: '../etc/passwd' },
  },
  MISSING_QUERY_PARAMETER: {
    when: 'query is missing or blank',
    message: 'Invalid value for "query": query is required',
    details: { field: 'query', expected_type: 'non-empty string', provided_value: '' },
  },
  QUERY_TOO_LONG: {
    when: 'query is longer than 1000 characters after trimming',
    message: 'Invalid value for "query": query must be shorter than or equal to 1000 characters',
    details: { field: 'query', expected_type: 'string of at most 1000 characters', provided_value: `${'a'.repeat(100)}... (1001 characters)` },
  },
  MALFORMED_JSON: { when: 'The body is not valid JSON', message: 'Request body is not valid JSON' },
  FORBIDDEN_PROPERTY: {
    when: 'A key named __proto__, constructor or prototype',
    message: 'Property "__proto__" is not allowed',
    details: { field: '__proto__', expected_type: 'no such property', provided_value: null },
  },
  UNSUPPORTED_API_VERSION: {
    when: 'The API-Version header, the version parameter or the /api/{version} prefix names a version not served',
    message: 'API version "v3" is not supported; supported versions: v1, v2',
    details: { field: 'API-Version', expected_type: 'v1 or v2', provided_value: 'v3' },
  },
  SAME_TERM_AND_SYNONYM: {
    when: 'term and synonym are the same once normalised',
    message: 'term and synonym must differ',
    details: { field: 'synonym', expected_type: 'text different from term', provided_value: null },
  },
  NOTHING_TO_UPDATE: {
    when: 'The body changes nothing (empty, or a reason alone)',
    message: 'Nothing to update: send at least one of confidence, notes, status, tags, domain, context, user_role, department',
    details: { field: '(body)', expected_type: 'at least one updatable field', provided_value: null },
  },
  BAD_REQUEST: { when: 'The request could not be parsed (e.g. a malformed URL encoding)', message: 'The request could not be parsed' },
  AUTHENTICATION_REQUIRED: { when: 'No bearer token', message: 'Authentication required: send an Authorization: Bearer <token> header' },
  TOKEN_EXPIRED: { when: 'The token is past its exp', message: 'Token has expired' },
  INVALID_TOKEN: { when: 'The token is malformed, wrongly signed, or lacks sub, exp or valid roles', message: 'Token is malformed, wrongly signed or not valid for this service' },
  UNAUTHORIZED: { when: 'Authentication refused without a reason', message: 'Unauthorized' },
  INSUFFICIENT_ROLE: {
    when: 'The token lacks a role the operation needs',
    message: 'This operation needs one of the roles: curator, admin',
    details: { field: 'roles', expected_type: 'one of: curator, admin', provided_value: ['user'] },
  },
  USER_MISMATCH: {
    when: 'user_id names another user and the token is not a service token',
    message: 'Only a service token may act for another user (user_id differs from the token subject)',
    details: { field: 'user_id', expected_type: 'the token subject', provided_value: 'bob' },
  },
  FORBIDDEN: { when: 'Access refused without a reason', message: 'Forbidden resource' },
  NOT_FOUND: { when: 'No route at this path and method', message: 'Cannot GET /query-expansion/nothing-here' },
  SYNONYM_NOT_FOUND: {
    when: 'No synonym has this id',
    message: 'Synonym 42 does not exist',
    details: { field: 'synonym_id', expected_type: 'id of an existing synonym', provided_value: 42 },
  },
  EXPANSION_NOT_FOUND: {
    when: 'No expansion has this expansion_id',
    message: 'No expansion with id exp_3f2a9c1e0b7d4e5f8a6b2c9d1e0f7a3b',
    details: { field: 'expansion_id', expected_type: 'an expansion_id from POST /query-expansion/expand', provided_value: 'exp_3f2a9c1e0b7d4e5f8a6b2c9d1e0f7a3b' },
  },
  FILE_NOT_FOUND: {
    when: 'No such file in the import directory',
    message: 'No file "synonyms.csv" in the import directory',
    details: { field: 'file_path', expected_type: 'path of an existing file inside the import directory', provided_value: 'synonyms.csv' },
  },
  METHOD_NOT_ALLOWED: { when: 'The method is not served at this path', message: 'Method Not Allowed' },
  DUPLICATE_SYNONYM: {
    when: 'The term → synonym pair already exists in this scope',
    message: '"laptop" → "notebook" already exists in this scope (domain technical, user_role any, department any)',
    details: { field: 'synonym', expected_type: 'a pair not yet in the catalogue for this scope', provided_value: 'notebook', existing_id: 1 },
  },
  INVALID_STATUS_TRANSITION: {
    when: 'The status workflow does not allow the move',
    message: 'A synonym cannot move from active to pending; allowed: deprecated, under_review',
    details: { field: 'status', from: 'active', to: 'pending', allowed: ['deprecated', 'under_review'] },
  },
  VERSION_CONFLICT: {
    when: 'If-Match or the body version is not the current version',
    message: 'Synonym 1 was changed by someone else (version 2, you sent 1); re-read it and retry',
    details: { field: 'version', expected_type: 'current version 2', provided_value: 1 },
  },
  FEEDBACK_ALREADY_RECORDED: {
    when: 'This user already rated this expansion_id',
    message: 'You already rated exp_3f2a9c1e0b7d4e5f8a6b2c9d1e0f7a3b',
    details: { field: 'expansion_id', expected_type: 'an expansion you have not rated yet', provided_value: 'exp_3f2a9c1e0b7d4e5f8a6b2c9d1e0f7a3b' },
  },
  CONFLICT: { when: 'A conflict raised without a reason', message: 'Conflict' },
  PAYLOAD_TOO_LARGE: { when: 'The JSON body exceeds 256 KB', message: 'Request body exceeds the size limit' },
  FILE_TOO_LARGE: {
    when: 'The import file exceeds 50 MiB',
    message: 'The import file is 73400320 bytes; the limit is 52428800 bytes',
    details: { field: 'file_path', expected_type: 'a file of at most 52428800 bytes', provided_value: 'synonyms.csv', size: 73400320, max_size: 52428800 },
  },
  UNSUPPORTED_MEDIA_TYPE: { when: 'A body encoding or charset the parser does not support', message: 'Unsupported request body encoding or charset' },
  RATE_LIMIT_EXCEEDED: {
    when: "The caller used up its group's budget for the window; Retry-After says when to retry",
    message: 'Rate limit for synonyms requests exceeded; retry in 42 s',
    details: { group: 'synonyms', retry_after: 42 },
  },
  INTERNAL_ERROR: {
    when: 'An unexpected error; logged with the request id, never a stack or SQL',
    message: 'An unexpected error occurred; quote request id 3f2a9c1e-0b7d-4e5f-8a6b-2c9d1e0f7a3b when reporting it',
  },
  SERVICE_UNAVAILABLE: {
    when: 'The database cannot be reached; retry after Retry-After seconds',
    message: 'The database is unavailable; retry in a few seconds',
    details: { dependency: 'database', retry_after: 5 },
  },
};

/** VALIDATION_ERROR as it names a query or path parameter: the example for routes whose input is not (only) a body. */
export const INVALID_PARAMETER_EXAMPLES = {
  limit: {
    when: 'A query parameter fails validation (the first failing one is named); unknown parameters are refused too',
    message: 'Invalid value for "limit": limit must not be greater than 1000',
    details: { field: 'limit', expected_type: 'number <= 1000', provided_value: 5000 },
  },
  start_date: {
    when: 'A query parameter fails validation (the first failing one is named); unknown parameters are refused too',
    message: 'Invalid value for "start_date": start_date must be an ISO 8601 date or timestamp, e.g. 2026-11-01 or 2026-11-01T12:00:00Z',
    details: { field: 'start_date', expected_type: 'ISO 8601 date or timestamp', provided_value: 'yesterday' },
  },
  domain: {
    when: 'A query parameter fails validation (the first failing one is named); unknown parameters are refused too',
    message: 'Invalid value for "domain": domain must be shorter than or equal to 50 characters',
    details: { field: 'domain', expected_type: 'string of at most 50 characters', provided_value: 'information-technology-infrastructure-and-operations' },
  },
  synonym_id: {
    when: 'The path id is not a positive integer',
    message: 'Path parameter "synonym_id" must be a positive integer',
    details: { field: 'synonym_id', expected_type: 'integer', provided_value: 'abc' },
  },
} satisfies Record<string, ErrorExample>;

/**
 * Errors that services throw. They know nothing of HTTP: the exception filter maps `status` and `code`
 * to the spec's envelope {error, message, code, details}.
 */
export interface ErrorDetails {
  field?: string;
  expected_type?: string;
  provided_value?: unknown;
  [key: string]: unknown;
}

export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number = 400,
    readonly details?: ErrorDetails,
    /** Short title for the envelope's `error` field. */
    readonly title?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends DomainError {
  constructor(message: string, details?: ErrorDetails, code = 'VALIDATION_ERROR') {
    super(code, message, 400, details, 'Bad Request');
  }
}

export class NotFoundError extends DomainError {
  constructor(code: string, message: string, details?: ErrorDetails) {
    super(code, message, 404, details, 'Not Found');
  }
}

export class ConflictError extends DomainError {
  constructor(code: string, message: string, details?: ErrorDetails) {
    super(code, message, 409, details, 'Conflict');
  }
}

export class UnauthorizedError extends DomainError {
  constructor(message = 'A valid bearer token is required', code = 'UNAUTHORIZED') {
    super(code, message, 401, undefined, 'Unauthorized');
  }
}

export class ForbiddenError extends DomainError {
  constructor(message = 'Insufficient permissions for this operation', code = 'FORBIDDEN', details?: ErrorDetails) {
    super(code, message, 403, details, 'Forbidden');
  }
}

export class RateLimitError extends DomainError {
  constructor(
    readonly group: string,
    readonly retryAfterSeconds: number,
  ) {
    super(
      'RATE_LIMIT_EXCEEDED',
      `Rate limit for ${group} requests exceeded; retry in ${retryAfterSeconds} s`,
      429,
      { group, retry_after: retryAfterSeconds },
      'Too Many Requests',
    );
  }
}

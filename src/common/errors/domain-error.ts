import { ERROR_STATUS, ERROR_TITLES, type CodeOf, type ErrorCode, type ErrorStatus } from './error-codes';

/**
 * Errors that services throw. They know nothing of HTTP: a code from the catalogue (error-codes.ts) fixes the
 * status, and the exception filter writes the spec's envelope {error, message, code, details}.
 */
export interface ErrorDetails {
  field?: string;
  expected_type?: string;
  provided_value?: unknown;
  [key: string]: unknown;
}

export class DomainError extends Error {
  readonly status: ErrorStatus;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetails,
  ) {
    super(message);
    this.name = new.target.name;
    this.status = ERROR_STATUS[code];
  }

  /** Short title for the envelope's `error` field. */
  get title(): string {
    return ERROR_TITLES[this.status];
  }
}

export class ValidationError extends DomainError {
  constructor(message: string, details?: ErrorDetails, code: CodeOf<400> = 'VALIDATION_ERROR') {
    super(code, message, details);
  }
}

export class NotFoundError extends DomainError {
  constructor(code: CodeOf<404>, message: string, details?: ErrorDetails) {
    super(code, message, details);
  }
}

export class ConflictError extends DomainError {
  constructor(code: CodeOf<409>, message: string, details?: ErrorDetails) {
    super(code, message, details);
  }
}

export class UnauthorizedError extends DomainError {
  constructor(message: string, code: CodeOf<401>) {
    super(code, message);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message: string, code: CodeOf<403>, details?: ErrorDetails) {
    super(code, message, details);
  }
}

export class PayloadTooLargeError extends DomainError {
  constructor(code: CodeOf<413>, message: string, details?: ErrorDetails) {
    super(code, message, details);
  }
}

export class RateLimitError extends DomainError {
  constructor(
    readonly group: string,
    readonly retryAfterSeconds: number,
  ) {
    super('RATE_LIMIT_EXCEEDED', `Rate limit for ${group} requests exceeded; retry in ${retryAfterSeconds} s`, { group, retry_after: retryAfterSeconds });
  }
}

import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger, Optional } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { ThrottlerException } from '@nestjs/throttler';
import { DomainError, ERROR_STATUS, ERROR_TITLES, GENERIC_CODE, RateLimitError, type ErrorCode } from '../errors';
import { setHeader, type RequestContext } from '../http/request-context';
import { ThrottledWarning } from '../logging/throttled-warning';

/** Seconds a client is told to wait when the database cannot be reached. */
const DATABASE_RETRY_AFTER_S = 5;

/** Driver errors that mean the database cannot be reached now (not a bad query): connection refused, lost, timed out, busy. */
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE', 'PROTOCOL_CONNECTION_LOST', 'ER_CON_COUNT_ERROR', 'ER_SERVER_SHUTDOWN', 'SQLITE_BUSY', 'SQLITE_LOCKED']);

export function databaseUnavailable(err: Error & { code?: unknown; driverError?: { code?: unknown } }): boolean {
  const code = err.driverError?.code ?? err.code;
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  return err.name === 'ConnectionIsNotSetError' || /Pool is closed|Connection lost|connect ECONNREFUSED/.test(err.message);
}

/** What @nestjs/terminus answers: every check's state, the failed ones under `error`. */
interface TerminusBody {
  status: 'error';
  info?: Record<string, unknown>;
  error?: Record<string, unknown>;
  details: Record<string, unknown>;
}

function isTerminusBody(value: unknown): value is TerminusBody {
  return typeof value === 'object' && value !== null && (value as { status?: unknown }).status === 'error' && typeof (value as { details?: unknown }).details === 'object';
}

/** Where the filter counts dependency errors (MetricsService provides it; common code names no feature module). */
export abstract class DependencyErrorCounter {
  abstract readonly dependencyErrors: { inc(labels: { dependency: string }): void };
}

export interface ErrorBody {
  error: string;
  message: string;
  code: string;
  details?: Record<string, unknown>;
}

/**
 * The one exception filter: every error leaves as {error, message, code, details?}. Unknown errors are
 * logged with the request id and answered with a generic 500 — never a stack, never SQL.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Exceptions');
  /** During an outage every request that needs the database fails: one line a minute (the metrics count each). */
  private readonly unavailable = new ThrottledWarning(this.logger);

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    /** counts database failures; absent where the filter is used on its own */
    @Optional() private readonly errorCounter?: DependencyErrorCounter,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const req = ctx.getRequest<RequestContext>();
    const res = ctx.getResponse<unknown>();
    // a health probe's 503 keeps the Terminus body: {status: 'error', info, error, details} (docs/API.md)
    const response = exception instanceof HttpException && exception.getStatus() === 503 ? exception.getResponse() : undefined;
    if (isTerminusBody(response)) {
      this.adapterHost.httpAdapter.reply(res, response, 503);
      return;
    }
    const { status, body } = this.toBody(exception, req);

    if (exception instanceof RateLimitError) setHeader(res, 'Retry-After', exception.retryAfterSeconds);
    if (status === 503) setHeader(res, 'Retry-After', DATABASE_RETRY_AFTER_S);
    this.adapterHost.httpAdapter.reply(res, body, status);
  }

  toBody(exception: unknown, req?: RequestContext): { status: number; body: ErrorBody } {
    if (exception instanceof DomainError) {
      const body: ErrorBody = { error: exception.title, message: exception.message, code: exception.code };
      if (exception.details) body.details = exception.details;
      return { status: exception.status, body };
    }
    if (exception instanceof ThrottlerException) return this.generic(429, 'Rate limit exceeded');
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const response = exception.getResponse();
      if (status === 503) return this.generic(503, 'A dependency of the service is unavailable');
      if (status >= 500) return this.internal(exception, req);
      // Services throw DomainErrors; a bare 400 comes from Nest's own parsing (URI decoding), whose text may
      // quote the input: answer in our words. Other statuses (an unknown route's 404) keep Nest's message.
      if (status === 400) return this.generic(400, 'The request could not be parsed');
      const m = typeof response === 'object' && response !== null && 'message' in response ? (response).message : exception.message;
      return this.generic(status, Array.isArray(m) ? m.join('; ') : String(m));
    }
    return this.internal(exception, req);
  }

  /** A catalogue code's envelope. */
  private body(code: ErrorCode, message: string, details?: Record<string, unknown>): { status: number; body: ErrorBody } {
    const status = ERROR_STATUS[code];
    return { status, body: { error: ERROR_TITLES[status], message, code, ...(details ? { details } : {}) } };
  }

  /** The generic code of a status a framework raised (error-codes.ts GENERIC_CODE); unknown statuses are 400. */
  private generic(status: number, message: string, details?: Record<string, unknown>): { status: number; body: ErrorBody } {
    return this.body(GENERIC_CODE[status] ?? 'BAD_REQUEST', message, details);
  }

  private internal(exception: unknown, req?: RequestContext): { status: number; body: ErrorBody } {
    const err = exception instanceof Error ? exception : new Error(String(exception));
    if (err.name === 'QueryFailedError' || err.name === 'ConnectionIsNotSetError' || databaseUnavailable(err)) {
      this.errorCounter?.dependencyErrors.inc({ dependency: 'database' });
    }
    if (databaseUnavailable(err)) {
      // the database cannot be reached: the client may retry (docs/API.md, "Errors"); logged without a stack
      this.unavailable.warn('Database unavailable', { requestId: req?.id, err: { name: err.name, message: err.message } });
      return this.body('SERVICE_UNAVAILABLE', 'The database is unavailable; retry in a few seconds', { dependency: 'database', retry_after: DATABASE_RETRY_AFTER_S });
    }
    this.logger.error({ requestId: req?.id, err: { name: err.name, message: err.message, stack: err.stack } }, 'Unhandled error');
    return this.body('INTERNAL_ERROR', `An unexpected error occurred; quote request id ${req?.id ?? 'unknown'} when reporting it`);
  }
}

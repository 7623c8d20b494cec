import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { ThrottlerException } from '@nestjs/throttler';
import { DomainError, RateLimitError } from '../errors';
import { setHeader, type RequestContext } from '../http/request-context';
import { applyVersionHeaders } from '../versioning/version-headers';

export interface ErrorBody {
  error: string;
  message: string;
  code: string;
  details?: Record<string, unknown>;
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

const HTTP_CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMIT_EXCEEDED',
};

/** Errors raised by the body parser before any route runs carry a `type` and a `status`. */
interface ParserError {
  type?: string;
  status?: number;
  statusCode?: number;
  expose?: boolean;
}

/**
 * The one exception filter: every error leaves as {error, message, code, details?}. Unknown errors are
 * logged with the request id and answered with a generic 500 — never a stack, never SQL.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Exceptions');

  constructor(private readonly adapterHost: HttpAdapterHost) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const req = ctx.getRequest<RequestContext>();
    const res = ctx.getResponse<unknown>();
    const { status, body } = this.toBody(exception, req);

    if (exception instanceof RateLimitError) setHeader(res, 'Retry-After', exception.retryAfterSeconds);
    if (req?.apiVersion) applyVersionHeaders(res, req.apiVersion);
    this.adapterHost.httpAdapter.reply(res, body, status);
  }

  toBody(exception: unknown, req?: RequestContext): { status: number; body: ErrorBody } {
    if (exception instanceof DomainError) {
      const body: ErrorBody = {
        error: exception.title ?? TITLES[exception.status] ?? 'Error',
        message: exception.message,
        code: exception.code,
      };
      if (exception.details) body.details = exception.details;
      return { status: exception.status, body };
    }
    if (exception instanceof ThrottlerException) {
      return { status: 429, body: { error: TITLES[429], message: 'Rate limit exceeded', code: 'RATE_LIMIT_EXCEEDED' } };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const response = exception.getResponse();
      let message = exception.message;
      if (typeof response === 'object' && response !== null && 'message' in response) {
        const m = (response as { message: unknown }).message;
        message = Array.isArray(m) ? m.join('; ') : String(m);
      }
      if (status === 503) {
        return { status, body: { error: TITLES[503], message: 'A dependency of the service is unavailable', code: 'SERVICE_UNAVAILABLE', details: this.healthDetails(response) } };
      }
      if (status >= 500) return this.internal(exception, req);
      if (status === 400) {
        // Services throw DomainErrors; a bare 400 HttpException comes from Nest's mapping of body-parser and
        // URI-decoding errors, whose text may quote the input: answer in our words.
        const json = /JSON/i.test(message);
        return {
          status,
          body: {
            error: TITLES[400],
            message: json ? 'Request body is not valid JSON' : 'The request could not be parsed',
            code: json ? 'MALFORMED_JSON' : 'BAD_REQUEST',
          },
        };
      }
      return { status, body: { error: TITLES[status] ?? 'Error', message, code: HTTP_CODES[status] ?? 'HTTP_ERROR' } };
    }
    // Errors from the body parser (http-errors: a 4xx `status`, `expose: true`) before any route runs: too
    // large, unsupported or broken encoding, unreadable stream. Answer in our words, not the library's.
    const parser = exception as ParserError;
    const parserStatus = parser && typeof parser === 'object' ? (parser.status ?? parser.statusCode) : undefined;
    if (typeof parserStatus === 'number' && parserStatus >= 400 && parserStatus < 500 && (parser.expose || typeof parser.type === 'string')) {
      if (parser.type === 'entity.too.large' || parserStatus === 413) {
        return { status: 413, body: { error: TITLES[413], message: 'Request body exceeds the size limit', code: 'PAYLOAD_TOO_LARGE' } };
      }
      if (parser.type === 'entity.parse.failed') {
        return { status: 400, body: { error: TITLES[400], message: 'Request body is not valid JSON', code: 'MALFORMED_JSON' } };
      }
      if (parserStatus === 415) {
        return { status: 415, body: { error: TITLES[415], message: 'Unsupported request body encoding or charset', code: 'UNSUPPORTED_MEDIA_TYPE' } };
      }
      return { status: parserStatus, body: { error: TITLES[parserStatus] ?? 'Bad Request', message: 'The request body could not be read (check Content-Encoding and Content-Length)', code: HTTP_CODES[parserStatus] ?? 'BAD_REQUEST' } };
    }
    return this.internal(exception, req);
  }

  /** Terminus puts {status, info, error, details} in a 503; keep only the per-check up/down states. */
  private healthDetails(response: unknown): Record<string, unknown> | undefined {
    const details = (response as { details?: Record<string, { status?: string }> } | undefined)?.details;
    if (!details || typeof details !== 'object') return undefined;
    return Object.fromEntries(Object.entries(details).map(([k, v]) => [k, v?.status ?? 'down']));
  }

  private internal(exception: unknown, req?: RequestContext): { status: number; body: ErrorBody } {
    const err = exception instanceof Error ? exception : new Error(String(exception));
    this.logger.error({ requestId: req?.id, err: { name: err.name, message: err.message, stack: err.stack } }, 'Unhandled error');
    return {
      status: HttpStatus.INTERNAL_SERVER_ERROR,
      body: {
        error: TITLES[500],
        message: `An unexpected error occurred; quote request id ${req?.id ?? 'unknown'} when reporting it`,
        code: 'INTERNAL_ERROR',
      },
    };
  }
}

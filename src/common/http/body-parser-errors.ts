import { DomainError, PayloadTooLargeError, ValidationError } from '../errors';

/** What body-parser (http-errors) passes on: a `type` naming the failure and a 4xx `status`. */
interface ParserError {
  type?: unknown;
  status?: unknown;
  expose?: unknown;
}

/**
 * Express error middleware, registered right after the JSON body parser: turns the parser's failures into the
 * catalogue's errors at their source, in our words rather than the library's (which may quote the input).
 * Anything else passes on untouched.
 */
export function bodyParserErrors(err: unknown, _req: unknown, _res: unknown, next: (err?: unknown) => void): void {
  if (err instanceof DomainError || !err || typeof err !== 'object') return next(err);
  const e = err as ParserError;
  const type = typeof e.type === 'string' ? e.type : undefined;
  const status = typeof e.status === 'number' ? e.status : undefined;
  // http-errors from the parser: a 4xx with a type, or exposed (a body that does not decompress has no type)
  if (status === undefined || status < 400 || status >= 500 || (type === undefined && e.expose !== true)) return next(err);
  next(parserError(type ?? '', status));
}

function parserError(type: string, status: number): DomainError {
  if (type === 'entity.parse.failed') return new ValidationError('Request body is not valid JSON', undefined, 'MALFORMED_JSON');
  if (type === 'entity.too.large' || status === 413) return new PayloadTooLargeError('PAYLOAD_TOO_LARGE', 'Request body exceeds the size limit');
  if (status === 415) return new DomainError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported request body encoding or charset');
  return new ValidationError('The request body could not be read (check Content-Encoding and Content-Length)', undefined, 'BAD_REQUEST');
}

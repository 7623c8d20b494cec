import { AsyncResource } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';

type Next = (err?: unknown) => void;
type Middleware = (req: IncomingMessage, res: ServerResponse, next: Next) => void;

/** The request as the reader leaves it: the parsed body, as body-parser would have put it. */
type BodyRequest = IncomingMessage & { body?: unknown };

/** The Content-Type values read directly (what clients send for JSON); any other form goes to the full parser. */
const PLAIN_JSON_TYPES: ReadonlySet<string> = new Set(['application/json', 'application/json; charset=utf-8', 'application/json;charset=utf-8', 'application/json; charset=UTF-8', 'application/json;charset=UTF-8']);
const DIGITS = /^\d{1,15}$/;
const UTF8_BOM = [0xef, 0xbb, 0xbf] as const;

/** An error shaped as body-parser's (a `type` and a 4xx `status`): body-parser-errors.ts turns both into the catalogue's errors. */
function readError(message: string, type: string, status = 400): Error & { type: string; status: number; expose: boolean } {
  return Object.assign(new Error(message), { type, status, expose: true });
}

/**
 * The JSON body, read without the general parser's work for the request every client sends: `Content-Type:
 * application/json` (optionally `; charset=utf-8`), a Content-Length within the limit, no Content-Encoding and
 * no chunked transfer. Such a body is read from the stream, decoded as UTF-8 (a byte-order mark dropped) and
 * parsed strictly (an object or an array), as body-parser's JSON parser does, with the same error types for
 * what fails (`entity.parse.failed`, `request.aborted`, `request.size.invalid`). Every other request (no body,
 * another media type or charset, a compressed, chunked or too-large body, whose 413 the full parser answers
 * after reading the body off) goes to `fallback`, the full parser, so every answer stays as it was.
 *
 * The read ends in a callback of the request stream; it is run in the async context the middleware was called
 * in, so the request's scope (the request id on log lines) continues after the body.
 */
export function jsonBody(options: { limit: number; fallback: Middleware }): Middleware {
  const { limit, fallback } = options;
  return (req: BodyRequest, res, next) => {
    const headers = req.headers;
    const type = headers['content-type'];
    const length = headers['content-length'];
    if (
      type === undefined ||
      !PLAIN_JSON_TYPES.has(type) ||
      length === undefined ||
      headers['transfer-encoding'] !== undefined ||
      (headers['content-encoding'] !== undefined && headers['content-encoding'].toLowerCase() !== 'identity') ||
      !DIGITS.test(length)
    ) {
      return fallback(req, res, next);
    }
    const expected = Number(length);
    // a request already read, or closed (its client gone), is body-parser's to settle: it passes it straight on
    if (expected === 0 || expected > limit || req.destroyed || !req.readable) return fallback(req, res, next);
    readBody(req, expected, next);
  };
}

function readBody(req: BodyRequest, expected: number, next: Next): void {
  const context = new AsyncResource('JsonBody');
  let chunks: Buffer[] | undefined;
  let first: Buffer | undefined;
  let received = 0;
  let done = false;
  // The listeners stay: once done, each returns at once (removing them costs more than the calls that follow);
  // the bytes read are let go when done.
  const finish = (err: unknown): void => {
    if (done) return;
    done = true;
    first = chunks = undefined;
    if (err !== undefined && !('body' in req)) req.body = undefined;
    context.runInAsyncScope(next, null, err);
  };
  req.on('data', (chunk: Buffer) => {
    if (done) return;
    received += chunk.length;
    if (received > expected) return finish(readError('request size did not match content length', 'request.size.invalid'));
    if (first === undefined) first = chunk;
    else (chunks ??= [first]).push(chunk);
  });
  req.on('end', () => {
    if (done) return;
    if (received !== expected) return finish(readError('request size did not match content length', 'request.size.invalid'));
    const bytes = chunks ? Buffer.concat(chunks, received) : (first ?? Buffer.alloc(0));
    const bom = bytes.length >= 3 && bytes[0] === UTF8_BOM[0] && bytes[1] === UTF8_BOM[1] && bytes[2] === UTF8_BOM[2];
    let body: unknown;
    try {
      body = parseStrict(bytes.toString('utf8', bom ? 3 : 0));
    } catch {
      return finish(readError('request body is not valid JSON', 'entity.parse.failed'));
    }
    req.body = body;
    finish(undefined);
  });
  // A request closes after its end; one that closes first was abandoned by its client (an 'error' is emitted
  // only to listeners of it).
  req.on('close', () => finish(readError('request aborted', 'request.aborted')));
}

/** body-parser's strict JSON: an empty body is `{}`; otherwise the first character that is not white space opens an object or an array. */
export function parseStrict(text: string): unknown {
  if (text.length === 0) return {};
  const first = firstNonWhitespace(text);
  if (first !== '{' && first !== '[') throw new SyntaxError('JSON body is neither an object nor an array');
  return JSON.parse(text) as unknown;
}

function firstNonWhitespace(text: string): string | undefined {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return text[i];
  }
  return undefined;
}

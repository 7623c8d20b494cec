import request, { type Response } from 'supertest';
import type { App } from 'supertest/types';
import type { ErrorDetailsDto, ErrorResponseDto } from '../../src/common/http/api-responses';
import { bearer } from '../setup/auth';

/** The application's HTTP server, as supertest takes it. */
export type HttpServer = App;

/**
 * The error envelope's fields. A call answers with its response DTO, or with the envelope when the status is 4xx
 * or 5xx; a test checks the status first, so the body offers both: the DTO's fields, and the envelope's as
 * optional ones. `details` may carry more than field/expected_type/provided_value (from, to, max_size, group...).
 */
export type ErrorFields = Partial<Omit<ErrorResponseDto, 'details'>> & { details?: ErrorDetailsDto & Record<string, unknown> };

/** A supertest response whose body has the route's response type, and whose headers are text. */
export type ApiResponse<T> = Omit<Response, 'body' | 'headers'> & { body: T & ErrorFields; headers: Record<string, string | undefined> };

/** A supertest request with a typed response: headers, a body and status expectations chain as usual, then await it. */
export interface ApiRequest<T> extends PromiseLike<ApiResponse<T>> {
  set(field: string, value: string): this;
  set(fields: Record<string, string>): this;
  send(body: string | object): this;
  serialize(serializer: (body: unknown) => string): this;
  expect(status: number): this;
}

export type Method = 'get' | 'post' | 'put' | 'delete' | 'options';

declare const uncheckedBody: unique symbol;

/** A body that does not match its DTO's type, on purpose; made by unchecked(). */
export interface Unchecked {
  readonly [uncheckedBody]: true;
}

/** Marks a body a test sends outside its DTO's type on purpose (a number for a string, a null, an unknown key, an array). */
export function unchecked(body: unknown): Unchecked {
  return body as Unchecked;
}

/** A request body as a test may send it: any subset of the DTO's fields (missing ones are refused by the service), or an unchecked() one. */
export type Body<T> = Partial<T> | Unchecked;

/** Query parameters by the DTO's names, or the raw query string for a test of malformed ones ('limit=0x10'). */
export type Query<T> = Partial<Record<keyof T, string | number>> | string;

/** `path?query`: an object's defined values encoded, a string as it is. */
export function withQuery<T>(path: string, query: Query<T>): string {
  const text =
    typeof query === 'string'
      ? query
      : new URLSearchParams(
          Object.entries(query)
            .filter(([, v]) => v !== undefined)
            .map(([k, v]): [string, string] => [k, String(v)]),
        ).toString();
  return text === '' ? path : `${path}?${text}`;
}

/** A request to any path, with the bearer token when there is one; T is the body the test expects (the envelope alone by default). */
export function requestTo<T = unknown>(server: HttpServer, method: Method, path: string, token?: string): ApiRequest<T> {
  const req = request(server)[method](path);
  if (token !== undefined) req.set(bearer(token));
  // supertest types every body as any, so its Test is an ApiRequest of any T: the route's response DTO
  return req;
}

/** One request to a route, with the bearer token when there is one and the body when there is one. */
export function call<T>(server: HttpServer, method: Method, path: string, token?: string, body?: unknown): ApiRequest<T> {
  const req = requestTo<T>(server, method, path, token);
  return body === undefined ? req : req.send(body as object);
}

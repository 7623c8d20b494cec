import type { OpenAPIObject } from '@nestjs/swagger';
import type { HeaderObject, OperationObject, PathItemObject, ReferenceObject, ResponseObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { ERROR_STATUS, type ErrorCode } from '../errors/error-codes';
import { ERROR_EXAMPLES } from '../errors/error-examples';
import { API_VERSIONS } from '../versioning/api-versions';
import { epoch, httpDate } from '../versioning/version-headers';

const deprecated = API_VERSIONS.find((v) => v.status === 'deprecated');
const served = API_VERSIONS.filter((v) => v.status === 'active' || v.status === 'deprecated').map((v) => `v${v.major}`);
const integer = { type: 'integer', minimum: 0 } as const;

/**
 * Every response header the service sets, as the OpenAPI document describes them: once, in components.headers,
 * referenced from each response that carries them. test/openapi.e2e-spec.ts compares them with real answers.
 */
export const RESPONSE_HEADERS = {
  'X-Request-Id': {
    description: 'The request id, also in the logs: the incoming X-Request-Id when it is 1-128 letters, digits or `._:-`, otherwise a new UUID',
    schema: { type: 'string' },
    example: '3f2a9c1e-0b7d-4e5f-8a6b-2c9d1e0f7a3b',
  },
  'API-Version': {
    description: 'The API version that served the request: v2 unless the request named another (docs/API.md, "Versioning")',
    schema: { type: 'string', enum: served },
    example: 'v2',
  },
  Deprecation: {
    description: `Only when a deprecated version served the request (${deprecated ? `v${deprecated.major}` : 'none today'}): when it was deprecated (RFC 9745)`,
    schema: { type: 'string' },
    example: deprecated?.deprecationDate ? epoch(deprecated.deprecationDate) : '@1735603200',
  },
  Sunset: {
    description: `Only when a deprecated version served the request (${deprecated ? `v${deprecated.major}` : 'none today'}): its end of life (RFC 8594)`,
    schema: { type: 'string' },
    example: deprecated?.sunsetDate ? httpDate(deprecated.sunsetDate) : 'Mon, 30 Jun 2025 00:00:00 GMT',
  },
  'X-RateLimit-Limit': {
    description: "Requests per window of the route's rate group (docs/API.md, \"Rate limits\"); on every answer once the request was counted (not on bodies the JSON parser refused)",
    schema: integer,
    example: 50,
  },
  'X-RateLimit-Remaining': { description: 'Requests left in the current window', schema: integer, example: 42 },
  'X-RateLimit-Reset': { description: 'Seconds until the window resets', schema: integer, example: 37 },
  'Retry-After': { description: 'Seconds to wait before retrying', schema: integer, example: 37 },
  'X-Total-Count': { description: 'Items matching the filters, across all pages', schema: integer, example: 1234 },
  'X-Page-Size': { description: 'The limit applied', schema: integer, example: 100 },
  'X-Page-Offset': { description: 'The offset applied', schema: integer, example: 0 },
  'X-Has-More': { description: 'Whether items follow this page', schema: { type: 'string', enum: ['true', 'false'] }, example: 'true' },
  ETag: { description: 'The entry\'s version, quoted: send it in If-Match (or as the body\'s version) to update it', schema: { type: 'string' }, example: '"3"' },
} satisfies Record<string, HeaderObject>;

export type ResponseHeaderName = keyof typeof RESPONSE_HEADERS;

/** References to headers of RESPONSE_HEADERS, for a response's `headers`. */
export function headerRefs(...names: ResponseHeaderName[]): Record<string, ReferenceObject> {
  return Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));
}

/** Every answer carries the request id and the version that served it. */
const EVERY_RESPONSE: ResponseHeaderName[] = ['X-Request-Id', 'API-Version', 'Deprecation', 'Sunset'];
const RATE_LIMIT: ResponseHeaderName[] = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'];
/** Statuses only the JSON body parser answers, before the rate limit counts the request. */
const BEFORE_RATE_LIMIT = new Set(['413', '415']);
/** Codes whose answers say when to retry (the exception filter sets Retry-After). */
const RETRY_AFTER_CODES = new Set<ErrorCode>(['RATE_LIMIT_EXCEEDED', 'SERVICE_UNAVAILABLE']);

/** Set by RateLimitGroup on each route it limits: the group's name. */
export const RATE_LIMIT_GROUP_EXTENSION = 'x-rate-limit-group';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** The catalogue codes an error response's examples show (ApiErrors), each once. */
function errorCodes(response: ResponseObject): ErrorCode[] {
  const examples = Object.values(response.content?.['application/json']?.examples ?? {});
  const codes = examples.map((e) => ('value' in e ? (e.value as { code?: unknown } | undefined)?.code : undefined));
  return [...new Set(codes.filter((code): code is ErrorCode => typeof code === 'string' && Object.prototype.hasOwnProperty.call(ERROR_STATUS, code)))];
}

/**
 * What the decorators cannot say alone, added once the document is built: the response headers of every answer
 * (request id and version on all; rate-limit headers on rate-limited routes; Retry-After where a code asks for
 * it), each error response described by the list of its codes, and responses in status order.
 */
export function completeOpenApiDocument(document: OpenAPIObject): OpenAPIObject {
  document.components = { ...document.components, headers: { ...document.components?.headers, ...RESPONSE_HEADERS } };
  for (const pathItem of Object.values<PathItemObject>(document.paths)) {
    for (const method of METHODS) {
      const operation = pathItem[method];
      if (operation) completeOperation(operation);
    }
  }
  return document;
}

function completeOperation(operation: OperationObject): void {
  const limited = typeof (operation as unknown as Record<string, unknown>)[RATE_LIMIT_GROUP_EXTENSION] === 'string';
  const responses = Object.entries(operation.responses).sort(([a], [b]) => a.localeCompare(b));
  for (const [status, response] of responses) {
    if (!response || '$ref' in response) continue;
    const codes = errorCodes(response);
    if (codes.length > 0) response.description = codes.map((code) => `- \`${code}\`: ${ERROR_EXAMPLES[code].when}`).join('\n');
    const names = [...EVERY_RESPONSE];
    if (limited && !BEFORE_RATE_LIMIT.has(status)) names.push(...RATE_LIMIT);
    if (codes.some((code) => RETRY_AFTER_CODES.has(code))) names.push('Retry-After');
    response.headers = { ...response.headers, ...headerRefs(...names) };
  }
  operation.responses = Object.fromEntries(responses);
}

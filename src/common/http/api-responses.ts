import { applyDecorators, type Type } from '@nestjs/common';
import { METHOD_METADATA } from '@nestjs/common/constants';
import { ApiBearerAuth, ApiBody, ApiProperty, ApiPropertyOptional, ApiResponse } from '@nestjs/swagger';
import { ERROR_EXAMPLES, INVALID_PARAMETER_EXAMPLES, type ErrorExample } from '../errors/error-examples';
import { ERROR_STATUS, ERROR_TITLES, type ErrorCode, type ErrorStatus } from '../errors/error-codes';

/** The error envelope, for Swagger. */
export class ErrorDetailsDto {
  @ApiPropertyOptional() field?: string;
  @ApiPropertyOptional() expected_type?: string;
  // any JSON value: a combinator without `nullable` makes Swagger drop the type; the null branch is the string's
  @ApiPropertyOptional({
    description: 'The value received (shortened when long), or null',
    anyOf: [{ type: 'string', nullable: true }, { type: 'number' }, { type: 'boolean' }, { type: 'array', items: {} }, { type: 'object' }],
  })
  provided_value?: unknown;
}

export class ErrorResponseDto {
  @ApiProperty({ enum: [...new Set(Object.values(ERROR_TITLES))], example: 'Bad Request' }) error: string;
  @ApiProperty({ example: 'Invalid value for "confidence": confidence must not be greater than 1' }) message: string;
  @ApiProperty({ enum: Object.keys(ERROR_STATUS), example: 'VALIDATION_ERROR', description: 'Upper snake case; the status of each code is in docs/API.md, "Errors"' }) code: string;
  @ApiPropertyOptional({ type: ErrorDetailsDto, description: 'Input errors name the field; some codes add keys (group and retry_after on 429, from, to and allowed on INVALID_STATUS_TRANSITION...)' })
  details?: ErrorDetailsDto;
}

export class SuccessMessageDto {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty() message: string;
}

/** The envelope the service sends for a catalogue code, as in ERROR_EXAMPLES (or another example of that code). */
export function errorExampleBody(code: ErrorCode, { message, details }: ErrorExample = ERROR_EXAMPLES[code]): ErrorBody {
  return { error: ERROR_TITLES[ERROR_STATUS[code]], message, code, ...(details ? { details } : {}) };
}

interface ErrorBody {
  error: string;
  message: string;
  code: ErrorCode;
  details?: Record<string, unknown>;
}

/**
 * Applies method decorators to one route, or to every route of a controller when put on the class. Swagger merges
 * responses of one status declared on one method (their examples add up), but a method's response replaces the
 * class's of the same status: applying a class's declarations to each route keeps both.
 */
function onEachRoute(...decorators: MethodDecorator[]): ClassDecorator & MethodDecorator {
  return ((target: object, key?: string | symbol, descriptor?: PropertyDescriptor) => {
    if (key !== undefined && descriptor) {
      for (const decorate of decorators) decorate(target, key, descriptor);
      return descriptor;
    }
    const prototype = (target as { prototype: object }).prototype;
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const route = Object.getOwnPropertyDescriptor(prototype, name);
      const handler: unknown = route?.value;
      if (name === 'constructor' || !route || typeof handler !== 'function' || !Reflect.hasMetadata(METHOD_METADATA, handler)) continue;
      for (const decorate of decorators) decorate(prototype, name, route);
    }
    return target;
  }) as ClassDecorator & MethodDecorator;
}

/** One error response per status, each example under its name; the catalogue gives each code its status. */
function errorResponses(examples: { name: string; code: ErrorCode; example: ErrorExample }[]): ClassDecorator & MethodDecorator {
  const byStatus = new Map<ErrorStatus, typeof examples>();
  for (const e of examples) byStatus.set(ERROR_STATUS[e.code], [...(byStatus.get(ERROR_STATUS[e.code]) ?? []), e]);
  return onEachRoute(
    ...[...byStatus].map(([status, list]) =>
      ApiResponse({
        status,
        // rewritten from the examples once the document is built (openapi-document.ts), so merged responses read as one list
        description: ERROR_TITLES[status],
        type: ErrorResponseDto,
        examples: Object.fromEntries(list.map((e) => [e.name, { summary: e.example.when, value: errorExampleBody(e.code, e.example) }])),
      }),
    ),
  );
}

/**
 * Documents the error codes a route (or every route of a controller) can answer: one response per status, with one
 * named example per code, the body the service sends (ERROR_EXAMPLES). Response headers (Retry-After, rate
 * limits...) are added to the document afterwards (openapi-document.ts).
 */
export function ApiErrors(...codes: ErrorCode[]): ClassDecorator & MethodDecorator {
  return errorResponses(codes.map((code) => ({ name: code, code, example: ERROR_EXAMPLES[code] })));
}

/** VALIDATION_ERROR naming a query or path parameter, for routes that take one (INVALID_PARAMETER_EXAMPLES). */
export function ApiInvalidParameter(parameter: keyof typeof INVALID_PARAMETER_EXAMPLES): ClassDecorator & MethodDecorator {
  return errorResponses([{ name: `VALIDATION_ERROR (${parameter})`, code: 'VALIDATION_ERROR', example: INVALID_PARAMETER_EXAMPLES[parameter] }]);
}

/** The errors every route that needs a bearer token can answer, whatever it does. */
const AUTHENTICATED_ROUTE_ERRORS: ErrorCode[] = ['UNSUPPORTED_API_VERSION', 'AUTHENTICATION_REQUIRED', 'TOKEN_EXPIRED', 'INVALID_TOKEN', 'INTERNAL_ERROR'];

/** A controller of routes that need a bearer token: the lock in Swagger UI and the errors of authentication. */
export const ApiAuthenticated = () => applyDecorators(ApiBearerAuth(), ApiErrors(...AUTHENTICATED_ROUTE_ERRORS));

/** A named request example: shown in Swagger UI's example list, and sent as it is by test/openapi.e2e-spec.ts. */
export interface RequestExample<T> {
  summary: string;
  value: Partial<T>;
}

/**
 * A JSON request body with its named examples (at least one, each valid as sent), and the errors any JSON body can
 * cause: a field failing validation, JSON that does not parse, a forbidden key, a body over the limit, an encoding
 * or charset the parser does not take.
 */
export function ApiJsonBody<T>(type: Type<T>, examples: Record<string, RequestExample<T>>, options: { required?: boolean } = {}) {
  return applyDecorators(
    ApiBody({ type, examples, required: options.required ?? true }),
    ApiErrors('VALIDATION_ERROR', 'MALFORMED_JSON', 'FORBIDDEN_PROPERTY', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'),
  );
}

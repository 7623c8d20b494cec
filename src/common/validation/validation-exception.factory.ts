import type { ValidationPipeOptions } from '@nestjs/common';
import type { ValidationError as ClassValidatorError } from 'class-validator';
import { isCodeOf, ValidationError } from '../errors';

/** What each class-validator constraint expects, in words a client understands. */
const EXPECTED: Record<string, (c: ClassValidatorError, msg: string) => string> = {
  isString: () => 'string',
  isNotEmpty: () => 'non-empty string',
  isInt: () => 'integer',
  isNumber: () => 'number',
  isBoolean: () => 'boolean',
  isArray: () => 'array',
  isObject: () => 'object',
  isIn: (_c, m) => m.replace(/^.*must be one of the following values: /, 'one of: '),
  isEnum: (_c, m) => m.replace(/^.*must be one of the following values: /, 'one of: '),
  min: (_c, m) => m.replace(/^.*must not be less than /, 'number >= '),
  max: (_c, m) => m.replace(/^.*must not be greater than /, 'number <= '),
  maxLength: (_c, m) => m.replace(/^.*must be shorter than or equal to (\d+) characters$/, 'string of at most $1 characters'),
  minLength: (_c, m) => m.replace(/^.*must be longer than or equal to (\d+) characters$/, 'string of at least $1 characters'),
  arrayMaxSize: (_c, m) => m.replace(/^.*must contain no more than (\d+) elements$/, 'array of at most $1 elements'),
  arrayMinSize: (_c, m) => m.replace(/^.*must contain at least (\d+) elements$/, 'array of at least $1 elements'),
  arrayUnique: () => 'array without repeated values',
  isDateString: () => 'ISO 8601 timestamp',
  isISO8601: () => 'ISO 8601 timestamp',
  isTimestamp: () => 'ISO 8601 date or timestamp',
  whitelistValidation: () => 'no such property (unknown properties are refused)',
  nestedValidation: () => 'object',
};

/** Keeps echoed values short and shallow: a client gets a hint of what it sent, never a megabyte back. */
export function summariseValue(value: unknown, depth = 0): unknown {
  if (value === undefined) return null;
  if (typeof value === 'string') return value.length > 100 ? `${value.slice(0, 100)}... (${value.length} characters)` : value;
  if (Array.isArray(value)) return value.length > 10 || depth >= 3 ? `array of ${value.length} elements` : value.map((v) => summariseValue(v, depth + 1));
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value);
    if (keys.length > 10 || depth >= 3) return `object with ${keys.length} keys`;
    return Object.fromEntries(keys.map((k) => [k, summariseValue((value as Record<string, unknown>)[k], depth + 1)]));
  }
  return value;
}

/** Depth-first: the first failing constraint of the first failing (possibly nested) property. */
function firstLeaf(errors: ClassValidatorError[], prefix = ''): { error: ClassValidatorError; path: string } | undefined {
  for (const e of errors) {
    const path = prefix ? `${prefix}.${e.property}` : e.property;
    if (e.constraints && Object.keys(e.constraints).length > 0) return { error: e, path };
    const nested = firstLeaf(e.children ?? [], path);
    if (nested) return nested;
  }
  return undefined;
}

/**
 * The ValidationPipe's exceptionFactory: turns class-validator output into one ValidationError with
 * details {field, expected_type, provided_value}. A constraint may carry its own error code through
 * class-validator's `context: { code }` (e.g. MISSING_QUERY_PARAMETER on the expand query).
 */
export function validationExceptionFactory(errors: ClassValidatorError[]): ValidationError {
  const leaf = firstLeaf(errors);
  if (!leaf) return new ValidationError('Invalid request');
  const { error, path } = leaf;
  const constraints = error.constraints ?? {};
  // class-validator reports constraints in reverse declaration order; the presence checks come first.
  const order = ['whitelistValidation', 'isDefined', 'isNotEmpty', ...Object.keys(constraints).reverse()];
  const name = order.find((k) => k in constraints) ?? Object.keys(constraints)[0];
  const message = constraints[name].replace(/^property /, '');
  const declared = (error.contexts?.[name] as { code?: string } | undefined)?.code;
  const code = isCodeOf(declared, 400) ? declared : 'VALIDATION_ERROR';
  const expected = EXPECTED[name]?.(error, constraints[name]) ?? name;
  return new ValidationError(
    `Invalid value for "${path}": ${message}`,
    { field: path, expected_type: expected, provided_value: summariseValue(error.value) },
    code,
  );
}

/** The global ValidationPipe's options (app.setup.ts); the fast paths' differential test builds its reference pipe with them. */
export const VALIDATION_OPTIONS: ValidationPipeOptions = {
  whitelist: true,
  forbidNonWhitelisted: true,
  transform: true,
  transformOptions: { enableImplicitConversion: false },
  validationError: { target: false, value: true },
  exceptionFactory: validationExceptionFactory,
};

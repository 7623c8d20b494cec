import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from '@jest/globals';
import type { ExecutionContext } from '@nestjs/common';
import { Logger, NotFoundException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { IsInt, IsOptional, IsString, Max, ValidateNested, validateSync } from 'class-validator';
import { plainToInstance, Type } from 'class-transformer';
import { actingUserId } from '../../src/auth/acting-user';
import { resolveJwtKeys } from '../../src/auth/jwt-keys';
import { RolesGuard } from '../../src/auth/roles.guard';
import { parseDuration } from '../../src/auth/token-signer';
import { DomainError, ForbiddenError, RateLimitError, ValidationError } from '../../src/common/errors';
import { AllExceptionsFilter } from '../../src/common/filters/all-exceptions.filter';
import { bodyParserErrors } from '../../src/common/http/body-parser-errors';
import { Page } from '../../src/common/pagination';
import { validationExceptionFactory, VALIDATION_OPTIONS } from '../../src/common/validation/validation-exception.factory';
import { SafeKeysPipe } from '../../src/common/validation/safe-keys.pipe';
import { BodyAndQueryValidationPipe } from '../../src/common/validation/body-and-query-validation.pipe';
import { parseVersion, resolveVersion, type ApiVersionInfo } from '../../src/common/versioning/api-versions';
import { apiVersionMiddleware } from '../../src/common/versioning/version.middleware';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import { validateEnv } from '../../src/config/validate-env';
import { DatabaseEnv } from '../../src/config/database.config';

/** Nest's own context of an HTTP route, as the router builds it for the guards. */
function httpContext(req: object, handler: () => void = () => undefined): ExecutionContext {
  const context = new ExecutionContextHost([req, {}, () => undefined], class {}, handler);
  context.setType('http');
  return context;
}

describe('RolesGuard', () => {
  const reflector = new Reflector();
  const guard = new RolesGuard(reflector);
  const withRoles = (roles: string[]) => {
    const handler = () => undefined;
    Reflect.defineMetadata('auth:roles', roles, handler);
    return handler;
  };

  it('lets any authenticated caller through a route without @Roles', () => {
    expect(guard.canActivate(httpContext({ user: { id: 'u', roles: ['user'] } }))).toBe(true);
  });

  it('lets a caller holding one of the required roles through', () => {
    expect(guard.canActivate(httpContext({ user: { id: 'u', roles: ['analyst', 'curator'] } }, withRoles(['curator', 'admin'])))).toBe(true);
  });

  it('refuses a caller without the role with INSUFFICIENT_ROLE (403)', () => {
    try {
      guard.canActivate(httpContext({ user: { id: 'u', roles: ['user'] } }, withRoles(['admin'])));
      throw new Error('expected a refusal');
    } catch (err) {
      expect(err).toBeInstanceOf(ForbiddenError);
      expect((err as ForbiddenError).status).toBe(403);
      expect((err as ForbiddenError).code).toBe('INSUFFICIENT_ROLE');
    }
  });
});

describe('actingUserId', () => {
  it('is the token subject when the body names nobody or the same user', () => {
    expect(actingUserId({ id: 'alice', roles: ['user'] })).toBe('alice');
    expect(actingUserId({ id: 'alice', roles: ['user'] }, 'alice')).toBe('alice');
  });
  it('lets a service token act for another user', () => {
    expect(actingUserId({ id: 'search-frontend', roles: ['service'] }, 'bob')).toBe('bob');
  });
  it('refuses anyone else naming another user with USER_MISMATCH', () => {
    expect(() => actingUserId({ id: 'alice', roles: ['admin'] }, 'bob')).toThrow(expect.objectContaining({ code: 'USER_MISMATCH', status: 403 }));
  });
});

describe('AllExceptionsFilter.toBody', () => {
  const filter = new AllExceptionsFilter({} as never);

  it('maps a DomainError to its catalogue status, code and details', () => {
    const { status, body } = filter.toBody(new DomainError('VERSION_CONFLICT', 'msg', { field: 'x' }));
    expect(status).toBe(409);
    expect(body).toEqual({ error: 'Conflict', message: 'msg', code: 'VERSION_CONFLICT', details: { field: 'x' } });
  });

  it('answers an unknown error with a generic 500 that hides its message and names the request id', () => {
    // the filter logs the error (with the request id); keep this expected error off the test console
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const { status, body } = filter.toBody(new Error('SELECT * FROM secrets failed'), { id: 'req-1', headers: {} });
    expect(status).toBe(500);
    expect(body.code).toBe('INTERNAL_ERROR');
    expect(body.message).toContain('req-1');
    expect(JSON.stringify(body)).not.toContain('SELECT');
    expect(logged).toHaveBeenCalledTimes(1);
    logged.mockRestore();
  });

  it('maps Nest HTTP exceptions (unknown route) to the envelope', () => {
    expect(filter.toBody(new NotFoundException('Cannot GET /x'))).toEqual({ status: 404, body: { error: 'Not Found', message: 'Cannot GET /x', code: 'NOT_FOUND' } });
  });

  it('turns body-parser failures into catalogue errors at their source, and passes anything else on', () => {
    const passed = (err: unknown) => {
      let out: unknown;
      bodyParserErrors(err, {}, {}, (e) => (out = e));
      return out;
    };
    const parserError = (type: string, status: number) => Object.assign(new Error('library words, maybe quoting the input'), { type, status });
    const codeOf = (err: unknown) => filter.toBody(passed(err)).body;
    expect(codeOf(parserError('entity.too.large', 413))).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'Request body exceeds the size limit' });
    expect(filter.toBody(passed(parserError('entity.parse.failed', 400)))).toMatchObject({ status: 400, body: { code: 'MALFORMED_JSON' } });
    expect(codeOf(parserError('encoding.unsupported', 415))).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(codeOf(parserError('request.size.invalid', 400))).toMatchObject({ code: 'BAD_REQUEST' });
    // a body that does not decompress: exposed, without a type
    expect(codeOf(Object.assign(new Error('incorrect header check'), { status: 400, expose: true }))).toMatchObject({ code: 'BAD_REQUEST' });
    const other = new Error('not from the parser');
    expect(passed(other)).toBe(other);
  });

  it('answers an unreachable database with 503 SERVICE_UNAVAILABLE (retryable), and a bad query with 500', () => {
    const warned = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3306'), { name: 'QueryFailedError', driverError: { code: 'ECONNREFUSED' } });
    expect(filter.toBody(refused, { id: 'req-9', headers: {} })).toEqual({
      status: 503,
      body: { error: 'Service Unavailable', message: 'The database is unavailable; retry in a few seconds', code: 'SERVICE_UNAVAILABLE', details: { dependency: 'database', retry_after: 5 } },
    });
    const lost = Object.assign(new Error('Connection lost: The server closed the connection.'), { code: 'PROTOCOL_CONNECTION_LOST' });
    expect(filter.toBody(lost).status).toBe(503);
    const badQuery = Object.assign(new Error('You have an error in your SQL syntax'), { name: 'QueryFailedError', driverError: { code: 'ER_PARSE_ERROR' } });
    expect(filter.toBody(badQuery).body.code).toBe('INTERNAL_ERROR');
    // one warning for both: while the database is down, a minute's warnings are one line
    expect(warned).toHaveBeenCalledTimes(1);
    expect(logged).toHaveBeenCalledTimes(1);
    warned.mockRestore();
    logged.mockRestore();
  });

  it('gives a rate-limit error its 429 and group', () => {
    const { status, body } = filter.toBody(new RateLimitError('admin', 12));
    expect(status).toBe(429);
    expect(body).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED', details: { group: 'admin', retry_after: 12 } });
  });
});

describe('validationExceptionFactory', () => {
  class Inner {
    @IsInt() @Max(10) count: number;
  }
  class Outer {
    @IsString() name: string;
    @IsOptional() @ValidateNested() @Type(() => Inner) inner?: Inner;
  }
  const run = (plain: object) => validationExceptionFactory(validateSync(plainToInstance(Outer, plain)));

  it('reports the first failing field with its expected type and the value sent', () => {
    const err = run({ name: 5 });
    expect(err).toBeInstanceOf(ValidationError);
    expect(err.details).toEqual({ field: 'name', expected_type: 'string', provided_value: 5 });
  });

  it('names nested fields with a dotted path', () => {
    expect(run({ name: 'x', inner: { count: 11 } }).details).toEqual({ field: 'inner.count', expected_type: 'number <= 10', provided_value: 11 });
  });

  it('shortens a huge provided value', () => {
    const provided = run({ name: 'x'.repeat(10_000) as unknown as number }).details?.provided_value;
    expect(provided).toBeUndefined();
    const long = run({ name: ['a'.repeat(500)] }).details?.provided_value as string[];
    expect(long[0].length).toBeLessThan(150);
  });
});

describe('Page', () => {
  it('knows whether more items follow', () => {
    expect(new Page('x', [1, 2], 5, 2, 0).hasMore).toBe(true);
    expect(new Page('x', [5], 5, 2, 4).hasMore).toBe(false);
    expect(new Page('x', [], 0, 100, 0).hasMore).toBe(false);
  });
});

describe('SafeKeysPipe', () => {
  const pipe = new SafeKeysPipe();
  it('refuses __proto__ and constructor keys at any depth', () => {
    expect(() => pipe.transform(JSON.parse('{"a":{"b":[{"__proto__":{"x":1}}]}}'))).toThrow(expect.objectContaining({ code: 'FORBIDDEN_PROPERTY' }));
    expect(() => pipe.transform({ constructor: { prototype: {} } })).toThrow(expect.objectContaining({ code: 'FORBIDDEN_PROPERTY' }));
  });
  it('passes ordinary bodies through unchanged', () => {
    const body = { a: [1, { b: 'c' }] };
    expect(pipe.transform(body)).toBe(body);
  });
});

describe('BodyAndQueryValidationPipe (the one global pipe)', () => {
  class Filter {
    @IsOptional()
    @IsString()
    q?: string;
  }
  const fastPath = (v: unknown) => (typeof v === 'object' && v !== null && Object.keys(v).length === 0 ? Object.assign(new Filter(), v) : undefined);
  const pipe = new BodyAndQueryValidationPipe(VALIDATION_OPTIONS, new Map([[Filter, fastPath]]));
  const forbidden = () => JSON.parse('{"q":"x","nested":{"__proto__":{"admin":true}}}') as unknown;

  it("refuses prototype keys in bodies and queries before validating them, as SafeKeysPipe does", () => {
    for (const type of ['body', 'query'] as const) {
      expect(() => pipe.transform(forbidden(), { type, metatype: Filter, data: '' })).toThrow(expect.objectContaining({ code: 'FORBIDDEN_PROPERTY' }));
    }
  });

  it('passes path parameters and custom decorator values through unchanged, without a promise', () => {
    const user = { id: 'alice', roles: ['user'] };
    expect(pipe.transform(user, { type: 'custom', metatype: Object, data: undefined })).toBe(user);
    expect(pipe.transform('abc', { type: 'param', metatype: Number, data: 'id' })).toBe('abc');
  });

  it('answers a fast-path body at once and validates the others', async () => {
    const fast = pipe.transform({}, { type: 'body', metatype: Filter, data: '' });
    expect(fast).toBeInstanceOf(Filter);
    const slow = pipe.transform({ q: 'x' }, { type: 'body', metatype: Filter, data: '' });
    expect(slow).toBeInstanceOf(Promise);
    await expect(slow).resolves.toEqual(Object.assign(new Filter(), { q: 'x' }));
    await expect(pipe.transform({ q: 1 }, { type: 'query', metatype: Filter, data: '' }) as Promise<unknown>).rejects.toThrow();
  });
});

describe('API version negotiation', () => {
  it('parses v-prefixed and semantic versions to the major number', () => {
    expect(parseVersion('v2')).toBe(2);
    expect(parseVersion('2.1.1')).toBe(2);
    expect(parseVersion('V1')).toBe(1);
    expect(parseVersion('two')).toBeUndefined();
  });
  it('refuses planned and unknown versions, naming them', () => {
    expect(resolveVersion('v3', 'header').error).toContain('"v3"');
    expect(resolveVersion('x', 'query').error).toContain('"x"');
    expect(resolveVersion('v1', 'path').error).toBeUndefined();
  });
  it('rewrites /api/v1 paths and strips the version query parameter', () => {
    const req: { url: string; headers: Record<string, string>; apiVersion?: ApiVersionInfo } = { url: '/api/v1/query-expansion/synonyms?limit=2&version=2', headers: {} };
    apiVersionMiddleware(req, {}, () => undefined);
    expect(req.url).toBe('/query-expansion/synonyms?limit=2');
    expect(req.apiVersion).toMatchObject({ major: 1, source: 'path' });
  });
  it('leaves other /api paths alone', () => {
    const req: { url: string; headers: Record<string, string> } = { url: '/api/v1/elsewhere', headers: {} };
    apiVersionMiddleware(req, {}, () => undefined);
    expect(req.url).toBe('/api/v1/elsewhere');
  });
});

describe('configuration', () => {
  it('refuses a bad DB_TYPE and DB_PORT with one message naming both', () => {
    expect(() => validateEnv(DatabaseEnv, { DB_TYPE: 'oracle', DB_PORT: 'abc' })).toThrow(/DB_TYPE="oracle"[\s\S]*DB_PORT="abc"|DB_PORT="abc"[\s\S]*DB_TYPE="oracle"/);
  });
  it('hides the value of a bad password-like variable', () => {
    class SecretEnv {
      @IsInt() DB_PASSWORD: number;
    }
    expect(() => validateEnv(SecretEnv, { DB_PASSWORD: 'hunter2' })).toThrow(/DB_PASSWORD=\(hidden\)/);
  });
  it('parses token durations', () => {
    expect(parseDuration('90')).toBe(90);
    expect(parseDuration('15m')).toBe(900);
    expect(parseDuration('2h')).toBe(7200);
    expect(() => parseDuration('soon')).toThrow();
  });
});

describe('JWT keys', () => {
  it('refuses to start in production without a key', () => {
    expect(() => resolveJwtKeys({}, { nodeEnv: 'production', dataDir: '/nonexistent' })).toThrow(/JWT_SECRET or JWT_PUBLIC_KEY/);
  });

  it('creates a development secret once, private to the owner, and reuses it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'qes-keys-'));
    const first = resolveJwtKeys({}, { nodeEnv: 'development', dataDir: dir });
    const file = join(dir, 'jwt-secret');
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.verifyKey);
    expect(resolveJwtKeys({}, { nodeEnv: 'development', dataDir: dir }).verifyKey).toBe(first.verifyKey);
    expect(first).toMatchObject({ algorithm: 'HS256', developmentSecret: true });
  });

  it('uses RS256 when a public key is configured', () => {
    const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
    expect(resolveJwtKeys({ publicKey, secret: 'ignored-when-a-public-key-is-set-xxxxxx' }, { nodeEnv: 'production', dataDir: '/x' })).toMatchObject({ algorithm: 'RS256', verifyKey: publicKey });
  });
});

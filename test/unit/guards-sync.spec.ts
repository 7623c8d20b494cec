import { expect } from '@jest/globals';
import type { ExecutionContext } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { Reflector } from '@nestjs/core';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import type { ConfigService } from '@nestjs/config';
import type { ThrottlerStorage } from '@nestjs/throttler';
import { JwtAuthGuard } from '../../src/auth/jwt-auth.guard';
import { TokenCache } from '../../src/auth/token-cache';
import { RateLimitError } from '../../src/common/errors';
import { ExpansionController } from '../../src/expansion/expansion.controller';
import type { RootConfig } from '../../src/config';
import { MetricsService } from '../../src/metrics/metrics.service';
import { MemoryThrottlerStorage } from '../../src/throttle/memory-throttler-storage';
import { RateLimitGroup } from '../../src/throttle/rate-limit-group.decorator';
import { RateLimitGuard } from '../../src/throttle/rate-limit.guard';

/** A controller of the expansion group (the guard reads the group from the class); its handler is any function. */
@RateLimitGroup('expansion')
class ExpandController {}
const handler = (): void => undefined;

interface FakeResponse {
  headers: Record<string, string>;
  setHeader(name: string, value: string): void;
}

function httpContext(req: object): { context: ExecutionContext; res: FakeResponse } {
  const res: FakeResponse = { headers: {}, setHeader: (n, v) => void (res.headers[n] = v) };
  // Nest's own context, as the router builds it for the guards
  const context = new ExecutionContextHost([req, res, () => undefined], ExpandController, handler);
  context.setType('http');
  return { context, res };
}

const config = { getOrThrow: () => ({ keyPrefix: 'test' }) } as unknown as ConfigService<RootConfig, true>;
const throttlers = [{ name: 'expansion', ttl: 60_000, limit: 2 }];

describe('global guards answer without a promise when nothing needs waiting for', () => {
  it('rate limits: the in-memory storage answers at once, with the headers, and 429 beyond the limit', () => {
    const guard = new RateLimitGuard(throttlers, new MemoryThrottlerStorage(), new Reflector(), new MetricsService(), config);
    const req = { user: { id: 'ada', roles: ['user'] } };
    const first = httpContext(req);
    expect(guard.canActivate(first.context)).toBe(true);
    expect(first.res.headers).toEqual({ 'X-RateLimit-Limit': '2', 'X-RateLimit-Remaining': '1', 'X-RateLimit-Reset': '60' });
    expect(guard.canActivate(httpContext(req).context)).toBe(true);
    const third = httpContext(req);
    expect(() => guard.canActivate(third.context)).toThrow(RateLimitError);
    expect(third.res.headers['X-RateLimit-Remaining']).toBe('0');
    // another caller has a budget of their own
    expect(guard.canActivate(httpContext({ user: { id: 'bob', roles: ['user'] } }).context)).toBe(true);
  });

  it('rate limits: a storage that answers later (Redis) is awaited, with the same answers', async () => {
    const memory = new MemoryThrottlerStorage();
    const later: ThrottlerStorage = { increment: (...args) => new Promise((done) => setImmediate(() => done(memory.increment(...args)))) };
    const guard = new RateLimitGuard(throttlers, later, new Reflector(), new MetricsService(), config);
    const req = { ip: '10.0.0.7' };
    const first = httpContext(req);
    const answer = guard.canActivate(first.context);
    expect(answer).toBeInstanceOf(Promise);
    await expect(answer).resolves.toBe(true);
    expect(first.res.headers['X-RateLimit-Remaining']).toBe('1');
    await guard.canActivate(httpContext(req).context);
    await expect(guard.canActivate(httpContext(req).context)).rejects.toBeInstanceOf(RateLimitError);
  });

  it('authentication: a cached token answers at once; an unknown one is verified (a promise)', () => {
    const cache = new TokenCache(10);
    cache.set('cached-token', { id: 'ada', roles: ['admin'] }, Math.floor(Date.now() / 1000) + 60);
    const guard = new JwtAuthGuard(new Reflector(), cache);
    const req: { headers: Record<string, string>; user?: unknown } = { headers: { authorization: 'Bearer cached-token' } };
    expect(guard.canActivate(httpContext(req).context)).toBe(true);
    expect(req.user).toEqual({ id: 'ada', roles: ['admin'] });
    const other = guard.canActivate(httpContext({ headers: { authorization: 'Bearer not-cached' } }).context);
    expect(other).toBeInstanceOf(Promise);
    // passport is not set up in this test: the verification itself is covered by the e2e suites
    (other as Promise<boolean>).catch(() => undefined);
  });
});

describe('the expand handler takes only what it needs from Nest', () => {
  it('declares two route parameters, the body and the request: each further one costs promises and a pipe pass per request', () => {
    const params = Reflect.getMetadata(ROUTE_ARGS_METADATA, ExpansionController, 'expand') as Record<string, { index: number }>;
    const kinds = Object.keys(params).map((key) => Number(key.split(':')[0]));
    expect(kinds.sort()).toEqual([RouteParamtypes.REQUEST, RouteParamtypes.BODY].sort());
  });
});

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Controller, Get, Post } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { DEFAULT_THROTTLE } from '../src/config/throttle.config';
import { RateLimitGroup, Unthrottled } from '../src/throttle/rate-limit-group.decorator';
import { RouteInventory, routeProblems, routesTable } from '../src/throttle/route-inventory';
import { ROUTES } from './client';
import { createTestApp, type TestApp } from './setup/create-test-app';
import { withErrorLogsSilenced } from './setup/logs';

@RateLimitGroup('synonyms')
@Controller('limited')
class LimitedController {
  @Get()
  list(): string {
    return 'ok';
  }

  // forgot nothing: inherits the controller's group
  @Post('more')
  add(): string {
    return 'ok';
  }
}

@Controller('forgotten')
class ForgottenController {
  @Get('report')
  report(): string {
    return 'ok';
  }
}

@Controller('probe')
class ProbeController {
  @Unthrottled()
  @Get()
  probe(): string {
    return 'ok';
  }
}

async function boot(...controllers: (new () => unknown)[]): Promise<Error | undefined> {
  const module = await Test.createTestingModule({ imports: [DiscoveryModule], controllers, providers: [RouteInventory] }).compile();
  const app = module.createNestApplication({ logger: false });
  try {
    await app.init();
    return undefined;
  } catch (err) {
    return err as Error;
  } finally {
    await app.close().catch(() => undefined);
  }
}

describe('Route inventory', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('the application: every route has a rate-limit group, or is public and unthrottled', () => {
    const routes = t.app.get(RouteInventory).list();
    expect(routes.length).toBeGreaterThanOrEqual(15);
    expect(routeProblems(routes)).toEqual([]);
    const expand = routes.find((r) => r.method === 'POST' && r.path === ROUTES.expand);
    expect(expand).toMatchObject({ group: 'expansion', public: false, unthrottled: false });
    expect(routes.find((r) => r.path === ROUTES.health)).toMatchObject({ public: true, unthrottled: true, group: undefined });
    // admin only, but for the suggestions queue, simulate and lint, which curators work with (docs/API.md)
    const forCurators: string[] = [ROUTES.admin.suggestions, ROUTES.admin.simulate, ROUTES.admin.lint];
    for (const r of routes.filter((x) => x.path.startsWith(ROUTES.admin.prefix))) expect(r).toMatchObject({ group: 'admin', roles: forCurators.includes(r.path) ? ['curator', 'admin'] : ['admin'] });
  });

  it('docs/API.md lists every route with its roles and limit, as generated from the code', () => {
    const routes = t.app.get(RouteInventory).list();
    // the defaults, not this test app's own settings
    const table = routesTable(routes, DEFAULT_THROTTLE.limits, DEFAULT_THROTTLE.windowMs);
    const file = join(__dirname, '..', 'docs', 'API.md');
    const doc = readFileSync(file, 'utf8');
    const block = /<!-- routes:start -->\n[\s\S]*?<!-- routes:end -->/;
    const wanted = `<!-- routes:start -->\n${table}\n<!-- routes:end -->`;
    if (process.env.UPDATE_DOCS === '1') writeFileSync(file, doc.replace(block, wanted));
    expect(doc.match(block)?.[0]).toBe(wanted);
  });

  it('refuses to start when a route declares no rate-limit group, naming it', async () => {
    expect(await boot(LimitedController)).toBeUndefined();
    const { result: err, logged } = await withErrorLogsSilenced(() => boot(LimitedController, ForgottenController));
    expect(err?.message).toBe('Unsafe routes: GET /forgotten/report (ForgottenController) declares no rate-limit group: add @RateLimitGroup(...), or @Public() @Unthrottled() for a public probe');
    expect(logged).toEqual([[expect.stringContaining('Refusing to start: GET /forgotten/report (ForgottenController)')]]);
  });

  it('refuses an unthrottled route that is not public', async () => {
    const { result: err, logged } = await withErrorLogsSilenced(() => boot(ProbeController));
    expect(err?.message).toContain('GET /probe (ProbeController) is @Unthrottled() but not @Public()');
    expect(logged).toEqual([[expect.stringContaining('Refusing to start: GET /probe (ProbeController)')]]);
    expect(routeProblems([{ method: 'GET', path: '/p', controller: 'P', public: true, unthrottled: true }])).toEqual([]);
    expect(routeProblems([{ method: 'GET', path: '/p', controller: 'P', public: true, unthrottled: true, group: 'admin' }])).toEqual(['GET /p (P) has a rate-limit group and @Unthrottled()']);
  });
});

import { Injectable, Logger, RequestMethod, type OnApplicationBootstrap } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { IS_PUBLIC_KEY, ROLES_KEY } from '../auth/decorators';
import type { Role } from '../auth/roles';
import { RATE_LIMIT_GROUP_KEY, UNTHROTTLED_KEY, type RateLimitGroupName } from './rate-limit-group.decorator';

/** One route as the guards see it: who may call it and which rate-limit group counts it. */
export interface RouteInfo {
  method: string;
  path: string;
  controller: string;
  public: boolean;
  /** roles required; undefined: any authenticated role */
  roles?: readonly Role[];
  group?: RateLimitGroupName;
  unthrottled: boolean;
}

const joinPath = (...parts: string[]) => '/' + parts.flatMap((p) => p.split('/')).filter((p) => p !== '').join('/');

/** Every route of the application's controllers, from their decorators, sorted by path and method. */
export function collectRoutes(discovery: DiscoveryService, scanner: MetadataScanner, reflector: Reflector): RouteInfo[] {
  const routes: RouteInfo[] = [];
  for (const wrapper of discovery.getControllers()) {
    const type = wrapper.metatype as (new (...args: unknown[]) => unknown) | undefined;
    if (!type || !wrapper.instance) continue;
    const base = reflector.get<string | string[] | undefined>(PATH_METADATA, type) ?? '';
    for (const name of scanner.getAllMethodNames(type.prototype as object)) {
      const handler = (type.prototype as Record<string, unknown>)[name] as (...args: unknown[]) => unknown;
      const method = reflector.get<RequestMethod | undefined>(METHOD_METADATA, handler);
      if (method === undefined) continue;
      const targets = [handler, type];
      const sub = reflector.get<string | string[] | undefined>(PATH_METADATA, handler) ?? '';
      for (const b of Array.isArray(base) ? base : [base]) {
        for (const s of Array.isArray(sub) ? sub : [sub]) {
          routes.push({
            method: RequestMethod[method],
            path: joinPath(b, s),
            controller: type.name,
            public: reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, targets) === true,
            roles: reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, targets),
            group: reflector.getAllAndOverride<RateLimitGroupName | undefined>(RATE_LIMIT_GROUP_KEY, targets),
            unthrottled: reflector.getAllAndOverride<boolean>(UNTHROTTLED_KEY, targets) === true,
          });
        }
      }
    }
  }
  return routes.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

/**
 * What is unsafe about the routes: a route must declare its rate-limit group, or be explicitly public and
 * unthrottled (@Public() @Unthrottled()); a route cannot be both, and an unthrottled route must be public.
 */
export function routeProblems(routes: readonly RouteInfo[]): string[] {
  const problems: string[] = [];
  for (const r of routes) {
    const where = `${r.method} ${r.path} (${r.controller})`;
    if (r.group !== undefined && r.unthrottled) problems.push(`${where} has a rate-limit group and @Unthrottled()`);
    else if (r.group === undefined && !r.unthrottled) problems.push(`${where} declares no rate-limit group: add @RateLimitGroup(...), or @Public() @Unthrottled() for a public probe`);
    else if (r.unthrottled && !r.public) problems.push(`${where} is @Unthrottled() but not @Public(): authenticated routes are always limited`);
  }
  return problems;
}

/** The roles and limits table of docs/API.md, generated from the routes. */
export function routesTable(routes: readonly RouteInfo[], limits: Record<RateLimitGroupName, number>, windowMs: number): string {
  const lines = ['| Method | Path | Roles | Rate-limit group (requests per window) |', '|---|---|---|---|'];
  for (const r of routes) {
    const roles = r.public ? 'public' : r.roles && r.roles.length > 0 ? r.roles.join(', ') : 'any authenticated role';
    const group = r.group ? `${r.group} (${limits[r.group]} per ${windowMs / 1000} s)` : 'not limited';
    lines.push(`| ${r.method} | \`${r.path}\` | ${roles} | ${group} |`);
  }
  return lines.join('\n');
}

/** Refuses to start when a route is unsafe by omission (see routeProblems). */
@Injectable()
export class RouteInventory implements OnApplicationBootstrap {
  private readonly log = new Logger('Routes');
  private routes: RouteInfo[] = [];

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  onApplicationBootstrap(): void {
    this.routes = collectRoutes(this.discovery, this.scanner, this.reflector);
    const problems = routeProblems(this.routes);
    if (problems.length > 0) {
      this.log.error(`Refusing to start: ${problems.join('; ')}`);
      throw new Error(`Unsafe routes: ${problems.join('; ')}`);
    }
  }

  list(): readonly RouteInfo[] {
    return this.routes;
  }
}

import type { ExecutionContext } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import { RATE_LIMIT_GROUP_KEY, type RateLimitGroupName } from '../throttle/rate-limit-group.decorator';
import { IS_PUBLIC_KEY, ROLES_KEY } from './decorators';
import type { Role } from './roles';

/** What the global guards need to know about a route, from its decorators. */
export interface RouteMeta {
  public: boolean;
  /** roles of which the caller needs one; undefined or empty: any authenticated role */
  roles?: readonly Role[];
  group?: RateLimitGroupName;
}

const byClass = new WeakMap<object, WeakMap<object, RouteMeta>>();

/** A route's metadata, read from its decorators once per route (handler and class), not once per request. */
export function routeMeta(reflector: Reflector, context: ExecutionContext): RouteMeta {
  const cls = context.getClass();
  const handler = context.getHandler();
  let handlers = byClass.get(cls);
  if (!handlers) byClass.set(cls, (handlers = new WeakMap()));
  let meta = handlers.get(handler);
  if (!meta) {
    const targets = [handler, cls];
    meta = {
      public: reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, targets) === true,
      roles: reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, targets),
      group: reflector.getAllAndOverride<RateLimitGroupName | undefined>(RATE_LIMIT_GROUP_KEY, targets),
    };
    handlers.set(handler, meta);
  }
  return meta;
}

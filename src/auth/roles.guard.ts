import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ForbiddenError } from '../common/errors';
import type { AuthUser } from './auth-user';
import { routeMeta } from './route-meta';
import { httpRequest } from '../common/http/request-context';

/** Global guard after authentication: @Roles(...) lists the roles of which the caller needs one. */
@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const { public: isPublic, roles: required } = routeMeta(this.reflector, context);
    if (isPublic || !required || required.length === 0) return true;
    const user = httpRequest<{ user?: AuthUser }>(context).user;
    if (user && user.roles.some((r) => required.includes(r))) return true;
    throw new ForbiddenError(`This operation needs one of the roles: ${required.join(', ')}`, 'INSUFFICIENT_ROLE', {
      field: 'roles',
      expected_type: `one of: ${required.join(', ')}`,
      provided_value: user?.roles ?? null,
    });
  }
}

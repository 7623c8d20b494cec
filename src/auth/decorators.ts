import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import { ApiErrors } from '../common/http/api-responses';
import type { AuthUser } from './auth-user';
import type { Role } from './roles';
import { httpRequest } from '../common/http/request-context';

export const IS_PUBLIC_KEY = 'auth:isPublic';
export const ROLES_KEY = 'auth:roles';

/** Opts a route out of authentication (health, docs). */
export const Public = () => SetMetadata(IS_PUBLIC_KEY, true);

/** The caller needs at least one of these roles (403 INSUFFICIENT_ROLE otherwise). Without it, any authenticated role will do. */
export const Roles = (...roles: Role[]) => applyDecorators(SetMetadata(ROLES_KEY, roles), ApiErrors('INSUFFICIENT_ROLE'));

/** The authenticated caller. */
export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): AuthUser => {
  return httpRequest<{ user: AuthUser }>(ctx).user;
});

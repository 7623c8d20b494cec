import { ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { DomainError, UnauthorizedError } from '../common/errors';
import { IS_PUBLIC_KEY } from './decorators';

/** Global guard: every route needs a valid bearer token unless marked @Public(). */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override canActivate(context: ExecutionContext) {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;
    return super.canActivate(context);
  }

  override handleRequest<TUser>(err: unknown, user: TUser, info: unknown): TUser {
    if (err instanceof DomainError) throw err;
    if (user) return user;
    const reason = info instanceof Error ? info : undefined;
    if (!reason || reason.message === 'No auth token') {
      throw new UnauthorizedError('Authentication required: send an Authorization: Bearer <token> header', 'AUTHENTICATION_REQUIRED');
    }
    if (reason.name === 'TokenExpiredError') throw new UnauthorizedError('Token has expired', 'TOKEN_EXPIRED');
    // Never echo the library's text: it may describe the key or the token.
    throw new UnauthorizedError('Token is malformed, wrongly signed or not valid for this service', 'INVALID_TOKEN');
  }
}

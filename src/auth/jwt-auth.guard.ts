import { ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { DomainError, UnauthorizedError } from '../common/errors';
import { IS_PUBLIC_KEY } from './decorators';

/**
 * First global guard: identifies the caller from the bearer token. It never refuses by itself: a failure is
 * kept on the request, so the rate-limit guard can count the attempt against the client's IP before
 * AuthenticatedGuard answers 401.
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;
    try {
      await super.canActivate(context);
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      context.switchToHttp().getRequest<{ authError?: DomainError }>().authError = err;
    }
    return true;
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

/** After rate limiting: a route that is not @Public() needs the caller JwtAuthGuard identified. */
@Injectable()
export class AuthenticatedGuard {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, [context.getHandler(), context.getClass()])) return true;
    const req = context.switchToHttp().getRequest<{ user?: unknown; authError?: DomainError }>();
    if (req.authError) throw req.authError;
    if (!req.user) throw new UnauthorizedError('Authentication required: send an Authorization: Bearer <token> header', 'AUTHENTICATION_REQUIRED');
    return true;
  }
}

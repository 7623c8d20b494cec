import { ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { DomainError, UnauthorizedError } from '../common/errors';
import type { AuthUser } from './auth-user';
import { TOKEN_CACHE } from './auth.tokens';
import { bearerToken } from './jwt.strategy';
import { routeMeta } from './route-meta';
import type { TokenCache } from './token-cache';
import { httpRequest } from '../common/http/request-context';

/**
 * First global guard: identifies the caller from the bearer token. It never refuses by itself: a failure is
 * kept on the request, so the rate-limit guard can count the attempt against the client's IP before
 * AuthenticatedGuard answers 401. A token verified before (and not yet expired) is taken from the token cache
 * without running passport again.
 */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(
    private readonly reflector: Reflector,
    @Inject(TOKEN_CACHE) private readonly cache: TokenCache,
  ) {
    super();
  }

  /** A public route or a cached token answers at once, without a promise; passport runs for the rest. */
  override canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    if (routeMeta(this.reflector, context).public) return true;
    const req = httpRequest<{ headers: Record<string, string | string[] | undefined>; user?: AuthUser }>(context);
    const token = bearerToken(req);
    const cached = token ? this.cache.get(token) : undefined;
    if (cached) {
      req.user = cached;
      return true;
    }
    return this.verify(context);
  }

  private async verify(context: ExecutionContext): Promise<boolean> {
    try {
      await super.canActivate(context);
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      httpRequest<{ authError?: DomainError }>(context).authError = err;
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
    if (routeMeta(this.reflector, context).public) return true;
    const req = httpRequest<{ user?: unknown; authError?: DomainError }>(context);
    if (req.authError) throw req.authError;
    if (!req.user) throw new UnauthorizedError('Authentication required: send an Authorization: Bearer <token> header', 'AUTHENTICATION_REQUIRED');
    return true;
  }
}

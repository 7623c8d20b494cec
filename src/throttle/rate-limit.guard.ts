import { ExecutionContext, Injectable, Logger } from '@nestjs/common';
import { ThrottlerGuard, type ThrottlerRequest } from '@nestjs/throttler';
import { RateLimitError } from '../common/errors';
import { setHeader, type RequestContext } from '../common/http/request-context';
import { RATE_LIMIT_GROUP_KEY, type RateLimitGroupName } from './rate-limit-group.decorator';

/**
 * One named throttler per rate group. A request is counted once, against its route's group, keyed by
 * the caller (the token's `sub`; the IP only when unauthenticated), so all routes of a group share one
 * budget. Headers X-RateLimit-Limit/Remaining/Reset go on every limited response; over the limit → 429
 * RATE_LIMIT_EXCEEDED with Retry-After.
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  private readonly log = new Logger('RateLimit');
  private lastStoreWarning = 0;

  private groupOf(context: ExecutionContext): RateLimitGroupName | undefined {
    return this.reflector.getAllAndOverride<RateLimitGroupName>(RATE_LIMIT_GROUP_KEY, [context.getHandler(), context.getClass()]);
  }

  protected override shouldSkip(context: ExecutionContext): Promise<boolean> {
    return Promise.resolve(context.getType() !== 'http' || this.groupOf(context) === undefined);
  }

  protected override async handleRequest({ context, limit, ttl, throttler, blockDuration }: ThrottlerRequest): Promise<boolean> {
    const group = this.groupOf(context);
    if (!group || throttler.name !== group) return true;
    const { req, res } = this.getRequestResponse(context) as { req: RequestContext; res: unknown };
    // The verified subject; without a valid token (which AuthenticatedGuard will refuse next) the client IP.
    const tracker = req.user ? `user:${req.user.id}` : `ip:${req.ip ?? 'unknown'}`;
    let record;
    try {
      record = await this.storageService.increment(`qes:${group}:${tracker}`, ttl, limit, blockDuration, group);
    } catch (err) {
      // A rate-limit store outage must not take the API down: fail open, and say so (at most once a minute).
      if (Date.now() - this.lastStoreWarning > 60_000) {
        this.lastStoreWarning = Date.now();
        this.log.warn(`Rate-limit store unavailable, requests are not limited: ${(err as Error).message}`);
      }
      return true;
    }
    const { totalHits, timeToExpire, isBlocked, timeToBlockExpire } = record;
    setHeader(res, 'X-RateLimit-Limit', limit);
    setHeader(res, 'X-RateLimit-Remaining', Math.max(0, limit - totalHits));
    setHeader(res, 'X-RateLimit-Reset', Math.max(0, isBlocked ? timeToBlockExpire : timeToExpire));
    if (isBlocked) throw new RateLimitError(group, Math.max(1, timeToBlockExpire));
    return true;
  }
}

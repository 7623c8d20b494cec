import { ExecutionContext, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Reflector } from '@nestjs/core';
import { InjectThrottlerOptions, InjectThrottlerStorage, ThrottlerGuard, type ThrottlerModuleOptions, type ThrottlerOptions, type ThrottlerRequest, type ThrottlerStorage } from '@nestjs/throttler';
import { MetricsService } from '../metrics/metrics.service';
import { routeMeta } from '../auth/route-meta';
import { RateLimitError } from '../common/errors';
import { setHeader, type RequestContext } from '../common/http/request-context';
import type { RootConfig } from '../config';
import type { RateLimitGroupName } from './rate-limit-group.decorator';

/**
 * One named throttler per rate group. A request is counted once, against its route's group, keyed by
 * the caller (the token's `sub`; the IP only when unauthenticated), so all routes of a group share one
 * budget. Headers X-RateLimit-Limit/Remaining/Reset go on every limited response; over the limit → 429
 * RATE_LIMIT_EXCEEDED with Retry-After.
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  constructor(
    @InjectThrottlerOptions() options: ThrottlerModuleOptions,
    @InjectThrottlerStorage() storage: ThrottlerStorage,
    reflector: Reflector,
    private readonly metrics: MetricsService,
    config: ConfigService<RootConfig, true>,
  ) {
    super(options, storage, reflector);
    this.keyPrefix = config.getOrThrow('throttle', { infer: true }).keyPrefix;
  }

  private readonly keyPrefix: string;

  private byGroup?: Map<string, ThrottlerOptions>;

  /**
   * Only the route's own group is counted: the route's group comes from its decorators (read once per route),
   * and its named throttler from a map built once, instead of the base guard's loop over all four throttlers.
   */
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const group = routeMeta(this.reflector, context).group;
    if (!group) return true;
    this.byGroup ??= new Map(this.throttlers.map((t) => [t.name ?? 'default', t]));
    const throttler = this.byGroup.get(group);
    if (!throttler || typeof throttler.limit !== 'number' || typeof throttler.ttl !== 'number') return true;
    const blockDuration = typeof throttler.blockDuration === 'number' ? throttler.blockDuration : throttler.ttl;
    return this.handleRequest({ context, limit: throttler.limit, ttl: throttler.ttl, blockDuration, throttler, getTracker: (req) => this.getTracker(req), generateKey: (c, s, n) => this.generateKey(c, s, n) });
  }

  protected override async handleRequest({ context, limit, ttl, throttler, blockDuration }: ThrottlerRequest): Promise<boolean> {
    const group = throttler.name as RateLimitGroupName;
    const { req, res } = this.getRequestResponse(context) as { req: RequestContext; res: unknown };
    // The verified subject; without a valid token (which AuthenticatedGuard will refuse next) the client IP.
    const tracker = req.user ? `user:${req.user.id}` : `ip:${req.ip ?? 'unknown'}`;
    // never fails: while Redis does not answer, the store counts in this instance's memory (RedisFallbackStorage)
    const { totalHits, timeToExpire, isBlocked, timeToBlockExpire } = await this.storageService.increment(`${this.keyPrefix}:${group}:${tracker}`, ttl, limit, blockDuration, group);
    setHeader(res, 'X-RateLimit-Limit', limit);
    setHeader(res, 'X-RateLimit-Remaining', Math.max(0, limit - totalHits));
    setHeader(res, 'X-RateLimit-Reset', Math.max(0, isBlocked ? timeToBlockExpire : timeToExpire));
    if (isBlocked) {
      this.metrics.rateLimited.inc({ group });
      throw new RateLimitError(group, Math.max(1, timeToBlockExpire));
    }
    return true;
  }
}

import { type CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Reflector } from '@nestjs/core';
import { InjectThrottlerOptions, InjectThrottlerStorage, type ThrottlerModuleOptions, type ThrottlerOptions, type ThrottlerStorage } from '@nestjs/throttler';
import { MetricsService } from '../metrics/metrics.service';
import { routeMeta } from '../auth/route-meta';
import { RateLimitError } from '../common/errors';
import { httpRequest, httpResponse, setHeader, type RequestContext } from '../common/http/request-context';
import type { RootConfig } from '../config';
import { MemoryThrottlerStorage, type ThrottlerStorageRecord } from './memory-throttler-storage';
import type { RateLimitGroupName } from './rate-limit-group.decorator';

/**
 * One named throttler per rate group. A request is counted once, against its route's group, keyed by
 * the caller (the token's `sub`; the IP only when unauthenticated), so all routes of a group share one
 * budget. Headers X-RateLimit-Limit/Remaining/Reset go on every limited response; over the limit → 429
 * RATE_LIMIT_EXCEEDED with Retry-After.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  private readonly keyPrefix: string;
  /** Each group's throttler (name, limit, window), from the module's options. */
  private readonly byGroup: Map<string, ThrottlerOptions>;

  constructor(
    @InjectThrottlerOptions() options: ThrottlerModuleOptions,
    @InjectThrottlerStorage() private readonly storage: ThrottlerStorage,
    private readonly reflector: Reflector,
    private readonly metrics: MetricsService,
    config: ConfigService<RootConfig, true>,
  ) {
    this.keyPrefix = config.getOrThrow('throttle', { infer: true }).keyPrefix;
    this.byGroup = new Map((Array.isArray(options) ? options : options.throttlers).map((t) => [t.name ?? 'default', t]));
  }

  /**
   * Only the route's own group is counted: the route's group comes from its decorators (read once per route), its
   * throttler from a map built once. A storage that counts in memory answers at once, so the request goes on
   * without waiting for a promise; Redis is awaited.
   */
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const group = routeMeta(this.reflector, context).group;
    if (!group) return true;
    const throttler = this.byGroup.get(group);
    if (!throttler || typeof throttler.limit !== 'number' || typeof throttler.ttl !== 'number') return true;
    const { limit, ttl } = throttler;
    const blockDuration = typeof throttler.blockDuration === 'number' ? throttler.blockDuration : ttl;
    const req = httpRequest<RequestContext>(context);
    const res = httpResponse<unknown>(context);
    // The verified subject; without a valid token (which AuthenticatedGuard will refuse next) the client IP.
    const tracker = req.user ? `user:${req.user.id}` : `ip:${req.ip ?? 'unknown'}`;
    const key = `${this.keyPrefix}:${group}:${tracker}`;
    if (this.storage instanceof MemoryThrottlerStorage) return this.answer(res, group, limit, this.storage.count(key, ttl, limit, blockDuration, group, Date.now()));
    // never fails: while Redis does not answer, the store counts in this instance's memory (RedisFallbackStorage)
    return this.storage.increment(key, ttl, limit, blockDuration, group).then((record) => this.answer(res, group, limit, record));
  }

  /** The rate-limit headers of a counted request; 429 over the limit. */
  private answer(res: unknown, group: RateLimitGroupName, limit: number, { totalHits, timeToExpire, isBlocked, timeToBlockExpire }: ThrottlerStorageRecord): boolean {
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

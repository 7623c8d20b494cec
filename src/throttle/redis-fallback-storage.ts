import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import { Logger, type OnApplicationShutdown, type OnModuleDestroy } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import { MemoryThrottlerStorage, type ThrottlerStorageRecord } from './memory-throttler-storage';
import type Redis from 'ioredis';
import { ThrottledWarning } from '../common/logging/throttled-warning';
import type { MetricsService } from '../metrics/metrics.service';

/** After a Redis command times out, requests count in memory for this long before Redis is asked again. */
export const REDIS_BACKOFF_MS = 1000;

/**
 * Rate-limit counts in Redis, shared by every instance, with this instance's memory as the fallback while Redis does
 * not answer (docs/API.md, "Rate limits"). A request never waits on Redis for longer than the command timeout: while
 * the client is disconnected, commands fail at once (no offline queue) and the request is counted in memory, so
 * limits then hold per instance; a command that times out sends requests to memory for REDIS_BACKOFF_MS. The
 * client reconnects in the background (backoff up to 2 s) and counts go back to Redis as soon as it is ready, without
 * a restart. Redis errors reach the JSON log at most once a minute; every one is counted in the metrics.
 */
export class RedisFallbackStorage implements ThrottlerStorage, OnModuleDestroy, OnApplicationShutdown {
  /** The client (the readiness probe pings it). */
  readonly redis: Redis;
  private readonly shared: ThrottlerStorageRedisService;
  private readonly local = new MemoryThrottlerStorage();
  private readonly log = new Logger('Redis');
  private readonly warning = new ThrottledWarning(this.log);
  /** Until when requests skip Redis after a command timed out. */
  private skipUntil = 0;
  private degraded = false;

  constructor(
    url: string,
    commandTimeoutMs: number,
    private readonly metrics: MetricsService,
  ) {
    this.shared = new ThrottlerStorageRedisService(url, {
      commandTimeout: commandTimeoutMs,
      enableOfflineQueue: false,
      // commands caught by a disconnection are failed, not resent later
      maxRetriesPerRequest: 0,
      connectTimeout: 2000,
      // no data for pending commands within 2 s: the connection is dead (a host that vanished answers nothing)
      socketTimeout: 2000,
      retryStrategy: (attempt) => Math.min(attempt * 100, 2000),
    });
    this.redis = this.shared.redis as Redis;
    this.redis.on('error', (err: Error) => {
      this.metrics.dependencyErrors.inc({ dependency: 'redis' });
      this.warn(err.message);
    });
    this.redis.on('ready', () => {
      this.skipUntil = 0;
      if (!this.degraded) return;
      this.degraded = false;
      this.log.log('Redis answers again: rate-limit counts are shared again');
    });
  }

  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    if (this.redis.status !== 'ready') {
      this.warn(`not connected (${this.redis.status})`);
    } else if (Date.now() >= this.skipUntil) {
      try {
        return await this.shared.increment(key, ttl, limit, blockDuration, throttlerName);
      } catch (err) {
        this.skipUntil = Date.now() + REDIS_BACKOFF_MS;
        this.metrics.dependencyErrors.inc({ dependency: 'redis' });
        this.warn((err as Error).message);
      }
    }
    this.metrics.rateLimitFallbacks.inc();
    return this.local.increment(key, ttl, limit, blockDuration, throttlerName);
  }

  onModuleDestroy(): void {
    this.shared.onModuleDestroy();
  }

  onApplicationShutdown(): void {
    this.local.onApplicationShutdown();
  }

  /** Redis failed or is not connected: said at most once a minute (the metrics count every request and error). */
  private warn(reason: string): void {
    this.degraded = true;
    this.warning.warn(`Redis (rate-limit counts) unavailable, counting requests in this instance's memory until it answers: ${reason}`);
  }
}

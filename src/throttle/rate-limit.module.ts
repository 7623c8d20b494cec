import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import { Logger, Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { DiscoveryModule } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import type { RootConfig } from '../config';
import { MetricsService } from '../metrics/metrics.service';
import { RATE_LIMIT_GROUPS } from './rate-limit-group.decorator';
import { RouteInventory } from './route-inventory';

/**
 * The Redis store of rate-limit counts. Its client's connection errors go to the JSON log, at most once a minute,
 * instead of ioredis's "Unhandled error event" stack traces on stderr.
 */
function redisStorage(url: string, metrics: MetricsService): ThrottlerStorageRedisService {
  const storage = new ThrottlerStorageRedisService(url, { maxRetriesPerRequest: 1, connectTimeout: 2000 });
  const log = new Logger('Redis');
  let lastLogged = 0;
  storage.redis.on('error', (err: Error) => {
    metrics.dependencyErrors.inc({ dependency: 'redis' });
    if (Date.now() - lastLogged < 60_000) return;
    lastLogged = Date.now();
    log.warn(`Redis (rate-limit counts) unreachable: ${err.message}`);
  });
  return storage;
}

/**
 * Four named throttlers, one per group; counts in memory, or in Redis when REDIS_URL is set. RouteInventory
 * refuses to start the application when a route declares no group (and is not public and unthrottled).
 */
@Module({
  imports: [
    DiscoveryModule,
    ThrottlerModule.forRootAsync({
      inject: [ConfigService, MetricsService],
      useFactory: (config: ConfigService<RootConfig, true>, metrics: MetricsService) => {
        const { windowMs, limits } = config.getOrThrow('throttle', { infer: true });
        const redisUrl = config.getOrThrow('app', { infer: true }).redisUrl;
        return {
          throttlers: RATE_LIMIT_GROUPS.map((name) => ({ name, ttl: windowMs, limit: limits[name] })),
          storage: redisUrl ? redisStorage(redisUrl, metrics) : undefined,
        };
      },
    }),
  ],
  providers: [RouteInventory],
  exports: [ThrottlerModule, RouteInventory],
})
export class RateLimitModule {}

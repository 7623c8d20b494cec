import { Module } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { DiscoveryModule } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import type { RootConfig } from '../config';
import { MetricsService } from '../metrics/metrics.service';
import { RATE_LIMIT_GROUPS } from './rate-limit-group.decorator';
import { MemoryThrottlerStorage } from './memory-throttler-storage';
import { RedisFallbackStorage } from './redis-fallback-storage';
import { RouteInventory } from './route-inventory';

/**
 * Four named throttlers, one per group; counts in this instance's memory (MemoryThrottlerStorage), or in Redis when
 * REDIS_URL is set (in this instance's memory while Redis does not answer: RedisFallbackStorage). RouteInventory
 * refuses to start the application when a route declares no group (and is not public and unthrottled).
 */
@Module({
  imports: [
    DiscoveryModule,
    ThrottlerModule.forRootAsync({
      inject: [ConfigService, MetricsService],
      useFactory: (config: ConfigService<RootConfig, true>, metrics: MetricsService) => {
        const { windowMs, limits, redisCommandTimeoutMs } = config.getOrThrow('throttle', { infer: true });
        const redisUrl = config.getOrThrow('app', { infer: true }).redisUrl;
        return {
          throttlers: RATE_LIMIT_GROUPS.map((name) => ({ name, ttl: windowMs, limit: limits[name] })),
          storage: redisUrl ? new RedisFallbackStorage(redisUrl, redisCommandTimeoutMs, metrics) : new MemoryThrottlerStorage(),
        };
      },
    }),
  ],
  providers: [RouteInventory],
  exports: [ThrottlerModule, RouteInventory],
})
export class RateLimitModule {}

import { Controller, Get } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, HealthIndicatorService, TypeOrmHealthIndicator, type HealthIndicatorResult } from '@nestjs/terminus';
import { InjectThrottlerStorage, type ThrottlerStorage } from '@nestjs/throttler';
import { Public } from '../auth/decorators';
import type { RootConfig } from '../config';
import { ApiErrors } from '../common/http/api-responses';
import { ExpansionIndexService } from '../expansion/expansion-index.service';
import { Unthrottled } from '../throttle/rate-limit-group.decorator';
import { Lifecycle } from './lifecycle';

/** A Redis-backed store exposes its client; the in-memory one has none. */
interface WithRedis {
  redis?: { status: string };
}

const DEPENDENCY_TIMEOUT_MS = 2000;

/**
 * Probes for load balancers and orchestrators (docs/API.md, "Health and docs"): public and not rate limited.
 * Liveness is the process alone; readiness is everything a request needs.
 */
@ApiTags('health')
@ApiErrors('UNSUPPORTED_API_VERSION')
@Public()
@Unthrottled()
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly db: TypeOrmHealthIndicator,
    private readonly indicators: HealthIndicatorService,
    private readonly indexes: ExpansionIndexService,
    private readonly lifecycle: Lifecycle,
    @InjectThrottlerStorage() private readonly throttlerStorage: ThrottlerStorage,
    private readonly config: ConfigService<RootConfig, true>,
  ) {}

  @Get('live')
  @HealthCheck()
  @ApiOperation({ summary: 'Liveness: the process answers (no dependency is checked)', security: [] })
  @ApiOkResponse({ description: 'The process is up' })
  live() {
    return this.health.check([() => this.indicators.check('process').up({ uptime_s: Math.round(process.uptime()) })]);
  }

  /** Readiness, also served as plain /health. */
  @Get(['ready', ''])
  @HealthCheck()
  @ApiOperation({ summary: 'Readiness (also GET /health): database reachable, expansion index built, not shutting down, Redis reachable when configured (READY_REQUIRES_REDIS=false: reported as degraded instead)', security: [] })
  @ApiOkResponse({ description: 'Ready to serve' })
  @ApiServiceUnavailableResponse({ description: 'A dependency is down, the index is still building, or the service is shutting down (details name which)' })
  ready() {
    return this.health.check(this.readinessChecks());
  }

  private readinessChecks(): (() => Promise<HealthIndicatorResult> | HealthIndicatorResult)[] {
    const checks: (() => Promise<HealthIndicatorResult> | HealthIndicatorResult)[] = [
      () => this.db.pingCheck('database', { timeout: DEPENDENCY_TIMEOUT_MS }),
      () => (this.indexes.ready ? this.indicators.check('expansion_index').up() : this.indicators.check('expansion_index').down({ message: 'building' })),
      () => (this.lifecycle.draining ? this.indicators.check('lifecycle').down({ message: 'shutting down' }) : this.indicators.check('lifecycle').up()),
    ];
    const redis = (this.throttlerStorage as WithRedis).redis;
    if (redis) {
      // connected, as ioredis sees it: a ping would share the rate limiter's 40 ms command timeout, and one slow
      // answer would then take every instance out of service at once
      checks.push(() => {
        if (redis.status === 'ready') return this.indicators.check('redis').up();
        return this.config.getOrThrow('throttle', { infer: true }).readyRequiresRedis
          ? this.indicators.check('redis').down({ message: 'unreachable' })
          : // READY_REQUIRES_REDIS=false: rate limits are counted in the instance's memory meanwhile
            this.indicators.check('redis').up({ degraded: true, message: 'unreachable; rate limits counted per instance' });
      });
    }
    return checks;
  }
}

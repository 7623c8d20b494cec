import { timingSafeEqual } from 'node:crypto';
import { Controller, Get, Headers, Res } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/decorators';
import { UnauthorizedError } from '../common/errors';
import { ApiErrors } from '../common/http/api-responses';
import { setHeader } from '../common/http/request-context';
import type { RootConfig } from '../config';
import { Unthrottled } from '../throttle/rate-limit-group.decorator';
import { MetricsService } from './metrics.service';

/** GET /metrics in the Prometheus text format: public, or behind METRICS_TOKEN when that is set. */
@ApiTags('metrics')
@Public()
@Unthrottled()
@Controller('metrics')
export class MetricsController {
  constructor(
    private readonly metrics: MetricsService,
    private readonly config: ConfigService<RootConfig, true>,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Prometheus metrics (text exposition format); Authorization: Bearer <METRICS_TOKEN> when METRICS_TOKEN is set', security: [] })
  @ApiOkResponse({ description: 'Metrics in the Prometheus text format', content: { 'text/plain': { schema: { type: 'string' } } } })
  @ApiErrors('UNSUPPORTED_API_VERSION', 'AUTHENTICATION_REQUIRED')
  async scrape(@Headers('authorization') authorization: string | undefined, @Res({ passthrough: true }) res: unknown): Promise<string> {
    const token = this.config.getOrThrow('app', { infer: true }).metricsToken;
    if (token && !sameSecret(authorization ?? '', `Bearer ${token}`)) {
      throw new UnauthorizedError('GET /metrics needs Authorization: Bearer <METRICS_TOKEN>', 'AUTHENTICATION_REQUIRED');
    }
    setHeader(res, 'Content-Type', this.metrics.registry.contentType);
    return this.metrics.registry.metrics();
  }
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

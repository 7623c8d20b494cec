import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { Public } from '../auth/decorators';
import { Unthrottled } from '../throttle/rate-limit-group.decorator';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly db: TypeOrmHealthIndicator,
  ) {}

  /** Public and not rate limited: load balancers call it. 503 when the database does not answer. */
  @Public()
  @Unthrottled()
  @Get()
  @HealthCheck()
  @ApiOkResponse({ description: 'The service and its database answer' })
  @ApiServiceUnavailableResponse({ description: 'The database does not answer' })
  check() {
    return this.health.check([() => this.db.pingCheck('database', { timeout: 2000 })]);
  }
}

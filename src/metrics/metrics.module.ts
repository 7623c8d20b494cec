import { Global, Module } from '@nestjs/common';
import { DependencyErrorCounter } from '../common/filters/all-exceptions.filter';
import { MetricsController } from './metrics.controller';
import { MetricsService } from './metrics.service';

@Global()
@Module({
  controllers: [MetricsController],
  providers: [MetricsService, { provide: DependencyErrorCounter, useExisting: MetricsService }],
  exports: [MetricsService, DependencyErrorCounter],
})
export class MetricsModule {}

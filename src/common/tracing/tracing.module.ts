import { Global, Module } from '@nestjs/common';
import { TracingService } from './tracing.service';

/** OpenTelemetry tracing (off unless an OTLP endpoint is set; see start.ts and docs/ARCHITECTURE.md). */
@Global()
@Module({ providers: [TracingService], exports: [TracingService] })
export class TracingModule {}

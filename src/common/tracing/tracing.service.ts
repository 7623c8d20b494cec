import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { diag, DiagLogLevel, type DiagLogger, type Tracer } from '@opentelemetry/api';
import { ConfigService } from '@nestjs/config';
import { DataSource } from 'typeorm';
import type { RootConfig } from '../../config';
import { requestScope } from '../logging/request-context';
import { activeTracing } from './tracing';

/**
 * How long shutdown waits for the last spans to be exported before it goes on without them: 5 s, or a fifth of
 * the shutdown grace period when that is shorter, so an unreachable collector never uses up the grace period.
 */
export const TRACING_SHUTDOWN_TIMEOUT_MS = 5000;
const GRACE_SHARE = 0.2;

/**
 * Tracing as the application sees it. `tracer` is defined only while tracing is on: code that adds a span checks
 * it first, so with tracing off a request makes no span object, wrapper or closure. Started by `start.ts` before
 * Nest; here the database's statements get their spans, the start-up line is logged and, at shutdown, the last
 * spans are exported (bounded in time) and the provider is shut down.
 */
@Injectable()
export class TracingService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('Tracing');
  private readonly tracing = activeTracing();
  readonly tracer: Tracer | undefined = this.tracing?.tracer;

  constructor(
    dataSource: DataSource,
    private readonly config: ConfigService<RootConfig, true>,
  ) {
    if (!this.tracing) return;
    this.tracing.traceQueries(dataSource);
    // the SDK's own warnings and errors (a collector that cannot be reached, refused batches) as warnings in the log
    diag.setLogger(warningsTo(this.log), DiagLogLevel.WARN);
  }

  onApplicationBootstrap(): void {
    if (this.tracing) this.log.log(`Tracing on: spans of service "${this.tracing.serviceName}" are exported to ${this.tracing.destination}`);
  }

  /** After the recorder's last flush (beforeApplicationShutdown), so its spans go too. */
  async onApplicationShutdown(): Promise<void> {
    if (!this.tracing) return;
    try {
      const grace = this.config.getOrThrow('app', { infer: true }).shutdownGraceMs;
      await this.tracing.stop(Math.min(TRACING_SHUTDOWN_TIMEOUT_MS, grace * GRACE_SHARE));
    } catch (err) {
      this.log.warn(`Tracing stopped before every span was exported: ${(err as Error).message}`);
    } finally {
      diag.disable();
    }
  }
}

/** Out of any request's scope: an export runs on a timer that may have been started during some request. */
function warningsTo(log: Logger): DiagLogger {
  const warn = (message: string, ...args: unknown[]) =>
    requestScope.exit(() => log.warn(`OpenTelemetry: ${[message, ...args.map((a) => (a instanceof Error ? a.message : String(a)))].join(' ')}`));
  const ignore = () => undefined;
  return { error: warn, warn, info: ignore, debug: ignore, verbose: ignore };
}

import { SpanStatusCode, type Span, type SpanOptions, type Tracer } from '@opentelemetry/api';
import type { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import type { DataSource } from 'typeorm';

/**
 * Tracing while it is on: one per process, registered as the OpenTelemetry API's global provider. Started by
 * `sdk.ts` (loaded only then); this module is all the rest of the service needs, and loads no SDK.
 */
export interface Tracing {
  readonly tracer: Tracer;
  readonly serviceName: string;
  /** Where spans go: the OTLP traces URL without credentials or query, or "in memory" (tests). */
  readonly destination: string;
  /** The HTTP server instrumentation (its patch of `http` is applied as `http` is required). */
  readonly http: HttpInstrumentation;
  /** Gives every statement run on this data source a span (query-spans.ts). */
  traceQueries(dataSource: DataSource): void;
  /** Exports what is buffered and unregisters everything; waits at most `timeoutMs`. */
  stop(timeoutMs: number): Promise<void>;
}

let current: Tracing | undefined;

/** Tracing, when it was started; undefined otherwise, and then the API's global tracer is the no-op one. */
export function activeTracing(): Tracing | undefined {
  return current;
}

/** Set by startTracing, cleared by stop. */
export function setActiveTracing(tracing: Tracing | undefined): void {
  current = tracing;
}

/**
 * Runs async work in a span, active while it runs (a child of the active span unless `options.root`); the span ends
 * with the work, marked as failed when the work throws.
 */
export function inSpan<T>(tracer: Tracer, name: string, options: SpanOptions, work: () => Promise<T>): Promise<T> {
  return tracer.startActiveSpan(name, options, async (span) => {
    try {
      return await work();
    } catch (err) {
      failSpan(span, err);
      throw err;
    } finally {
      span.end();
    }
  });
}

/** Marks a span as failed with the kind of error only (`error.type`: a driver code or the class): messages may quote data. */
export function failSpan(span: Span, err: unknown): void {
  const code = (err as { code?: unknown } | null)?.code;
  span.setAttribute('error.type', typeof code === 'string' ? code : err instanceof Error ? err.name : 'Error');
  span.setStatus({ code: SpanStatusCode.ERROR });
}

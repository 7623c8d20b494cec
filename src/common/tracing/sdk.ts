import { context, diag, propagation, trace } from '@opentelemetry/api';
import { setGlobalErrorHandler } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { defaultResource, detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, SimpleSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import type { TracingConfig } from '../../config/tracing.config';
import { httpInstrumentationConfig } from './http-spans';
import { traceQueries } from './query-spans';
import { activeTracing, setActiveTracing, type Tracing } from './tracing';

/** The service name when neither OTEL_SERVICE_NAME nor OTEL_RESOURCE_ATTRIBUTES names one. */
const DEFAULT_SERVICE_NAME = 'query-expansion-service';

export interface TracingOptions {
  /** Another exporter than OTLP (tests: an InMemorySpanExporter), with spans exported as each one ends. */
  exporter?: SpanExporter;
}

/**
 * Starts tracing when the configuration says so (or an exporter is given): a tracer provider (service resource, the
 * sampler of OTEL_TRACES_SAMPLER, a batch processor sized by OTEL_BSP_*, the OTLP exporter with the headers, timeout
 * and compression of OTEL_EXPORTER_OTLP_*), registered globally with the W3C propagators and an AsyncLocalStorage
 * context, and the HTTP server instrumentation.
 */
export function startTracing(config: TracingConfig, options: TracingOptions = {}): Tracing | undefined {
  const running = activeTracing();
  if (running || (!config.enabled && !options.exporter)) return running;
  // First, so that the `http` required after it is patched (its require hook).
  const http = new HttpInstrumentation(httpInstrumentationConfig);
  const resource = defaultResource()
    .merge(resourceFromAttributes({ [ATTR_SERVICE_NAME]: DEFAULT_SERVICE_NAME }))
    .merge(detectResources({ detectors: [envDetector] }));
  const processor = options.exporter ? new SimpleSpanProcessor(options.exporter) : new BatchSpanProcessor(new OTLPTraceExporter({ url: config.tracesUrl }));
  const provider = new NodeTracerProvider({ resource, spanProcessors: [processor] });
  provider.register();
  http.setTracerProvider(provider);
  // the SDK's errors (a batch the collector did not take) as one line each, not a serialised stack
  setGlobalErrorHandler((err) => diag.warn(typeof err === 'string' ? err : (err.message ?? err.name ?? 'error')));
  const tracer = provider.getTracer(DEFAULT_SERVICE_NAME);
  const tracing: Tracing = {
    tracer,
    serviceName: String(resource.attributes[ATTR_SERVICE_NAME]),
    destination: options.exporter ? 'in memory' : shownUrl(config.tracesUrl ?? ''),
    http,
    traceQueries: (dataSource) => traceQueries(dataSource, tracer),
    stop: async (timeoutMs) => {
      http.disable();
      try {
        await withTimeout(provider.shutdown(), timeoutMs);
      } finally {
        trace.disable();
        context.disable();
        propagation.disable();
        setActiveTracing(undefined);
      }
    },
  };
  setActiveTracing(tracing);
  return tracing;
}

/** A URL as it may be logged: no user, password or query string (they may carry credentials). */
function shownUrl(url: string): string {
  const u = new URL(url);
  return `${u.protocol}//${u.host}${u.pathname}`;
}

function withTimeout(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`spans not exported within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

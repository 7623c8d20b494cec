/**
 * Loaded first by main.ts, before `http` and Express: starts tracing when OTEL_EXPORTER_OTLP_ENDPOINT (or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set, so the HTTP instrumentation's require hook sees `http` being loaded.
 * With tracing off the SDK is not even loaded, and the OpenTelemetry API stays no-op.
 */
import { loadTracingVariablesFromDotEnv, readTracingConfig, type TracingConfig } from '../../config/tracing.config';

loadTracingVariablesFromDotEnv();
let config: TracingConfig | undefined;
try {
  config = readTracingConfig();
} catch {
  // A bad OTEL_ value: the configuration checks it again at boot and stops the service with a message naming it.
}
if (config?.enabled) {
  // A synchronous load, on purpose: the instrumentation must be in place before main.ts goes on to load `http`; and
  // only when tracing is on (the SDK costs ~85 ms and 5 MB at start-up).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { startTracing } = require('./sdk') as typeof import('./sdk');
  startTracing(config);
}

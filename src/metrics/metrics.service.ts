import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The service's Prometheus metrics (GET /metrics, docs/OPERATIONS.md): Node's default metrics, HTTP request
 * durations by route template, expansions by strategy and outcome, the expansion index, the event recorder,
 * rate-limited requests and dependency errors. One registry per application instance. Updating a metric is a
 * few arithmetic operations; gauges that mirror state (index size, queue depth) are read only when scraped.
 */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();
  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });
  readonly expansionsByStrategy = new Counter({ name: 'expansions_by_strategy_total', help: 'Expansions answered, by each strategy they used', labelNames: ['strategy'] as const, registers: [this.registry] });
  readonly expansionCache = new Counter({ name: 'expansion_cache_total', help: 'Expansions answered from the result cache (hit) or by the engine (miss; requests too large to cache count as misses)', labelNames: ['outcome'] as const, registers: [this.registry] });
  readonly expansions = new Counter({ name: 'expansions_total', help: 'Expansions answered, by outcome (results or none)', labelNames: ['outcome'] as const, registers: [this.registry] });
  readonly droppedEvents = new Counter({ name: 'expansion_events_dropped_total', help: 'Expansion events dropped because the recorder queue was full', registers: [this.registry] });
  readonly rateLimited = new Counter({ name: 'rate_limited_requests_total', help: 'Requests refused with 429, by rate-limit group', labelNames: ['group'] as const, registers: [this.registry] });
  readonly rateLimitFallbacks = new Counter({ name: 'rate_limit_fallback_total', help: "Rate-limited requests counted in this instance's memory because Redis did not answer", registers: [this.registry] });
  readonly dependencyErrors = new Counter({ name: 'dependency_errors_total', help: 'Errors from a dependency (database, redis)', labelNames: ['dependency'] as const, registers: [this.registry] });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  /** A gauge whose value is read from the service when scraped. */
  gauge(name: string, help: string, read: () => number): void {
    new Gauge({
      name,
      help,
      registers: [this.registry],
      collect() {
        this.set(read());
      },
    });
  }
}

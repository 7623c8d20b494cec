import { expect } from '@jest/globals';
import { createTestApp, type TestApp } from './setup/create-test-app';

/** GET /metrics (docs/API.md, "Health and docs"). */
describe('Metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_ANALYTICS: '1' } });
  });
  afterAll(() => t.close());

  const value = (text: string, series: string): number | undefined => {
    const line = text.split('\n').find((l) => l.startsWith(`${series} `));
    return line === undefined ? undefined : Number(line.slice(series.length + 1));
  };

  it('exposes Node, HTTP, expansion, index, recorder and rate-limit metrics in the Prometheus format', async () => {
    const user = t.token('metrics-user', ['user']);
    const analyst = t.token('metrics-analyst', ['analyst']);
    expect((await t.api.expand({ query: 'ML model deployment' }, user)).status).toBe(200);
    expect((await t.api.expand({ query: 'zzqx' }, user)).status).toBe(200);
    expect((await t.api.analytics.expansion({}, analyst)).status).toBe(200);
    expect((await t.api.analytics.expansion({}, analyst)).status).toBe(429);
    const res = await t.api.raw('get', '/metrics');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.text;
    expect(text).toContain('# TYPE process_cpu_user_seconds_total counter');
    expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    expect(value(text, 'http_request_duration_seconds_count{method="POST",route="/query-expansion/expand",status="200"}')).toBe(2);
    expect(value(text, 'http_request_duration_seconds_count{method="GET",route="/query-expansion/analytics/expansion",status="429"}')).toBe(1);
    expect(value(text, 'expansions_total{outcome="results"}')).toBe(1);
    expect(value(text, 'expansions_total{outcome="none"}')).toBe(1);
    expect(text).toMatch(/expansions_by_strategy_total\{strategy="[a-z_]+"\} [1-9]/);
    expect(value(text, 'rate_limited_requests_total{group="analytics"}')).toBe(1);
    expect(value(text, 'expansion_index_entries')).toBe(0);
    expect(value(text, 'expansion_events_queued')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'expansion_index_refresh_age_seconds')).toBeGreaterThanOrEqual(0);
  });
});

describe('Metrics behind METRICS_TOKEN', () => {
  it('answers 401 without the token and the metrics with it', async () => {
    const t = await createTestApp({ env: { METRICS_TOKEN: 'scrape-token-0123456789' } });
    try {
      const anonymous = await t.api.raw('get', '/metrics');
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toMatchObject({ code: 'AUTHENTICATION_REQUIRED' });
      const wrong = await t.api.raw('get', '/metrics', 'scrape-token-0123456780');
      expect(wrong.status).toBe(401);
      const scraped = await t.api.raw('get', '/metrics', 'scrape-token-0123456789');
      expect(scraped.status).toBe(200);
      expect(scraped.text).toContain('http_request_duration_seconds');
    } finally {
      await t.close();
    }
  });
});

import { expect } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadTracingVariablesFromDotEnv, readTracingConfig } from '../../src/config/tracing.config';
import { httpInstrumentationConfig } from '../../src/common/tracing/http-spans';
import { describeStatement } from '../../src/common/tracing/query-spans';

describe('Tracing configuration (the standard OTEL_ variables)', () => {
  it('is off when no OTLP endpoint is set', () => {
    expect(readTracingConfig({})).toEqual({ enabled: false });
    expect(readTracingConfig({ OTEL_SERVICE_NAME: 'qes', OTEL_EXPORTER_OTLP_ENDPOINT: '' })).toEqual({ enabled: false });
  });

  it('sends to <endpoint>/v1/traces, or to the traces endpoint as given', () => {
    expect(readTracingConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toEqual({ enabled: true, tracesUrl: 'http://collector:4318/v1/traces' });
    expect(readTracingConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'https://otel.example.com/otlp/' }).tracesUrl).toBe('https://otel.example.com/otlp/v1/traces');
    expect(readTracingConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://b:4318/traces' }).tracesUrl).toBe('http://b:4318/traces');
  });

  it('stays off with OTEL_SDK_DISABLED=true or OTEL_TRACES_EXPORTER=none', () => {
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' };
    expect(readTracingConfig({ ...endpoint, OTEL_SDK_DISABLED: 'TRUE' }).enabled).toBe(false);
    expect(readTracingConfig({ ...endpoint, OTEL_TRACES_EXPORTER: 'none' }).enabled).toBe(false);
    expect(readTracingConfig({ ...endpoint, OTEL_SDK_DISABLED: 'false', OTEL_TRACES_EXPORTER: 'otlp' }).enabled).toBe(true);
  });

  it.each([
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' }, 'OTEL_EXPORTER_OTLP_ENDPOINT must be an http:// or https:// URL'],
    [{ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'grpc://collector:4317' }, 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT must be an http:// or https:// URL'],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' }, 'OTEL_EXPORTER_OTLP_PROTOCOL: only http/protobuf is supported'],
    [{ OTEL_TRACES_EXPORTER: 'zipkin' }, 'OTEL_TRACES_EXPORTER must be otlp or none'],
  ])('refuses %j, naming the variable', (env, message) => {
    expect(() => readTracingConfig(env)).toThrow(message);
  });

  it('ignores the protocol while no endpoint is set, accepts host names with underscores, never echoes credentials', () => {
    expect(readTracingConfig({ OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' }).enabled).toBe(false);
    expect(readTracingConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel_collector:4318' })).toEqual({ enabled: true, tracesUrl: 'http://otel_collector:4318/v1/traces' });
    for (const bad of ['ftp://user:s3cret@collector:4318', 'ftp://collector:4318/?api_key=s3cret']) {
      expect(() => readTracingConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: bad })).toThrow('OTEL_EXPORTER_OTLP_ENDPOINT=(hidden): OTEL_EXPORTER_OTLP_ENDPOINT must be');
      expect(() => readTracingConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: bad })).not.toThrow(/s3cret/);
    }
  });

  it('takes the OTEL_ variables of .env that the environment does not set, and nothing else', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'qes-env-')), '.env');
    writeFileSync(file, 'OTEL_EXPORTER_OTLP_ENDPOINT=http://from-file:4318\nOTEL_SERVICE_NAME=from-file\nPORT=1234\n');
    const env: NodeJS.ProcessEnv = { OTEL_SERVICE_NAME: 'from-env' };
    loadTracingVariablesFromDotEnv(file, env);
    expect(env).toEqual({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://from-file:4318', OTEL_SERVICE_NAME: 'from-env' });
    loadTracingVariablesFromDotEnv(join(tmpdir(), 'no-such-dir', '.env'), env);
  });
});

describe('Span contents', () => {
  it.each([
    ['SELECT "s"."id" AS "s_id" FROM "synonyms" "s" WHERE "s"."term" = ?', 'SELECT', 'synonyms'],
    ['INSERT INTO expansion_events (id, query) VALUES (?, ?)', 'INSERT', 'expansion_events'],
    ['insert into `expansion_daily_stats` (`day`) values (?) ON DUPLICATE KEY UPDATE n = n + 1', 'INSERT', 'expansion_daily_stats'],
    ['UPDATE `synonyms` SET `confidence` = ? WHERE `id` = ?', 'UPDATE', 'synonyms'],
    ['DELETE FROM "feedback" WHERE "id" = ?', 'DELETE', 'feedback'],
    ['BEGIN TRANSACTION', 'BEGIN', undefined],
    ['SELECT 1', 'SELECT', undefined],
  ])('names %s by its operation and table', (sql, operation, table) => {
    expect(describeStatement(sql)).toEqual({ operation, table });
  });

  const request = (url: string) => ({ url, method: 'GET', headers: {} }) as IncomingMessage;

  it('leaves probes and the metrics scrape out, under any API version', () => {
    const ignore = httpInstrumentationConfig.ignoreIncomingRequestHook;
    for (const url of ['/health', '/health/live', '/health/ready?x=1', '/api/v1/health/ready', '/metrics']) expect(ignore?.(request(url))).toBe(true);
    for (const url of ['/query-expansion/expand', '/healthz', '/query-expansion/health']) expect(ignore?.(request(url))).toBe(false);
  });

  it('keeps the names of query parameters, never their values', () => {
    const hook = httpInstrumentationConfig.startIncomingSpanHook;
    expect(hook?.(request('/query-expansion/synonyms?term=secret%20text&limit=5'))).toEqual({ 'url.query': 'term=REDACTED&limit=REDACTED' });
    expect(hook?.(request('/query-expansion/synonyms'))).toEqual({});
  });
});

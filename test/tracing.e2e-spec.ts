import { expect } from '@jest/globals';
import * as http from 'node:http';
import { SpanKind, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { startTracing } from '../src/common/tracing/sdk';
import { activeTracing, type Tracing } from '../src/common/tracing/tracing';
import { TracingService } from '../src/common/tracing/tracing.service';
import { ExpansionRecorder, WRITE_SPAN } from '../src/expansion/expansion-recorder.service';
import { ENGINE_SPAN } from '../src/expansion/expansion.service';
import { synonymBody } from './factories';
import { createTestApp, isMysqlRun, type TestApp } from './setup/create-test-app';

/** OpenTelemetry tracing (issue "Production operability", point 4; docs/ARCHITECTURE.md, "Tracing"). */

// an acronym the lexicon reads in one sense, so the default settings show at least one alternative
const QUERY = 'VPN deployment for the quarterly zephyrine report';
const SEARCH = 'zephyrine';
const DB_SYSTEM = isMysqlRun() ? process.env.DB_TYPE : 'sqlite';

/** Keeps its spans when the provider shuts down (InMemorySpanExporter forgets them), so shutdown can be checked. */
class KeepingExporter extends InMemorySpanExporter {
  override shutdown(): Promise<void> {
    return Promise.resolve();
  }
}

/**
 * Jest loads modules through its own registry, which the instrumentation's require hook never sees; so the patch
 * it applies when main.ts's process requires `http` is applied here by hand, to the same (shared) core module.
 */
function patchHttp(tracing: Tracing): () => void {
  const definition = tracing.http.getModuleDefinitions().find((d) => d.name === 'http');
  const { patch, unpatch } = definition ?? {};
  if (!patch || !unpatch) throw new Error('the HTTP instrumentation has no patch for http');
  patch(http);
  return () => unpatch(http);
}

const isWrapped = (fn: unknown): boolean => (fn as { __wrapped?: boolean }).__wrapped === true;

function byId(spans: ReadableSpan[]): Map<string, ReadableSpan> {
  return new Map(spans.map((s) => [s.spanContext().spanId, s]));
}

/** Whether `span` is below `ancestor` in the same trace. */
function descendsFrom(span: ReadableSpan, ancestor: ReadableSpan, spans: ReadableSpan[]): boolean {
  const index = byId(spans);
  for (let parent = span.parentSpanContext?.spanId; parent !== undefined; parent = index.get(parent)?.parentSpanContext?.spanId) {
    if (parent === ancestor.spanContext().spanId) return true;
  }
  return false;
}

describe('Tracing off (the default)', () => {
  it('registers no provider: the global tracer is the no-op one and http is not instrumented', async () => {
    const t = await createTestApp();
    try {
      expect((await t.api.expand({ query: QUERY }, t.token('off-user', ['user']))).status).toBe(200);
      expect(activeTracing()).toBeUndefined();
      expect(t.app.get(TracingService).tracer).toBeUndefined();
      const span = trace.getTracer('probe').startSpan('probe');
      expect(span.isRecording()).toBe(false);
      expect(span.spanContext().traceId).toBe('00000000000000000000000000000000');
      expect(isWrapped(Reflect.get(http.Server.prototype, 'emit'))).toBe(false);
    } finally {
      await t.close();
    }
  });
});

describe('Tracing on', () => {
  const exporter = new KeepingExporter();
  let tracing: Tracing;
  let unpatchHttp: (() => void) | undefined;
  let t: TestApp;
  let closed = false;
  let user: string;

  beforeAll(async () => {
    tracing = startTracing({ enabled: false }, { exporter }) as Tracing;
    unpatchHttp = patchHttp(tracing);
    t = await createTestApp();
    user = t.token('tracing-user', ['user']);
  });
  afterAll(async () => {
    // t is unset when createTestApp failed
    if (!closed && (t as TestApp | undefined)) await t.close();
    // stopped by the application's shutdown; here only when the application did not start
    await activeTracing()?.stop(1000);
    unpatchHttp?.();
  });
  beforeEach(() => exporter.reset());

  /** The finished spans once one matches (the server span ends as the response closes, just after the client has it). */
  async function spansOnce(match: (s: ReadableSpan) => boolean): Promise<ReadableSpan[]> {
    for (let i = 0; i < 100 && !exporter.getFinishedSpans().some(match); i++) await new Promise((resolve) => setTimeout(resolve, 20));
    return exporter.getFinishedSpans();
  }

  const serverSpan = (name: string) => (s: ReadableSpan) => s.kind === SpanKind.SERVER && s.name === name;

  it('an expand request makes a server span named by its route, with the engine span inside it', async () => {
    const res = await t.api.expand({ query: QUERY }, user);
    expect(res.status).toBe(200);
    const spans = await spansOnce(serverSpan('POST /query-expansion/expand'));
    const server = spans.find(serverSpan('POST /query-expansion/expand'));
    expect(server?.attributes).toMatchObject({
      'http.request.method': 'POST',
      'http.route': '/query-expansion/expand',
      'http.response.status_code': 200,
      'http.response.header.x-request-id': [res.headers['x-request-id']],
    });
    const engine = spans.find((s) => s.name === ENGINE_SPAN);
    expect(engine).toBeDefined();
    expect(descendsFrom(engine as ReadableSpan, server as ReadableSpan, spans)).toBe(true);
    expect(engine?.attributes).toEqual({
      'expansion.query_length': QUERY.length,
      'expansion.result_count': res.body.expanded_queries.length,
      'expansion.strategies': res.body.expansion_metadata.strategies_used,
      'expansion.cached': false,
    });
    expect(res.body.expanded_queries.length).toBeGreaterThan(0);
    // the same request again is answered from the result cache, and its span says so
    expect((await t.api.expand({ query: QUERY }, user)).status).toBe(200);
    const again = (await spansOnce((s) => s.name === ENGINE_SPAN && s !== engine)).find((s) => s.name === ENGINE_SPAN && s !== engine);
    expect(again?.attributes['expansion.cached']).toBe(true);
  });

  it("the recorder's flush writes the events in a span of its own, with a span per statement", async () => {
    expect((await t.api.expand({ query: QUERY }, user)).status).toBe(200);
    await t.app.get(ExpansionRecorder).flush();
    const spans = await spansOnce((s) => s.name === WRITE_SPAN);
    const write = spans.find((s) => s.name === WRITE_SPAN) as ReadableSpan;
    expect(write.parentSpanContext).toBeUndefined();
    expect(write.attributes['expansion.event_count']).toBeGreaterThanOrEqual(1);
    const statements = spans.filter((s) => s.kind === SpanKind.CLIENT && descendsFrom(s, write, spans));
    expect(statements.find((s) => s.name === 'INSERT expansion_events')?.attributes).toMatchObject({
      'db.system.name': DB_SYSTEM,
      'db.system': DB_SYSTEM,
      'db.operation.name': 'INSERT',
      'db.collection.name': 'expansion_events',
    });
  });

  it('a catalogue read makes SELECT spans inside the request', async () => {
    const curator = t.token('tracing-curator', ['curator']);
    expect((await t.api.synonyms.create(synonymBody({ term: 'zephyrine', synonym: 'zephyr report' }), curator)).status).toBe(200);
    exporter.reset();
    const res = await t.api.synonyms.list({ term: SEARCH }, curator);
    expect(res.status).toBe(200);
    expect(res.body.synonyms).toHaveLength(1);
    const spans = await spansOnce(serverSpan('GET /query-expansion/synonyms'));
    const server = spans.find(serverSpan('GET /query-expansion/synonyms')) as ReadableSpan;
    const selects = spans.filter((s) => s.kind === SpanKind.CLIENT && s.attributes['db.operation.name'] === 'SELECT' && descendsFrom(s, server, spans));
    expect(selects.map((s) => s.attributes['db.collection.name'])).toContain('synonyms');
    expect(selects.every((s) => s.attributes['db.system.name'] === DB_SYSTEM)).toBe(true);
    // the query string is kept by its names, not its values
    expect(server.attributes['url.query']).toBe('term=REDACTED');
  });

  it('no span carries the query text, a search value or the token', async () => {
    const res = await t.api.expand({ query: QUERY }, user);
    expect(res.status).toBe(200);
    expect((await t.api.synonyms.list({ term: SEARCH }, user)).status).toBe(200);
    await t.app.get(ExpansionRecorder).flush();
    const spans = await spansOnce(serverSpan('GET /query-expansion/synonyms'));
    expect(spans.length).toBeGreaterThanOrEqual(5);
    const text = JSON.stringify(spans.map((s) => ({ name: s.name, attributes: s.attributes, events: s.events })));
    expect(text).toContain('/query-expansion/expand');
    for (const secret of [QUERY, SEARCH, user, user.split('.')[1]]) expect(text).not.toContain(secret);
  });

  it('continues the trace of an incoming traceparent header', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const res = await t.api.raw('get', '/query-expansion/synonyms', user).set('traceparent', `00-${traceId}-00f067aa0ba902b7-01`);
    expect(res.status).toBe(200);
    const spans = await spansOnce(serverSpan('GET /query-expansion/synonyms'));
    expect(spans.find(serverSpan('GET /query-expansion/synonyms'))?.spanContext().traceId).toBe(traceId);
  });

  it('leaves probes and the metrics scrape untraced', async () => {
    expect((await t.api.raw('get', '/health/live')).status).toBe(200);
    expect((await t.api.raw('get', '/metrics')).status).toBe(200);
    expect((await t.api.synonyms.list({}, user)).status).toBe(200);
    const spans = await spansOnce(serverSpan('GET /query-expansion/synonyms'));
    expect(spans.filter((s) => s.kind === SpanKind.SERVER).map((s) => s.name)).toEqual(['GET /query-expansion/synonyms']);
  });

  it('on shutdown exports the last flush, then unregisters the provider', async () => {
    expect((await t.api.expand({ query: QUERY }, user)).status).toBe(200);
    closed = true;
    await t.close();
    expect(exporter.getFinishedSpans().some((s) => s.name === WRITE_SPAN)).toBe(true);
    expect(activeTracing()).toBeUndefined();
    expect(trace.getTracer('probe').startSpan('probe').isRecording()).toBe(false);
  });
});

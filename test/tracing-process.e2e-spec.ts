import { expect } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { TRACING_SHUTDOWN_TIMEOUT_MS } from '../src/common/tracing/tracing.service';
import { bearer, TEST_SECRET, testToken } from './setup/auth';
import { freePort } from './setup/servers';
import { startServiceProcess, type ServiceProcess } from './setup/service-process';

/**
 * Tracing in the service as `npm start` runs it (main.ts in a process of its own): the instrumentation is loaded
 * before `http`, spans leave over OTLP/HTTP (protobuf) to a collector stand-in, the last ones at SIGTERM.
 * SQLite whatever the suite's database: this is about the process, not the driver.
 */

const QUERY = 'kubernetes deployment for the quarterly zephyrine report';

interface Export {
  path?: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** An OTLP/HTTP receiver that keeps what it is sent and answers 200. */
async function collector(): Promise<{ server: Server; port: number; exports: Export[] }> {
  const exports: Export[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      exports.push({ path: req.url, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, exports };
}

interface Service extends ServiceProcess {
  dataDir: string;
}

async function startService(env: Record<string, string>): Promise<Service> {
  const dataDir = mkdtempSync(join(tmpdir(), 'qes-trace-'));
  const service = await startServiceProcess(await freePort(), { NODE_ENV: 'production', JWT_SECRET: TEST_SECRET, DATA_DIR: dataDir, DB_TYPE: 'sqlite', DB_PATH: join(dataDir, 'db.sqlite'), WORDNET: 'off', LOG_LEVEL: 'info', ...env });
  return { ...service, dataDir };
}

/** SIGTERM, then how long the service took to exit. */
async function stop(service: Service): Promise<number> {
  const started = Date.now();
  service.child.kill('SIGTERM');
  await service.exited;
  rmSync(service.dataDir, { recursive: true, force: true });
  return Date.now() - started;
}

describe('Tracing in the running service', () => {
  const token = testToken('process-user', ['user']);

  it('logs where it exports and sends the spans over OTLP, with the headers of OTEL_EXPORTER_OTLP_HEADERS and no query text', async () => {
    const otlp = await collector();
    const service = await startService({
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${otlp.port}/`,
      OTEL_EXPORTER_OTLP_HEADERS: 'x-collector-key=collector-secret-123',
      OTEL_SERVICE_NAME: 'qes-under-test',
    });
    try {
      const res = await request(service.base).post('/query-expansion/expand').set(bearer(token)).send({ query: QUERY });
      expect(res.status).toBe(200);
    } finally {
      await stop(service);
      otlp.server.close();
    }
    const log = service.output();
    expect(log).toContain(`Tracing on: spans of service \\"qes-under-test\\" are exported to http://127.0.0.1:${otlp.port}/v1/traces`);
    expect(log).not.toContain('collector-secret-123');
    // the batch goes at shutdown at the latest (the batch delay is 5 s)
    expect(otlp.exports.length).toBeGreaterThan(0);
    expect(otlp.exports[0]).toMatchObject({ path: '/v1/traces', headers: { 'content-type': 'application/x-protobuf', 'x-collector-key': 'collector-secret-123' } });
    // protobuf keeps strings as they are: span names and attribute values can be looked for in the bytes
    const sent = Buffer.concat(otlp.exports.map((e) => e.body)).toString('latin1');
    for (const expected of ['qes-under-test', 'POST /query-expansion/expand', 'expansion.engine', 'expansion_events.write', 'INSERT expansion_events']) expect(sent).toContain(expected);
    for (const secret of [QUERY, 'zephyrine', token]) expect(sent).not.toContain(secret);
  });

  it('keeps answering when the collector cannot be reached, says so in the log, and still stops promptly on SIGTERM', async () => {
    const closedPort = await freePort();
    // short batch delay and export timeout (standard variables), so the failed export is seen soon
    const service = await startService({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `http://127.0.0.1:${closedPort}/v1/traces`, OTEL_BSP_SCHEDULE_DELAY: '200', OTEL_EXPORTER_OTLP_TIMEOUT: '1000' });
    let took = 0;
    try {
      for (let i = 0; i < 3; i++) expect((await request(service.base).post('/query-expansion/expand').set(bearer(token)).send({ query: QUERY })).status).toBe(200);
      for (let i = 0; i < 100 && !service.output().includes('OpenTelemetry: connect ECONNREFUSED'); i++) await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await request(service.base).post('/query-expansion/expand').set(bearer(token)).send({ query: QUERY })).status).toBe(200);
    } finally {
      took = await stop(service);
    }
    const warning = service.output().split('\n').find((line) => line.includes('OpenTelemetry: connect ECONNREFUSED'));
    expect(warning).toContain(`127.0.0.1:${closedPort}`);
    // not attributed to whichever request started the export's timer
    expect(warning).not.toContain('req_id');
    expect(took).toBeLessThan(TRACING_SHUTDOWN_TIMEOUT_MS + 3000);
  });
});

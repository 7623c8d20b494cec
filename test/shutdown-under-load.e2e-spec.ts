import { expect } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { ROUTES } from './client/routes';
import { TEST_SECRET, testToken } from './setup/auth';
import { dropMysqlDatabase, isMysqlRun } from './setup/create-test-app';
import { freePort } from './setup/servers';
import { startServiceProcess, type ServiceProcess } from './setup/service-process';

/**
 * The shutdown contract, on the real process (src/main.ts) under continuing load: SIGTERM stops new connections,
 * lets the in-flight request finish (its response closes the connection), writes exactly the events of the
 * answered expansions, and exits with 0 within the grace period. SQLite under `npm test`, MariaDB under test:mysql.
 */
const WORKERS = 6;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function post(port: number, agent: Agent, path: string, token: string, body: object): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = request({ host: '127.0.0.1', port, path, method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), authorization: `Bearer ${token}` } }, (res) => {
      let data = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (data += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: data }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/** A request whose body is sent in two parts, so it is in flight when the signal arrives. */
function startSlowRequest(port: number, token: string, body: object): { socket: Socket; finish: () => Promise<Answer> } {
  const payload = Buffer.from(JSON.stringify(body));
  const socket = connect(port, '127.0.0.1');
  const head = `POST ${ROUTES.expand} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nAuthorization: Bearer ${token}\r\nContent-Length: ${payload.length}\r\n\r\n`;
  socket.write(head);
  socket.write(payload.subarray(0, 5));
  let raw = '';
  socket.setEncoding('utf8');
  socket.on('data', (c: string) => (raw += c));
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  return {
    socket,
    finish: async () => {
      socket.write(payload.subarray(5));
      await closed; // the server closes the connection once this response is sent
      const [headerPart, bodyPart] = raw.split('\r\n\r\n');
      const lines = headerPart.split('\r\n');
      const headers: Record<string, string> = {};
      for (const l of lines.slice(1)) headers[l.slice(0, l.indexOf(':')).toLowerCase()] = l.slice(l.indexOf(':') + 1).trim();
      // chunked or not, the JSON object is the part between the first { and the last }
      const json = bodyPart.slice(bodyPart.indexOf('{'), bodyPart.lastIndexOf('}') + 1);
      return { status: Number(lines[0].split(' ')[1]), headers, body: json };
    },
  };
}

const refused = (port: number) =>
  new Promise<string>((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve('connected');
    });
    s.once('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error'));
  });

async function createMysqlDatabase(name: string): Promise<void> {
  const { readDatabaseConfig } = await import('../src/config/database.config');
  const db = readDatabaseConfig();
  const { createConnection } = await import('mysql2/promise');
  const server = await createConnection({ host: db.host, port: db.port, user: db.user, password: db.password });
  try {
    await server.query(`DROP DATABASE IF EXISTS \`${name}\``);
    await server.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  } finally {
    await server.end();
  }
}

async function recordedIds(dataDir: string, mysqlDb: string | undefined): Promise<string[]> {
  if (mysqlDb) {
    const { readDatabaseConfig } = await import('../src/config/database.config');
    const db = readDatabaseConfig();
    const { createConnection } = await import('mysql2/promise');
    const conn = await createConnection({ host: db.host, port: db.port, user: db.user, password: db.password, database: mysqlDb });
    try {
      const [rows] = await conn.query('SELECT id FROM expansion_events');
      return (rows as { id: string }[]).map((r) => r.id);
    } finally {
      await conn.end();
    }
  }
  const db = new Database(join(dataDir, 'db.sqlite'), { readonly: true });
  try {
    return (db.prepare('SELECT id FROM expansion_events').all() as { id: string }[]).map((r) => r.id);
  } finally {
    db.close();
  }
}

interface Service extends ServiceProcess {
  port: number;
  recordedIds: () => Promise<string[]>;
  cleanup: () => Promise<void>;
}

/** src/main.ts in a process of its own, on a fresh SQLite file (or MariaDB database under test:mysql), listening. */
async function startService(graceMs: number): Promise<Service> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'qes-shutdown-'));
  const mysqlDb = isMysqlRun() ? `${process.env.DB_NAME ?? 'qes_test'}_${process.pid}_shutdown_${port}` : undefined;
  if (mysqlDb) await createMysqlDatabase(mysqlDb);
  const dropData = async () => {
    if (mysqlDb) await dropMysqlDatabase(mysqlDb);
    rmSync(dataDir, { recursive: true, force: true });
  };
  let service: ServiceProcess;
  try {
    service = await startServiceProcess(port, {
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      JWT_SECRET: TEST_SECRET,
      DATA_DIR: dataDir,
      IMPORT_DIR: join(dataDir, 'imports'),
      EXPORT_DIR: join(dataDir, 'exports'),
      WORDNET: 'off',
      SEED: 'false',
      SHUTDOWN_GRACE_MS: String(graceMs),
      RATE_LIMIT_EXPANSION: '1000000',
      ...(mysqlDb
        ? { DB_TYPE: process.env.DB_TYPE ?? 'mariadb', DB_NAME: mysqlDb, ...Object.fromEntries(['DB_HOST', 'DB_PORT', 'DB_USER', 'DB_PASSWORD'].flatMap((k) => (process.env[k] ? [[k, process.env[k]]] : []))) }
        : { DB_TYPE: 'sqlite', DB_PATH: join(dataDir, 'db.sqlite') }),
    });
  } catch (e) {
    await dropData();
    throw e;
  }
  const cleanup = async () => {
    if (service.child.exitCode === null) service.child.kill('SIGKILL');
    await dropData();
  };
  return { ...service, port, recordedIds: () => recordedIds(dataDir, mysqlDb), cleanup };
}

describe('Shutdown under load (the service process)', () => {
  const token = testToken('loader', ['user']);

  it('on SIGTERM stops accepting, finishes in-flight requests, records exactly the answered expansions and exits 0 in time', async () => {
    const graceMs = 6000;
    const svc = await startService(graceMs);
    const { port, child } = svc;
    let running = true;
    try {
      const agent = new Agent({ keepAlive: true, maxSockets: WORKERS });
      const answered = new Set<string>();
      const errors = new Map<string, number>();
      let i = 0;
      // continuing load: every worker keeps sending until the process is gone
      const workers = Array.from({ length: WORKERS }, async () => {
        while (running) {
          try {
            const res = await post(port, agent, ROUTES.expand, token, { query: `VPN password reset ${i++}` });
            if (res.status === 200) answered.add((JSON.parse(res.body) as { expansion_id: string }).expansion_id);
            else errors.set(`status ${res.status}`, (errors.get(`status ${res.status}`) ?? 0) + 1);
          } catch (e) {
            const code = (e as NodeJS.ErrnoException).code ?? 'error';
            errors.set(code, (errors.get(code) ?? 0) + 1);
            await sleep(2);
          }
        }
      });
      await sleep(1500);
      const slow = startSlowRequest(port, token, { query: 'laptop keeps crashing' });
      await sleep(200);
      const answeredBefore = answered.size;

      const signalled = Date.now();
      child.kill('SIGTERM');
      await sleep(500);
      // the in-flight request holds the process open; meanwhile no new connection is accepted
      expect(child.exitCode).toBeNull();
      expect(await refused(port)).toBe('ECONNREFUSED');
      // answered, then its keep-alive connection is closed by the server (finish() waits for that)
      const last = await slow.finish();
      expect(last.status).toBe(200);
      answered.add((JSON.parse(last.body) as { expansion_id: string }).expansion_id);

      const { code, at } = await svc.exited;
      running = false;
      await Promise.all(workers);
      agent.destroy();

      expect(code).toBe(0);
      expect(at - signalled).toBeLessThan(graceMs);
      expect(answeredBefore).toBeGreaterThan(20);
      expect(svc.output()).toContain('SIGTERM received: draining');
      expect(svc.output()).toMatch(/Shut down in \d+ ms/);
      // every error the load met is a refused or closed connection, never an error answer
      expect([...errors.keys()].filter((k) => !['ECONNREFUSED', 'ECONNRESET', 'EPIPE'].includes(k))).toEqual([]);
      const recorded = await svc.recordedIds();
      expect(recorded).toHaveLength(answered.size);
      expect(new Set(recorded)).toEqual(answered);
    } finally {
      running = false;
      await svc.cleanup();
    }
  }, 120_000);

  it('cuts a request that never finishes once 70% of the grace period is spent, and still exits 0 within it', async () => {
    const graceMs = 6000;
    const svc = await startService(graceMs);
    try {
      const answered = await post(svc.port, new Agent(), ROUTES.expand, token, { query: 'expense report approval' });
      expect(answered.status).toBe(200);
      const stuck = startSlowRequest(svc.port, token, { query: 'never sent in full' });
      await sleep(200);
      const signalled = Date.now();
      svc.child.kill('SIGTERM');
      const { code, at } = await svc.exited;
      expect(code).toBe(0);
      expect(at - signalled).toBeGreaterThanOrEqual(graceMs * 0.7 - 100);
      expect(at - signalled).toBeLessThan(graceMs);
      expect(stuck.socket.destroyed || stuck.socket.readableEnded).toBe(true);
      expect(svc.output()).toContain('Connections still open after 4200 ms of draining: closing them');
      // the answered expansion was still written by the final flush
      expect(await svc.recordedIds()).toEqual([(JSON.parse(answered.body) as { expansion_id: string }).expansion_id]);
    } finally {
      await svc.cleanup();
    }
  }, 120_000);
});

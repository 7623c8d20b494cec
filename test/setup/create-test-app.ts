import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { DataSource } from 'typeorm';
import { BULK_LIMITS, DEFAULT_BULK_LIMITS, type BulkLimits } from '../../src/admin/bulk/bulk.limits';
import { AppModule } from '../../src/app.module';
import { APP_OPTIONS, configureApp } from '../../src/app.setup';
import { readDatabaseConfig, type DatabaseConfig } from '../../src/config/database.config';
import type { Role } from '../../src/auth/roles';
import { apiClient, type Api } from '../client';
import { TEST_SECRET, testToken } from './auth';

export interface TestAppOptions {
  /** Environment variables over the test defaults (rate limits, JWT keys, CORS origins, DB_PATH...). */
  env?: Record<string, string>;
  /** Bulk import and export bounds over DEFAULT_BULK_LIMITS, provided as BULK_LIMITS (e.g. { maxRows: 3 }, { exportPageSize: 1 }). */
  bulkLimits?: Partial<BulkLimits>;
}

export interface TestApp {
  app: INestApplication;
  /** The typed API client on this app's HTTP server. */
  api: Api;
  dataSource: DataSource;
  dataDir: string;
  /** The MySQL/MariaDB database of this app (MySQL runs only). */
  mysqlDatabase?: string;
  /** A valid token for a user with the given roles. */
  token(sub: string, roles: Role[], expiresIn?: number): string;
  close(): Promise<void>;
}

let mysqlApps = 0;
let testApps = 0;

export function isMysqlRun(): boolean {
  return process.env.DB_TYPE === 'mysql' || process.env.DB_TYPE === 'mariadb';
}

/**
 * The whole AppModule with configureApp, on a fresh database with migrations run: a new SQLite file by
 * default, or the MySQL/MariaDB database named by DB_NAME (emptied first) when DB_TYPE is mysql/mariadb.
 * Refuses a MySQL database whose name lacks "test", so the suite can never wipe a real one.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'qes-test-'));
  const base: Record<string, string> = {
    NODE_ENV: 'test',
    // errors only: a passing run prints nothing, as tests that provoke an error log on purpose silence it
    // (test/setup/logs.ts); an unexpected server error shows up
    LOG_LEVEL: 'error',
    JWT_SECRET: TEST_SECRET,
    DATA_DIR: dataDir,
    IMPORT_DIR: join(dataDir, 'imports'),
    EXPORT_DIR: join(dataDir, 'exports'),
    RATE_LIMIT_EXPANSION: '100000',
    RATE_LIMIT_SYNONYMS: '100000',
    RATE_LIMIT_ANALYTICS: '100000',
    RATE_LIMIT_ADMIN: '100000',
    WORDNET: 'off',
    // its own rate-limit keys: runs of the suite on this machine share one Redis
    RATE_LIMIT_KEY_PREFIX: `qes-test-${process.pid}-${++testApps}`,
  };
  if (isMysqlRun()) {
    const name = process.env.DB_NAME ?? 'qes_test';
    if (!/test/i.test(name)) throw new Error(`Refusing to run the MySQL suite against "${name}": the database name must contain "test"`);
    // One database per app, so suites and concurrent runs never share tables; dropped again on close.
    base.DB_NAME = `${name}_${process.pid}_${++mysqlApps}`;
  } else {
    base.DB_TYPE = 'sqlite';
    base.DB_PATH = join(dataDir, 'test.sqlite');
  }
  const saved = { ...process.env };
  Object.assign(process.env, base, options.env);
  try {
    const mysqlDb = isMysqlRun() ? base.DB_NAME : undefined;
    // the server as configured now (options.env may name another one, e.g. a server of the test's own)
    const mysqlServer = readDatabaseConfig();
    if (mysqlDb) await resetMysqlDatabase();
    let builder = Test.createTestingModule({ imports: [AppModule] });
    if (options.bulkLimits) builder = builder.overrideProvider(BULK_LIMITS).useValue(Object.freeze({ ...DEFAULT_BULK_LIMITS, ...options.bulkLimits }));
    const moduleRef = await builder.compile();
    const app = moduleRef.createNestApplication(APP_OPTIONS);
    configureApp(app);
    await app.init();
    const dataSource = app.get(DataSource);
    return {
      app,
      // Nest types the adapter's server as any; with Express it is a Node HTTP server
      api: apiClient(app.getHttpServer() as Server),
      dataSource,
      dataDir,
      mysqlDatabase: mysqlDb,
      token: testToken,
      close: async () => {
        await app.close();
        if (mysqlDb) await dropMysqlDatabase(mysqlDb, mysqlServer);
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } finally {
    process.env = saved;
  }
}

/** Drops a database this suite created (its name was checked to contain "test"), on the configured server or on `db`'s. */
export async function dropMysqlDatabase(name: string, db: DatabaseConfig = readDatabaseConfig()): Promise<void> {
  const { createConnection } = await import('mysql2/promise');
  const server = await createConnection({ host: db.host, port: db.port, user: db.user, password: db.password });
  try {
    await server.query(`DROP DATABASE IF EXISTS \`${name.replace(/`/g, '')}\``);
  } finally {
    await server.end();
  }
}

/** Creates the test database if needed and drops its tables, so each suite starts from the migrations. */
async function resetMysqlDatabase(): Promise<void> {
  const { buildDataSourceOptions } = await import('../../src/database/typeorm-options');
  const db = readDatabaseConfig();
  const { createConnection } = await import('mysql2/promise');
  const server = await createConnection({ host: db.host, port: db.port, user: db.user, password: db.password });
  try {
    await server.query(`CREATE DATABASE IF NOT EXISTS \`${db.name.replace(/`/g, '')}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  } finally {
    await server.end();
  }
  const ds = new DataSource(buildDataSourceOptions(db));
  await ds.initialize();
  try {
    await ds.dropDatabase();
  } finally {
    await ds.destroy();
  }
}

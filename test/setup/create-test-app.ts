import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { DataSource } from 'typeorm';
import { AppModule } from '../../src/app.module';
import { APP_OPTIONS, configureApp } from '../../src/app.setup';
import type { JwtKeys } from '../../src/auth/jwt-keys';
import type { Role } from '../../src/auth/roles';
import { signToken } from '../../src/auth/token-signer';

export const TEST_SECRET = 'test-secret-of-at-least-thirty-two-characters!';

export interface TestApp {
  app: INestApplication;
  /** The HTTP server for supertest. */
  http: ReturnType<INestApplication['getHttpServer']>;
  dataSource: DataSource;
  dataDir: string;
  /** The MySQL/MariaDB database of this app (MySQL runs only). */
  mysqlDatabase?: string;
  /** A valid token for a user with the given roles. */
  token(sub: string, roles: Role[], expiresIn?: number): string;
  close(): Promise<void>;
}

export const TEST_KEYS: JwtKeys = { algorithm: 'HS256', verifyKey: TEST_SECRET, signKey: TEST_SECRET, developmentSecret: false };

let mysqlApps = 0;

export function isMysqlRun(): boolean {
  return process.env.DB_TYPE === 'mysql' || process.env.DB_TYPE === 'mariadb';
}

/**
 * The whole AppModule with configureApp, on a fresh database with migrations run: a new SQLite file by
 * default, or the MySQL/MariaDB database named by DB_NAME (emptied first) when DB_TYPE is mysql/mariadb.
 * Refuses a MySQL database whose name lacks "test", so the suite can never wipe a real one.
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'qes-test-'));
  const base: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: TEST_SECRET,
    DATA_DIR: dataDir,
    IMPORT_DIR: join(dataDir, 'imports'),
    EXPORT_DIR: join(dataDir, 'exports'),
    RATE_LIMIT_EXPANSION: '100000',
    RATE_LIMIT_SYNONYMS: '100000',
    RATE_LIMIT_ANALYTICS: '100000',
    RATE_LIMIT_ADMIN: '100000',
    WORDNET: 'off',
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
  Object.assign(process.env, base, env);
  try {
    const mysqlDb = isMysqlRun() ? base.DB_NAME : undefined;
    if (mysqlDb) await resetMysqlDatabase();
    const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();
    const app = moduleRef.createNestApplication(APP_OPTIONS);
    configureApp(app);
    await app.init();
    const dataSource = app.get(DataSource);
    return {
      app,
      http: app.getHttpServer(),
      dataSource,
      dataDir,
      mysqlDatabase: mysqlDb,
      token: (sub, roles, expiresIn = 3600) => signToken(TEST_KEYS, { sub, roles, expiresIn }),
      close: async () => {
        await app.close();
        if (mysqlDb) await dropMysqlDatabase(mysqlDb);
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } finally {
    process.env = saved;
  }
}

/** Drops a database this suite created (its name was checked to contain "test"). */
export async function dropMysqlDatabase(name: string): Promise<void> {
  const { readDatabaseConfig } = await import('../../src/config/database.config');
  const db = readDatabaseConfig();
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
  const { readDatabaseConfig } = await import('../../src/config/database.config');
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

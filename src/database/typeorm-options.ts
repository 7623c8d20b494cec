import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { DataSourceOptions } from 'typeorm';
import type { DatabaseConfig } from '../config/database.config';
import { checkedMysql2 } from './checked-pool';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

/**
 * One options factory for the app, the CLI data source and the tests. SQLite (the embedded default) runs
 * in WAL mode with a busy timeout; MySQL/MariaDB uses utf8mb4. The schema comes from migrations only.
 */
export function buildDataSourceOptions(db: DatabaseConfig): DataSourceOptions {
  const common = {
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsRun: false,
    synchronize: false,
    // Failures surface as exceptions and are logged once by the exception filter, without SQL.
    logging: false,
  };
  if (db.type === 'mysql' || db.type === 'mariadb') {
    return {
      ...common,
      type: db.type,
      host: db.host,
      port: db.port,
      username: db.user,
      password: db.password,
      database: db.name,
      charset: 'utf8mb4_unicode_ci',
      timezone: 'Z',
      dateStrings: false,
      // pooled connections idle for over a second are pinged before use, dead ones replaced (checked-pool.ts);
      // TCP keepalive after 30 s idle keeps NAT and firewall state alive and notices a peer that went away
      driver: checkedMysql2,
      // connectTimeout: a server that does not answer costs a request 5 s before its 503, not mysql2's default 10 s
      extra: { connectionLimit: 10, enableKeepAlive: true, keepAliveInitialDelay: 30_000, connectTimeout: 5000 },
    };
  }
  if (db.path !== ':memory:') mkdirSync(dirname(db.path), { recursive: true });
  return {
    ...common,
    type: 'better-sqlite3',
    database: db.path,
    enableWAL: db.path !== ':memory:',
    timeout: 5000,
    prepareDatabase: (conn: { pragma(s: string): unknown }) => {
      conn.pragma('foreign_keys = ON');
      conn.pragma('synchronous = NORMAL');
    },
  };
}

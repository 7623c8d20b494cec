import { SpanKind, trace, type Attributes, type Tracer } from '@opentelemetry/api';
import { ATTR_DB_COLLECTION_NAME, ATTR_DB_NAMESPACE, ATTR_DB_OPERATION_NAME, ATTR_DB_SYSTEM_NAME, ATTR_SERVER_ADDRESS, ATTR_SERVER_PORT } from '@opentelemetry/semantic-conventions';
import type { DataSource, QueryRunner, ReplicationMode } from 'typeorm';
import { inSpan } from './tracing';

/** The pre-1.26 name of db.system.name, which many trace back-ends still group database spans by. */
const ATTR_DB_SYSTEM = 'db.system';
const TRACED = Symbol('traced');

const OPERATION = /^\s*([A-Za-z]+)/;
const TARGET = /^\s*(?:INSERT\s+(?:IGNORE\s+)?INTO|REPLACE\s+INTO|UPDATE|DELETE\s+FROM|SELECT\b[\s\S]*?\bFROM)\s+[`"]?(\w+)/i;

/** The operation and table of a statement, e.g. SELECT synonyms: names from the schema, never values. */
export function describeStatement(sql: string): { operation?: string; table?: string } {
  return { operation: OPERATION.exec(sql)?.[1].toUpperCase(), table: TARGET.exec(sql)?.[1] };
}

/**
 * A client span for every statement TypeORM runs on this data source, SQLite and MySQL/MariaDB alike: every query
 * (repositories, query builders, `manager.query`, transactions) goes through a QueryRunner's `query`, so each runner
 * the driver makes is wrapped once. A span records the database system, the operation and the table; never the
 * statement text or its parameters (they carry user data). Only statements run inside a recorded span are traced
 * (a request, the recorder's flush), not the index's polling.
 */
export function traceQueries(dataSource: DataSource, tracer: Tracer): void {
  const driver = dataSource.driver;
  const createQueryRunner = driver.createQueryRunner.bind(driver);
  const common = systemAttributes(dataSource);
  driver.createQueryRunner = (mode: ReplicationMode) => traced(createQueryRunner(mode), tracer, common);
}

function traced(runner: QueryRunner & { [TRACED]?: true }, tracer: Tracer, common: Attributes): QueryRunner {
  // the SQLite driver hands out one runner for ever: wrap it once
  if (runner[TRACED]) return runner;
  const query = runner.query.bind(runner) as (sql: string, parameters?: unknown[], structured?: boolean) => Promise<unknown>;
  const tracedQuery = (sql: string, parameters?: unknown[], structured?: boolean): Promise<unknown> => {
    if (!trace.getActiveSpan()?.isRecording()) return query(sql, parameters, structured);
    const { operation, table } = describeStatement(sql);
    const attributes: Attributes = { ...common, [ATTR_DB_OPERATION_NAME]: operation, [ATTR_DB_COLLECTION_NAME]: table };
    const name = operation === undefined ? String(common[ATTR_DB_SYSTEM_NAME]) : table === undefined ? operation : `${operation} ${table}`;
    return inSpan(tracer, name, { kind: SpanKind.CLIENT, attributes }, () => query(sql, parameters, structured));
  };
  runner.query = tracedQuery as QueryRunner['query'];
  runner[TRACED] = true;
  return runner;
}

function systemAttributes(dataSource: DataSource): Attributes {
  const options = dataSource.options;
  if (options.type === 'mysql' || options.type === 'mariadb') {
    return { [ATTR_DB_SYSTEM_NAME]: options.type, [ATTR_DB_SYSTEM]: options.type, [ATTR_DB_NAMESPACE]: options.database, [ATTR_SERVER_ADDRESS]: options.host, [ATTR_SERVER_PORT]: options.port };
  }
  return { [ATTR_DB_SYSTEM_NAME]: 'sqlite', [ATTR_DB_SYSTEM]: 'sqlite' };
}

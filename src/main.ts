// first: tracing, when on, must be in place before `http` and Express are loaded
import './common/tracing/start';
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { ConfigService } from '@nestjs/config';
import { AppModule } from './app.module';
import { APP_OPTIONS, configureApp } from './app.setup';
import { AppLogger } from './common/logging/app-logger';
import { installGracefulShutdown } from './health/graceful-shutdown';
import { JWT_KEYS } from './auth/auth.tokens';
import type { JwtKeys } from './auth/jwt-keys';
import { signToken } from './auth/token-signer';
import type { RootConfig } from './config';

async function bootstrap(): Promise<void> {
  // start-up failures reach the catch below, which says them once, clearly (no Nest stack trace)
  const app = await NestFactory.create(AppModule, { ...APP_OPTIONS, abortOnError: false, logger: startupLogger() });
  configureApp(app);
  const config = app.get(ConfigService<RootConfig, true>);
  const { port, host, shutdownGraceMs } = config.getOrThrow('app', { infer: true });
  const logger = app.get(AppLogger);
  // SIGTERM/SIGINT: readiness 503 at once, stop accepting, finish in-flight requests, final flush, exit in time
  installGracefulShutdown(app, { graceMs: shutdownGraceMs, log: logger });
  await app.listen(port, host);

  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  const base = `http://${shown}:${port}`;
  logger.log(`Query expansion service listening on ${base} — Swagger UI: ${base}/docs`, 'Bootstrap');
  const keys = app.get<JwtKeys>(JWT_KEYS);
  if (keys.developmentSecret) {
    const token = signToken(keys, { sub: 'admin', roles: ['admin', 'curator', 'analyst'], expiresIn: 12 * 3600 });
    // Printed to the terminal, not the log: it is a credential for local use only.
    process.stdout.write(`\nDevelopment admin token (12 h; paste into Swagger UI "Authorize"):\n${token}\n\n`);
  }
}

/** Until configureApp attaches the JSON logger: Nest's start-up lines only at LOG_LEVEL=debug, errors never (see below). */
function startupLogger(): false | ['log', 'warn', 'debug', 'verbose'] {
  return process.env.LOG_LEVEL === 'debug' || process.env.LOG_LEVEL === 'trace' ? ['log', 'warn', 'debug', 'verbose'] : false;
}

/**
 * One message for a failure to start, naming the variable or dependency and the fix: a JSON line in production,
 * plain text otherwise; the stack only with LOG_LEVEL=debug.
 */
export function startupFailure(err: unknown, env: NodeJS.ProcessEnv = process.env): string {
  const e = err instanceof Error ? err : new Error(String(err));
  const debug = env.LOG_LEVEL === 'debug' || env.LOG_LEVEL === 'trace';
  const message = `The service could not start: ${databaseHint(e, env) ?? e.message}`;
  if (env.NODE_ENV === 'production') {
    return `${JSON.stringify({ level: 60, time: Date.now(), context: 'Bootstrap', msg: message, ...(debug ? { stack: e.stack } : {}) })}\n`;
  }
  return `${message}\n${debug && e.stack ? `${e.stack}\n` : ''}`;
}

/** The database is the one dependency connected at start-up: name it, and what to check. */
function databaseHint(e: Error & { code?: unknown }, env: NodeJS.ProcessEnv): string | undefined {
  const code = typeof e.code === 'string' ? e.code : '';
  if (!/^(ECONNREFUSED|ENOTFOUND|ETIMEDOUT|EHOSTUNREACH|ER_ACCESS_DENIED_ERROR|ER_BAD_DB_ERROR|SQLITE_CANTOPEN)$/.test(code)) return undefined;
  const type = env.DB_TYPE ?? 'sqlite';
  const where = type === 'sqlite' ? `DB_PATH ${env.DB_PATH ?? './data/query-expansion.sqlite'}` : `${env.DB_HOST ?? '127.0.0.1'}:${env.DB_PORT ?? '3306'}, database ${env.DB_NAME ?? 'query_expansion'}`;
  const fix = type === 'sqlite' ? 'check that DB_PATH is a writable file path' : 'check DB_HOST, DB_PORT, DB_USER, DB_PASSWORD and DB_NAME, and that the server runs';
  return `the database (${type}, ${where}) is not reachable: ${e.message} (${code}); ${fix}`;
}

if (require.main === module) bootstrap().catch((err: unknown) => {
  process.stderr.write(startupFailure(err));
  process.exit(1);
});

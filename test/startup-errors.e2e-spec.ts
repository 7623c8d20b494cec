import { expect } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startupFailure } from '../src/main';

/** Start-up failures: one clear message naming the variable or dependency and the fix (issue: operability). */
describe('Start-up errors', () => {
  const start = (env: Record<string, string>) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'qes-start-'));
    return spawnSync(process.execPath, ['-r', 'ts-node/register/transpile-only', join(__dirname, '..', 'src', 'main.ts')], {
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, DB_PATH: join(dataDir, 'db.sqlite'), PORT: '0', WORDNET: 'off', ...env },
      encoding: 'utf8',
      timeout: 60_000,
    });
  };

  it.each([
    [{ REDIS_URL: 'notaurl' }, 'REDIS_URL="notaurl": REDIS_URL must be a redis:// or rediss:// URL'],
    [{ CORS_ORIGINS: 'not a url' }, 'CORS_ORIGINS="not a url": "not a url" is not an origin'],
    [{ JWT_PUBLIC_KEY: 'garbage' }, 'JWT_PUBLIC_KEY: not a PEM key; expected an RSA public key in PEM form'],
    [{ OPENAPI_SERVER_URLS: 'ftp://files.example.com' }, 'OPENAPI_SERVER_URLS="ftp://files.example.com": "ftp://files.example.com" is not a server URL'],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' }, 'OTEL_EXPORTER_OTLP_ENDPOINT="collector:4318": OTEL_EXPORTER_OTLP_ENDPOINT must be an http:// or https:// URL'],
  ])('refuses %j with one plain-text line naming the variable, no stack trace', (env, expected) => {
    const run = start({ NODE_ENV: 'development', ...env });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`The service could not start: Invalid configuration:`);
    expect(run.stderr).toContain(expected);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(run.stdout).toBe('');
  });

  it('in production writes one JSON line, with the stack only at LOG_LEVEL=debug', () => {
    const out = startupFailure(new Error('Invalid configuration:\n  PORT="x": PORT must be an integer'), { NODE_ENV: 'production' });
    const line = JSON.parse(out) as { level: number; msg: string; stack?: string };
    expect(out.trim().split('\n')).toHaveLength(1);
    expect(line).toMatchObject({ level: 60, msg: expect.stringContaining('PORT must be an integer') });
    expect(line.stack).toBeUndefined();
    const debug = JSON.parse(startupFailure(new Error('boom'), { NODE_ENV: 'production', LOG_LEVEL: 'debug' })) as { stack?: string };
    expect(debug.stack).toContain('Error: boom');
  });

  it('names the database and what to check when it cannot be reached', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3999'), { code: 'ECONNREFUSED' });
    const text = startupFailure(refused, { NODE_ENV: 'development', DB_TYPE: 'mysql', DB_PORT: '3999' });
    expect(text).toBe('The service could not start: the database (mysql, 127.0.0.1:3999, database query_expansion) is not reachable: connect ECONNREFUSED 127.0.0.1:3999 (ECONNREFUSED); check DB_HOST, DB_PORT, DB_USER, DB_PASSWORD and DB_NAME, and that the server runs\n');
  });
});

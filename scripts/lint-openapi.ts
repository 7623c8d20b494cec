/**
 * Lints the OpenAPI document the service serves at /docs-json with Redocly CLI (redocly.yaml: the recommended
 * rules): the application is created, not started (no port), on an in-memory SQLite database without Redis or
 * WordNet, so nothing but Node is needed. The document goes to a temporary file, or to --out <file> to keep it.
 *   npm run lint:openapi [-- --out openapi.json]
 */
import 'reflect-metadata';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { NestFactory } from '@nestjs/core';

// Before the application reads its configuration: nothing connects outside the process, nothing is written.
Object.assign(process.env, {
  NODE_ENV: 'development',
  LOG_LEVEL: 'silent',
  DB_TYPE: 'sqlite',
  DB_PATH: ':memory:',
  REDIS_URL: '',
  WORDNET: 'off',
  SEED: 'false',
  JWT_SECRET: 'openapi-lint-only-secret-not-used-for-any-token',
  JWT_PUBLIC_KEY: '',
});

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function writeDocument(file: string): Promise<void> {
  // imported after the environment above is set
  const { AppModule } = await import('../src/app.module');
  const { APP_OPTIONS, createOpenApiDocument } = await import('../src/app.setup');
  const app = await NestFactory.create(AppModule, { ...APP_OPTIONS, logger: false });
  try {
    writeFileSync(file, `${JSON.stringify(createOpenApiDocument(app), null, 2)}\n`);
  } finally {
    await app.close();
  }
}

async function main(): Promise<number> {
  const out = arg('out');
  const dir = out ? undefined : mkdtempSync(join(tmpdir(), 'qes-openapi-'));
  const file = out ? resolve(out) : join(dir ?? '', 'openapi.json');
  try {
    await writeDocument(file);
    const cli = require.resolve('@redocly/cli/bin/cli.js');
    const config = join(__dirname, '..', 'redocly.yaml');
    const lint = spawnSync(process.execPath, [cli, 'lint', file, '--config', config], { stdio: 'inherit', env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } });
    return lint.status ?? 1;
  } finally {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  (status) => process.exit(status),
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);

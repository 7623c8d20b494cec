import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { ConfigService } from '@nestjs/config';
import { AppModule } from './app.module';
import { APP_OPTIONS, configureApp } from './app.setup';
import { AppLogger } from './common/logging/app-logger';
import { Lifecycle } from './health/lifecycle';
import { JWT_KEYS } from './auth/auth.tokens';
import type { JwtKeys } from './auth/jwt-keys';
import { signToken } from './auth/token-signer';
import type { RootConfig } from './config';

async function bootstrap(): Promise<void> {
  const app = await NestFactory.create(AppModule, APP_OPTIONS);
  configureApp(app);
  // readiness turns 503 the moment SIGTERM arrives, before Nest's own shutdown hooks run
  const lifecycle = app.get(Lifecycle);
  process.once('SIGTERM', () => lifecycle.drain());
  app.enableShutdownHooks();
  const config = app.get(ConfigService<RootConfig, true>);
  const { port, host } = config.getOrThrow('app', { infer: true });
  await app.listen(port, host);

  const logger = app.get(AppLogger);
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

bootstrap().catch((err: Error) => {
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
});

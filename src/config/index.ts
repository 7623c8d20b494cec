export * from './app.config';
export * from './auth.config';
export * from './database.config';
export * from './discovery.config';
export * from './throttle.config';
export * from './tracing.config';

import { appConfig } from './app.config';
import { authConfig } from './auth.config';
import { databaseConfig } from './database.config';
import { discoveryConfig } from './discovery.config';
import { throttleConfig } from './throttle.config';
import { tracingConfig } from './tracing.config';

export const configNamespaces = [appConfig, databaseConfig, authConfig, throttleConfig, tracingConfig, discoveryConfig];

/** The typed shape of ConfigService, so getOrThrow('database.type', { infer: true }) is checked. */
export interface RootConfig {
  app: import('./app.config').AppConfig;
  database: import('./database.config').DatabaseConfig;
  auth: import('./auth.config').AuthConfig;
  throttle: import('./throttle.config').ThrottleConfig;
  tracing: import('./tracing.config').TracingConfig;
  discovery: import('./discovery.config').DiscoveryConfig;
}

import { registerAs } from '@nestjs/config';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, IsUrl, Max, Min, MinLength } from 'class-validator';
import { toInt, validateEnv } from './validate-env';

class AppEnv {
  @IsOptional() @IsIn(['development', 'production', 'test']) NODE_ENV: string = 'development';
  @IsOptional() @Transform(toInt) @IsInt() @Min(0) @Max(65535) PORT: number = 3000;
  @IsOptional() @IsString() HOST: string = '0.0.0.0';
  @IsOptional() @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']) LOG_LEVEL: string = 'info';
  @IsOptional() @IsString() CORS_ORIGINS?: string;
  @IsOptional() @IsString() IMPORT_DIR: string = './data/imports';
  @IsOptional() @IsString() EXPORT_DIR: string = './data/exports';
  @IsOptional() @IsString() DATA_DIR: string = './data';
  @IsOptional() @IsUrl({ protocols: ['redis', 'rediss'], require_protocol: true, require_tld: false }, { message: 'REDIS_URL must be a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379' }) REDIS_URL?: string;
  @IsOptional() @IsIn(['on', 'off']) WORDNET: string = 'on';
  @IsOptional() @Transform(toInt) @IsInt() @Min(0) @Max(100_000) EXPANSION_CACHE_SIZE: number = 1000;
  @IsOptional() @IsIn(['true', 'false']) SEED: string = 'true';
  @IsOptional() @IsString() @MinLength(16, { message: 'METRICS_TOKEN must be at least 16 characters' }) METRICS_TOKEN?: string;
  @IsOptional() @Transform(toInt) @IsInt() @Min(1000) @Max(600_000) SHUTDOWN_GRACE_MS: number = 10_000;
  @IsOptional() @IsString() OPENAPI_SERVER_URLS?: string;
}

export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  logLevel: string;
  corsOrigins: string[];
  importDir: string;
  exportDir: string;
  dataDir: string;
  redisUrl?: string;
  /** Load WordNet for the semantic strategy at start-up. */
  wordnet: boolean;
  /** Expansions of recent requests kept until the index changes (docs/EXPANSION.md, "Result cache"); 0 turns the cache off. */
  expansionCacheSize: number;
  /** When set, GET /metrics needs it as a bearer token. */
  metricsToken?: string;
  /** Development only: an empty catalogue gets the sample catalogue at start-up. */
  seed: boolean;
  /** On SIGTERM/SIGINT the process exits within this many milliseconds, even under continuing load. */
  shutdownGraceMs: number;
  /** The OpenAPI document's `servers`: where clients reach the service (default `/`, where the document is read). */
  openApiServerUrls: string[];
}

/** CORS_ORIGINS: comma-separated origins (scheme://host[:port]); anything else is refused at boot. */
function corsOrigins(value: string | undefined): string[] {
  const list = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = list.filter((o) => {
    try {
      const u = new URL(o);
      return (u.protocol !== 'http:' && u.protocol !== 'https:') || u.origin !== o.replace(/\/$/, '');
    } catch {
      return true;
    }
  });
  if (bad.length > 0) {
    throw new Error(`Invalid configuration:\n  CORS_ORIGINS=${JSON.stringify(value)}: ${bad.map((b) => JSON.stringify(b)).join(', ')} is not an origin; list origins as scheme://host[:port], comma-separated (e.g. https://search.example.com,http://localhost:5173)`);
  }
  return list.map((o) => o.replace(/\/$/, ''));
}

/**
 * OPENAPI_SERVER_URLS: comma-separated absolute http(s) URLs, optionally with a path (a gateway prefix), or paths
 * relative to where the document is read (`/qes`); no query, fragment or credentials; a trailing slash is dropped.
 * Unset: `/`, the origin the document is read from, which also suits Swagger UI's page security policy (its
 * requests may go to its own origin only).
 */
function openApiServerUrls(value: string | undefined): string[] {
  const list = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (list.length === 0) return ['/'];
  const bad = list.filter((text) => {
    if (text.startsWith('/')) return !/^\/(?!\/)[^?#\s\\]*$/.test(text);
    try {
      const u = new URL(text);
      return (u.protocol !== 'http:' && u.protocol !== 'https:') || u.search !== '' || u.hash !== '' || u.username !== '' || u.password !== '';
    } catch {
      return true;
    }
  });
  if (bad.length > 0) {
    throw new Error(`Invalid configuration:\n  OPENAPI_SERVER_URLS=${JSON.stringify(value)}: ${bad.map((b) => JSON.stringify(b)).join(', ')} is not a server URL; list absolute http(s) URLs or paths, without query or credentials, comma-separated (e.g. https://search-api.example.com,https://gateway.example.com/query-expansion-service)`);
  }
  return list.map((u) => u.replace(/(?<=.)\/+$/, ''));
}

export const appConfig = registerAs('app', (): AppConfig => {
  const env = validateEnv(AppEnv);
  return {
    nodeEnv: env.NODE_ENV as AppConfig['nodeEnv'],
    port: env.PORT,
    host: env.HOST,
    logLevel: env.LOG_LEVEL,
    corsOrigins: corsOrigins(env.CORS_ORIGINS),
    importDir: env.IMPORT_DIR,
    exportDir: env.EXPORT_DIR,
    dataDir: env.DATA_DIR,
    redisUrl: env.REDIS_URL,
    wordnet: env.WORDNET === 'on',
    expansionCacheSize: env.EXPANSION_CACHE_SIZE,
    metricsToken: env.METRICS_TOKEN,
    seed: env.SEED === 'true',
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    openApiServerUrls: openApiServerUrls(env.OPENAPI_SERVER_URLS),
  };
});

import { existsSync, readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { registerAs } from '@nestjs/config';
import { IsIn, IsOptional, IsUrl, ValidateIf } from 'class-validator';
import { validateEnv } from './validate-env';

const OTLP_URL = { protocols: ['http', 'https'], require_protocol: true, require_tld: false, allow_underscores: true };
const URL_MESSAGE = 'must be an http:// or https:// URL, e.g. http://otel-collector:4318';

/**
 * The standard OpenTelemetry variables this service decides on itself. The SDK reads the others (headers,
 * timeout, compression, sampler, batch sizes, resource attributes) from the environment as the specification says.
 */
class TracingEnv {
  @IsOptional() @IsUrl(OTLP_URL, { message: `OTEL_EXPORTER_OTLP_ENDPOINT ${URL_MESSAGE}` }) OTEL_EXPORTER_OTLP_ENDPOINT?: string;
  @IsOptional() @IsUrl(OTLP_URL, { message: `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ${URL_MESSAGE}, e.g. http://otel-collector:4318/v1/traces` }) OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?: string;
  // the protocol matters only when spans are exported: a shared environment may set grpc for other services
  @ValidateIf((e: TracingEnv) => e.OTEL_EXPORTER_OTLP_ENDPOINT !== undefined || e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT !== undefined)
  @IsOptional()
  @IsIn(['http/protobuf'], { message: 'OTEL_EXPORTER_OTLP_PROTOCOL: only http/protobuf is supported' })
  OTEL_EXPORTER_OTLP_PROTOCOL?: string;
  @ValidateIf((e: TracingEnv) => e.OTEL_EXPORTER_OTLP_ENDPOINT !== undefined || e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT !== undefined)
  @IsOptional()
  @IsIn(['http/protobuf'], { message: 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: only http/protobuf is supported' })
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL?: string;
  @IsOptional() @IsIn(['otlp', 'none'], { message: 'OTEL_TRACES_EXPORTER must be otlp or none' }) OTEL_TRACES_EXPORTER?: string;
  @IsOptional() OTEL_SDK_DISABLED?: string;
}

export interface TracingConfig {
  /** On when an OTLP endpoint is set, unless OTEL_SDK_DISABLED=true or OTEL_TRACES_EXPORTER=none. */
  enabled: boolean;
  /** Where spans are sent (OTLP over HTTP, protobuf); undefined when tracing is off. */
  tracesUrl?: string;
}

/**
 * Tracing is decided before Nest starts (the HTTP instrumentation must be in place before `http` is loaded), so it
 * reads its variables itself, by the OpenTelemetry specification: the traces endpoint as given, or the general
 * endpoint with /v1/traces appended.
 */
export function readTracingConfig(env: NodeJS.ProcessEnv = process.env): TracingConfig {
  const e = validateEnv(TracingEnv, env);
  const disabled = e.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true' || e.OTEL_TRACES_EXPORTER === 'none';
  const tracesUrl = e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? (e.OTEL_EXPORTER_OTLP_ENDPOINT === undefined ? undefined : `${e.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces`);
  return disabled || tracesUrl === undefined ? { enabled: false } : { enabled: true, tracesUrl };
}

/**
 * Tracing starts before Nest's ConfigModule reads .env, so the OTEL_ variables of that file are taken here, first;
 * as with ConfigModule, a variable already set in the environment wins.
 */
export function loadTracingVariablesFromDotEnv(path = '.env', env: NodeJS.ProcessEnv = process.env): void {
  if (!existsSync(path)) return;
  for (const [key, value] of Object.entries(parseEnv(readFileSync(path, 'utf8')))) {
    if (key.startsWith('OTEL_') && env[key] === undefined) env[key] = value;
  }
}

/** The same variables, validated again at boot: a bad value stops the service with the message every setting gives. */
export const tracingConfig = registerAs('tracing', (): TracingConfig => readTracingConfig());

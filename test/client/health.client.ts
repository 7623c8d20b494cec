import type { HealthCheckResult } from '@nestjs/terminus';
import { call, type HttpServer } from './http';
import { ROUTES } from './routes';

/** The parts of a schema in the OpenAPI document that the tests read. */
export interface OpenApiSchema {
  $ref?: string;
  required?: string[];
  properties?: Record<string, OpenApiSchema>;
  additionalProperties?: OpenApiSchema;
}

/** The parts of the OpenAPI document (GET /docs-json) that the tests read. */
export interface OpenApiDocument {
  paths: Record<string, Record<string, { security?: unknown[]; responses: Record<string, { content: Record<string, { schema: OpenApiSchema }> }> }>>;
  components: { securitySchemes: Record<string, Record<string, unknown>>; schemas: Record<string, OpenApiSchema> };
}

/** GET /health (readiness), /health/live or /health/ready: public, no token. */
export function healthClient(server: HttpServer) {
  return (probe?: 'live' | 'ready') => call<HealthCheckResult>(server, 'get', probe ? `${ROUTES.health}/${probe}` : ROUTES.health);
}

/** The OpenAPI document and Swagger UI: public. */
export function docsClient(server: HttpServer) {
  return {
    json: () => call<OpenApiDocument>(server, 'get', ROUTES.docs.json),
    /** The HTML page: read res.text. */
    ui: () => call<unknown>(server, 'get', ROUTES.docs.ui),
  };
}

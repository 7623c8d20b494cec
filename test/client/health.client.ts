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

/** A named example of a request body, response or parameter. */
export interface OpenApiExample {
  summary?: string;
  value?: unknown;
}

export interface OpenApiResponse {
  description: string;
  /** references into components.headers */
  headers?: Record<string, { $ref: string }>;
  content?: Record<string, { schema: OpenApiSchema; examples?: Record<string, OpenApiExample> }>;
}

export interface OpenApiOperation {
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: 'query' | 'path' | 'header'; example?: unknown; schema?: { type?: string; example?: unknown } }[];
  requestBody?: { required?: boolean; content: Record<string, { examples?: Record<string, OpenApiExample> }> };
  responses: Record<string, OpenApiResponse>;
  /** the route's rate-limit group, on rate-limited routes */
  'x-rate-limit-group'?: string;
}

/** The parts of the OpenAPI document (GET /docs-json) that the tests read. */
export interface OpenApiDocument {
  info: { title: string; version: string; license?: { name: string; url?: string } };
  servers?: { url: string }[];
  security?: Record<string, string[]>[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: {
    securitySchemes: Record<string, Record<string, unknown>>;
    schemas: Record<string, OpenApiSchema>;
    headers?: Record<string, { description?: string; schema?: OpenApiSchema }>;
  };
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

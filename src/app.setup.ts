import type { IncomingMessage, ServerResponse } from 'node:http';
import { INestApplication } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { json } from 'body-parser';
import { bodyParserErrors } from './common/http/body-parser-errors';
import { jsonBody } from './common/http/json-body';
import { CONSOLE_PATH, consoleDirectory, consoleMiddleware } from './common/http/console-static';
import { completeOpenApiDocument } from './common/http/openapi-document';
import { securityHeaders } from './common/http/security-headers';
import { AppLogger } from './common/logging/app-logger';
import { MetricsService } from './metrics/metrics.service';
import { BodyAndQueryValidationPipe, type BodyFastPath } from './common/validation/body-and-query-validation.pipe';
import { ExpandRequestDto, expandRequestFastPath } from './expansion/dto/expand-request.dto';
import { VALIDATION_OPTIONS } from './common/validation/validation-exception.factory';
import { apiVersionMiddleware } from './common/versioning/version.middleware';
import { requestIdMiddleware } from './app.module';
import type { RootConfig } from './config';

/**
 * Options every place that creates the application passes (main.ts, the tests, the benchmark): Nest's own body
 * parsers off, since configureApp registers the one the API speaks (JSON, with its limit); Nest would otherwise
 * add a urlencoded parser that checks every request's content type for forms the API does not accept.
 */
export const APP_OPTIONS = { bufferLogs: true, bodyParser: false } as const;

/** Largest JSON body accepted, in bytes (256 KiB); larger ones get 413 PAYLOAD_TOO_LARGE (docs/API.md, "Limits"). */
export const BODY_LIMIT = 256 * 1024;

const EXPOSED_HEADERS = [
  'X-Request-Id',
  'X-Total-Count',
  'X-Page-Size',
  'X-Page-Offset',
  'X-Has-More',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'Retry-After',
  'API-Version',
  'Deprecation',
  'Sunset',
];

/** Body DTOs of the hot routes, checked without class-transformer and class-validator when plainly valid. */
const BODY_FAST_PATHS: ReadonlyMap<unknown, BodyFastPath> = new Map([[ExpandRequestDto, expandRequestFastPath]]);

/** Everything main.ts and the tests share: body limits, pipes, versioning, security headers, docs. */
export function configureApp(app: INestApplication): INestApplication {
  const config = app.get(ConfigService<RootConfig, true>);
  const logger = app.get(AppLogger);
  app.useLogger(logger);

  // No automatic ETag: Express would hash every body; the API's ETags are the catalogue versions it sets itself.
  const server = app.getHttpAdapter().getInstance() as { set?: (name: string, value: unknown) => void };
  if (typeof server.set === 'function') {
    server.set('etag', false);
    // helmet would remove it from every response again
    server.set('x-powered-by', false);
  }
  app.use(requestIdMiddleware);
  app.use(requestDuration(app.get(MetricsService)));
  // One line per request only when debugging: otherwise a request writes nothing unless something happens.
  if (logger.root.isLevelEnabled('debug')) app.use(requestLine(logger));
  // helmet's headers, computed once (common/http/security-headers.ts). Swagger UI needs its inline start-up
  // script; no upgrade-insecure-requests, as the service may be reached over plain HTTP inside a network (the page
  // would otherwise ask for https:// assets that do not exist).
  app.use(securityHeaders({ contentSecurityPolicy: { directives: { 'script-src': ["'self'", "'unsafe-inline'"], 'upgrade-insecure-requests': null } } }));
  const consoleDir = consoleDirectory();
  if (consoleDir) app.use(CONSOLE_PATH, consoleMiddleware(consoleDir));
  else logger.root.info('The console is not built (npm run build): /console answers 404');
  // CORS only when an origin is allowed: with none, the cors middleware would only call next() on every request
  const origins = config.getOrThrow('app.corsOrigins', { infer: true });
  if (origins.length > 0) app.enableCors({ origin: origins, exposedHeaders: EXPOSED_HEADERS });
  app.use(apiVersionMiddleware);
  // The JSON body: the usual request read directly, anything else by body-parser (common/http/json-body.ts).
  app.use(jsonBody({ limit: BODY_LIMIT, fallback: json({ limit: BODY_LIMIT }) }));
  app.use(bodyParserErrors);

  // one global pipe: prototype keys and depth, then validation (body-and-query-validation.pipe.ts)
  app.useGlobalPipes(new BodyAndQueryValidationPipe(VALIDATION_OPTIONS, BODY_FAST_PATHS));

  SwaggerModule.setup('docs', app, createOpenApiDocument(app), { jsonDocumentUrl: 'docs-json', swaggerOptions: { persistAuthorization: true } });
  return app;
}

/** The project's licence (LICENSE), as the OpenAPI document names it. */
const LICENSE = { name: 'Apache-2.0', url: 'https://www.apache.org/licenses/LICENSE-2.0' };

/**
 * The OpenAPI document served at /docs-json (and written by `npm run lint:openapi`): routes and DTOs as the
 * decorators describe them, servers from OPENAPI_SERVER_URLS, then the response headers and error lists
 * (common/http/openapi-document.ts). Needs the created application, not a listening one.
 */
export function createOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = app.get(ConfigService<RootConfig, true>);
  const builder = new DocumentBuilder()
    .setTitle('Query Expansion Service')
    .setDescription(
      'Expands enterprise search queries into scored alternatives, from a governed synonym catalogue. ' +
        'Get a token with `npm run token -- --sub alice --roles admin`, press Authorize, paste it. ' +
        'Every route is also served under /api/v1 and /api/v2 (see docs/API.md, "Versioning"). ' +
        'Every answer carries X-Request-Id and API-Version; rate-limited routes add X-RateLimit-Limit, -Remaining and -Reset.',
    )
    .setVersion('2.0')
    .setLicense(LICENSE.name, LICENSE.url)
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' })
    .addSecurityRequirements('bearer')
    .addTag('expansion', 'Expand a query into scored alternatives')
    .addTag('feedback', 'Rate an expansion; catalogue entries and learnt pairs learn from it')
    .addTag('synonyms', 'The governed synonym catalogue and its review workflow')
    .addTag('analytics', 'Expansion, catalogue, behaviour and quality metrics (analyst, admin)')
    .addTag('admin', 'Dashboard, audit log, bulk import and export (admin)')
    .addTag('health', 'Liveness and readiness probes (public)')
    .addTag('metrics', 'Prometheus metrics (public, or behind METRICS_TOKEN)');
  for (const url of config.getOrThrow('app.openApiServerUrls', { infer: true })) builder.addServer(url, url === '/' ? 'This service, at the address this document was read from' : undefined);
  return completeOpenApiDocument(SwaggerModule.createDocument(app, builder.build()));
}

/** Debug logging: a line per finished request (method, path, status, duration), in the request's scope. */
function requestLine(logger: AppLogger) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      logger.root.debug({ req: { method: req.method, url: req.url }, res: { statusCode: res.statusCode }, responseTimeMs: Number(process.hrtime.bigint() - started) / 1e6 }, 'request completed');
    });
    next();
  };
}

/** http_request_duration_seconds: each finished request by method, route template (Express's) and status. */
function requestDuration(metrics: MetricsService) {
  return (req: IncomingMessage & { route?: { path?: unknown } }, res: ServerResponse, next: () => void): void => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const route = typeof req.route?.path === 'string' ? req.route.path : 'unmatched';
      metrics.httpDuration.observe({ method: req.method ?? 'GET', route, status: res.statusCode }, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  };
}

import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { AdminModule } from './admin/admin.module';
import { ImpactModule } from './impact/impact.module';
import { AnalyticsModule } from './analytics/analytics.module';
import { AuditModule } from './audit/audit.module';
import { AuthModule } from './auth/auth.module';
import { AuthenticatedGuard, JwtAuthGuard } from './auth/jwt-auth.guard';
import { RolesGuard } from './auth/roles.guard';
import { AllExceptionsFilter } from './common/filters/all-exceptions.filter';
import { LoggingModule } from './common/logging/logging.module';
import { MetricsModule } from './metrics/metrics.module';
import { TracingModule } from './common/tracing/tracing.module';
import { requestScope } from './common/logging/request-context';
import { ApiVersionGuard } from './common/versioning/version.guard';
import { configNamespaces } from './config';
import { DatabaseModule } from './database/database.module';
import { DiscoveryModule } from './discovery/discovery.module';
import { ExpansionModule } from './expansion/expansion.module';
import { FeedbackModule } from './feedback/feedback.module';
import { HealthModule } from './health/health.module';
import { SynonymsModule } from './synonyms/synonyms.module';
import { RateLimitGuard } from './throttle/rate-limit.guard';
import { RateLimitModule } from './throttle/rate-limit.module';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Accepts a sane incoming X-Request-Id, otherwise makes one; either way the response carries it. */
export function requestId(req: IncomingMessage & { id?: unknown }, res: ServerResponse): string {
  if (typeof req.id === 'string') return req.id;
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  res.setHeader('X-Request-Id', id);
  req.id = id;
  return id;
}

/**
 * Runs first, before the body parser, so even a body the parser refuses gets an answer with a request id; the
 * rest of the request runs in its request scope, so every log line written meanwhile carries the id.
 */
export function requestIdMiddleware(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  requestScope.run({ id: requestId(req, res) }, next);
}

@Module({
  imports: [
    ConfigModule.forRoot({ isGlobal: true, cache: true, load: configNamespaces, envFilePath: ['.env'] }),
    LoggingModule,
    MetricsModule,
    TracingModule,
    DatabaseModule,
    AuthModule,
    RateLimitModule,
    HealthModule,
    AuditModule,
    SynonymsModule,
    ExpansionModule,
    FeedbackModule,
    AnalyticsModule,
    AdminModule,
    DiscoveryModule,
    ImpactModule,
  ],
  providers: [
    // Guards run in this order: identify the caller (never refuses), count the request against the caller or,
    // without a valid token, the IP (so failed logins are limited too), then refuse: 401, bad version, 403.
    { provide: APP_GUARD, useClass: JwtAuthGuard },
    { provide: APP_GUARD, useClass: RateLimitGuard },
    { provide: APP_GUARD, useClass: AuthenticatedGuard },
    { provide: APP_GUARD, useClass: ApiVersionGuard },
    { provide: APP_GUARD, useClass: RolesGuard },
    { provide: APP_FILTER, useClass: AllExceptionsFilter },
  ],
})
export class AppModule {}

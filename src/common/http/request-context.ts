import type { ArgumentsHost } from '@nestjs/common';
import type { ApiVersionInfo } from '../versioning/api-versions';

/**
 * The few request properties this service relies on. They are plain properties on the incoming request
 * object, so nothing here depends on Express or Fastify.
 */
export interface RequestContext {
  id?: string | number;
  /** the verified caller (auth/AuthUser); common code needs only its id */
  user?: { id: string };
  apiVersion?: ApiVersionInfo;
  headers: Record<string, string | string[] | undefined>;
  query?: Record<string, unknown>;
  ip?: string;
  url?: string;
  method?: string;
}

/**
 * Sets a response header: Node's setHeader where the response has it (Express's `header` would add only a charset
 * to a Content-Type without one, and every Content-Type the service sets names its charset), otherwise the
 * adapter's `header` (a Fastify reply).
 */
export function setHeader(res: unknown, name: string, value: string | number): void {
  const r = res as { header?: (n: string, v: string) => unknown; setHeader?: (n: string, v: string) => unknown };
  if (typeof r.setHeader === 'function') r.setHeader(name, String(value));
  else if (typeof r.header === 'function') r.header(name, String(value));
}

/**
 * The request and response of an HTTP guard's or param decorator's context, read by index: Nest's
 * `switchToHttp()` builds an object and three closures on every call, which the global guards would pay five
 * times a request.
 */
export function httpRequest<T>(context: ArgumentsHost): T {
  return context.getArgByIndex<T>(0);
}

export function httpResponse<T>(context: ArgumentsHost): T {
  return context.getArgByIndex<T>(1);
}

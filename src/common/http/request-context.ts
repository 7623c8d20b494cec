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

export function setHeader(res: unknown, name: string, value: string | number): void {
  const r = res as { header?: (n: string, v: string) => unknown; setHeader?: (n: string, v: string) => unknown };
  if (typeof r.header === 'function') r.header(name, String(value));
  else if (typeof r.setHeader === 'function') r.setHeader(name, String(value));
}

import { adminClient } from './admin.client';
import { analyticsClient } from './analytics.client';
import { expandClient, feedbackClient } from './expansion.client';
import { docsClient, healthClient } from './health.client';
import { impactClient } from './impact.client';
import { requestTo, type HttpServer, type Method } from './http';
import { synonymsClient } from './synonyms.client';

export { unchecked, type Body } from './http';
export { ROUTES, versioned } from './routes';

/**
 * The service's API as the e2e tests call it: one typed method per route, answering with the supertest response
 * whose body is the route's response DTO (or the error envelope). `token` is the bearer token; leave it out to
 * call without one. raw() sends to any path with any method, for what the client does not express on purpose
 * (versioned paths, malformed JSON, content encodings, CORS preflights); T is the body the test expects.
 */
export function apiClient(server: HttpServer) {
  return {
    expand: expandClient(server),
    feedback: feedbackClient(server),
    synonyms: synonymsClient(server),
    analytics: analyticsClient(server),
    admin: adminClient(server),
    impact: impactClient(server),
    health: healthClient(server),
    docs: docsClient(server),
    raw: <T = unknown>(method: Method, path: string, token?: string) => requestTo<T>(server, method, path, token),
  };
}

export type Api = ReturnType<typeof apiClient>;

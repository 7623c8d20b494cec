import type { HttpInstrumentationConfig } from '@opentelemetry/instrumentation-http';
import { ATTR_HTTP_ROUTE, ATTR_URL_QUERY } from '@opentelemetry/semantic-conventions';

/** Probes and scrapes, polled every few seconds: traced, they would bury the requests that matter. */
const UNTRACED = /^(?:\/api\/v\d+)?\/(?:health(?:\/live|\/ready)?|metrics)\/?$/;

const pathOf = (url = '/'): string => url.split('?', 1)[0];

/** The query string with its values blanked: they may be user data (search text, user ids), the names are not. */
function queryNamesOnly(url = ''): string | undefined {
  const at = url.indexOf('?');
  if (at < 0) return undefined;
  return [...new URLSearchParams(url.slice(at + 1)).keys()].map((name) => `${encodeURIComponent(name)}=REDACTED`).join('&');
}

/**
 * The HTTP server span of every request (but probes and /metrics): named by the method and the route template
 * Express matched (`POST /query-expansion/expand`), with the status code, and the request id the response carries
 * in X-Request-Id (the `req_id` of the log lines). No request headers (authorization) and no query values.
 */
export const httpInstrumentationConfig: HttpInstrumentationConfig = {
  // the service calls no HTTP API of its own; only incoming requests are traced
  disableOutgoingRequestInstrumentation: true,
  ignoreIncomingRequestHook: (req) => UNTRACED.test(pathOf(req.url)),
  startIncomingSpanHook: (req) => {
    const query = queryNamesOnly(req.url);
    return query === undefined ? {} : { [ATTR_URL_QUERY]: query };
  },
  headersToSpanAttributes: { server: { responseHeaders: ['x-request-id'] } },
  applyCustomAttributesOnSpan: (span, req) => {
    // Express leaves the matched route on the request; an unmatched request keeps the method alone as its name
    const route = 'route' in req ? (req.route as { path?: unknown } | undefined)?.path : undefined;
    if (typeof route !== 'string') return;
    span.setAttribute(ATTR_HTTP_ROUTE, route);
    span.updateName(`${req.method ?? 'GET'} ${route}`);
  },
};

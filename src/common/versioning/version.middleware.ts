import { DEFAULT_API_VERSION, resolveVersion, type ApiVersionInfo } from './api-versions';
import { applyVersionHeaders, deprecationWarning } from './version-headers';

interface VersionedRequest {
  url?: string;
  originalUrl?: string;
  headers: Record<string, string | string[] | undefined>;
  apiVersion?: ApiVersionInfo;
}

const PATH_PREFIX = /^\/api\/([^/?#]+)(?=\/query-expansion(?:[/?#]|$))/i;
const QUERY_VERSION = /[?&]version=([^&#]*)/;

/** A response whose JSON body can be amended before it is written (Express's res.json). */
interface JsonResponse {
  statusCode?: number;
  json?: (body: unknown) => unknown;
}

/**
 * Version negotiation, run before routing. `/api/{version}/query-expansion/...` is rewritten to the
 * unversioned route, so every controller serves all versions; the chosen version is put on the request.
 * Precedence: path, then the API-Version header, then the `version` query parameter (docs/API.md).
 * Every response names its version here (API-Version; a deprecated version adds Deprecation and Sunset), and
 * a deprecated version's successful object bodies gain `deprecation_warning` as they are written: no
 * per-request interceptor is needed for either. The body hook uses the response's `json` method (Express).
 */
export function apiVersionMiddleware(req: VersionedRequest, res: JsonResponse, next: () => void): void {
  const url = req.url ?? '/';
  // the usual request names no version: no path prefix, no header, no query parameter
  if (url.slice(0, 5).toLowerCase() !== '/api/' && req.headers['api-version'] === undefined && !url.includes('version=')) {
    req.apiVersion = { major: DEFAULT_API_VERSION, source: 'default' };
    applyVersionHeaders(res, req.apiVersion);
    return next();
  }
  const pathMatch = PATH_PREFIX.exec(url);
  let info: ApiVersionInfo;
  if (pathMatch) {
    req.url = url.slice(pathMatch[0].length);
    info = resolveVersion(safeDecode(pathMatch[1]), 'path');
  } else {
    const header = req.headers['api-version'];
    const headerValue = Array.isArray(header) ? header[0] : header;
    if (headerValue !== undefined) {
      info = resolveVersion(headerValue, 'header');
    } else {
      const q = QUERY_VERSION.exec(url);
      info = q ? resolveVersion(safeDecode(q[1]), 'query') : { major: DEFAULT_API_VERSION, source: 'default' };
    }
  }
  // `version` is consumed here, so query DTOs that refuse unknown parameters never see it.
  if (QUERY_VERSION.test(req.url ?? '')) req.url = stripVersionParam(req.url ?? '/');
  req.apiVersion = info;
  applyVersionHeaders(res, info);
  const warning = deprecationWarning(info);
  const json = res.json;
  if (warning && typeof json === 'function') {
    res.json = function (body: unknown) {
      const ok = (this.statusCode ?? 200) < 400;
      return json.call(this, ok && body !== null && typeof body === 'object' && !Array.isArray(body) ? { ...body, deprecation_warning: warning } : body);
    };
  }
  next();
}

function stripVersionParam(url: string): string {
  const [path, ...rest] = url.split('?');
  const query = rest
    .join('?')
    .split('&')
    .filter((pair) => pair !== '' && !/^version(=|$)/.test(pair));
  return query.length > 0 ? `${path}?${query.join('&')}` : path;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

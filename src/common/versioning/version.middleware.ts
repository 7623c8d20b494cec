import { DEFAULT_API_VERSION, resolveVersion, type ApiVersionInfo } from './api-versions';

interface VersionedRequest {
  url?: string;
  originalUrl?: string;
  headers: Record<string, string | string[] | undefined>;
  apiVersion?: ApiVersionInfo;
}

const PATH_PREFIX = /^\/api\/([^/?#]+)(?=\/query-expansion(?:[/?#]|$))/i;
const QUERY_VERSION = /[?&]version=([^&#]*)/;

/**
 * Version negotiation, run before routing. `/api/{version}/query-expansion/...` is rewritten to the
 * unversioned route, so every controller serves all versions; the chosen version is put on the request.
 * Precedence: path, then the API-Version header, then the `version` query parameter (docs/API.md).
 * It only reads and writes plain request properties, so it works under any HTTP adapter.
 */
export function apiVersionMiddleware(req: VersionedRequest, _res: unknown, next: () => void): void {
  const url = req.url ?? '/';
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

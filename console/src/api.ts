// The one way the console calls the service: the public API under /query-expansion, with the session's token.
// Every failure becomes an ApiError carrying the service's error code; 401 signs the user out (App shows the token
// screen again); 429 carries when to retry.

import { clearSession, storedToken } from './auth';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    /** seconds to wait before retrying (429, 503) */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

let onUnauthorized: (error: ApiError) => void = () => undefined;

/** App registers what a 401 does (back to the token screen, with the reason). */
export function setUnauthorizedHandler(handler: (error: ApiError) => void): void {
  onUnauthorized = handler;
}

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

type Query = Record<string, string | number | boolean | undefined | null>;

export interface CallOptions {
  body?: unknown;
  query?: Query;
  headers?: Record<string, string>;
  /** a token to use instead of the session's (the token screen checks one before saving it) */
  token?: string;
}

export function queryString(query: Query | undefined): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : '';
}

export async function call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, options: CallOptions = {}): Promise<ApiResponse<T>> {
  const token = options.token ?? storedToken();
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(`/query-expansion${path}${queryString(options.query)}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', 'The service could not be reached. Check that it is running, then try again.');
  }
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!res.ok) {
    const envelope = (body ?? {}) as { code?: string; message?: string; error?: string; details?: unknown };
    const retryAfter = retryAfterSeconds(res.headers);
    const error = new ApiError(res.status, envelope.code ?? `HTTP_${res.status}`, envelope.message ?? envelope.error ?? res.statusText, envelope.details, retryAfter);
    if (res.status === 401 && options.token === undefined) {
      clearSession();
      onUnauthorized(error);
    }
    throw error;
  }
  return { data: body as T, headers: res.headers };
}

function retryAfterSeconds(headers: Headers): number | undefined {
  const retry = headers.get('Retry-After');
  if (retry && /^\d+$/.test(retry)) return Number(retry);
  const reset = headers.get('X-RateLimit-Reset');
  if (reset && /^\d+$/.test(reset)) return Number(reset);
  return undefined;
}

/** A readable one-line text of any error thrown by call(). */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) {
    const retry =
      error.retryAfter !== undefined && (error.status === 429 || error.status === 503) && !error.message.includes(`${error.retryAfter} s`) ? ` Try again in ${error.retryAfter} s.` : '';
    return `${error.code}: ${error.message}${retry}`;
  }
  return error instanceof Error ? error.message : String(error);
}

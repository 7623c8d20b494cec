import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/**
 * helmet's security headers, worked out once at start-up: with options whose values are all fixed (no CSP
 * nonce or other function of the request, which this refuses), helmet sets the same headers on every
 * response, so each response gets that list in one loop instead of a chain of a dozen middlewares building the
 * same strings again. The headers are helmet's own: it runs once on a probe response and its calls are replayed.
 */
export function securityHeaders(options: HelmetOptions): Middleware {
  const directives = typeof options.contentSecurityPolicy === 'object' ? options.contentSecurityPolicy.directives : undefined;
  for (const [name, value] of Object.entries(directives ?? {})) {
    const values: unknown[] = Array.isArray(value) ? value : [value];
    if (values.some((v) => typeof v === 'function')) throw new Error(`securityHeaders: the CSP directive ${name} depends on the request; use helmet() itself`);
  }
  const set: [string, string | number | readonly string[]][] = [];
  const removed: string[] = [];
  const probe = {
    setHeader: (name: string, value: string | number | readonly string[]) => void set.push([name, value]),
    removeHeader: (name: string) => void removed.push(name),
    getHeader: () => undefined,
  };
  let finished = false;
  helmet(options)({ headers: {} } as IncomingMessage, probe as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err instanceof Error ? err : new Error('securityHeaders: helmet refused the options');
    finished = true;
  });
  if (!finished) throw new Error('securityHeaders: helmet did not finish synchronously');
  return (_req, res, next) => {
    for (let i = 0; i < set.length; i++) res.setHeader(set[i][0], set[i][1]);
    for (let i = 0; i < removed.length; i++) res.removeHeader(removed[i]);
    next();
  };
}

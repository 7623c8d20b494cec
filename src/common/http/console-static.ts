import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import serveStatic from 'serve-static';

/**
 * The console (console/, built by `npm run build` into dist/console) served at /console: static files only, no
 * server-side code; the page calls the public API with the user's token. Its own Content-Security-Policy is stricter
 * than the API's (which allows Swagger UI's inline script): scripts, styles and API calls from this origin only.
 */
export const CONSOLE_PATH = '/console';

const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** dist/console beside the compiled service, or dist/console of the checkout when the service runs from source. */
export function consoleDirectory(): string | undefined {
  return [join(__dirname, '..', '..', 'console'), join(__dirname, '..', '..', '..', 'dist', 'console')].find((d) => existsSync(join(d, 'index.html')));
}

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/** Serves the console from `dir`; anything it does not have falls through to the API's 404. */
export function consoleMiddleware(dir: string): Middleware {
  const assets = join(dir, 'assets') + sep;
  const serve = serveStatic(dir, {
    index: ['index.html'],
    redirect: true,
    fallthrough: true,
    setHeaders(res, path) {
      res.setHeader('Content-Security-Policy', CONSOLE_CSP);
      // hashed asset names (assets/) never change; index.html names the current ones and the icon keeps its name,
      // so those are checked each time
      res.setHeader('Cache-Control', path.startsWith(assets) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return (req, res, next) => {
    void serve(req, res, next);
  };
}

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { consoleMiddleware } from '../../src/common/http/console-static';

/** The console's static files: its own CSP, caching by file kind, and anything else left to the API (its 404). */
describe('console static files', () => {
  let dir: string;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'qes-console-static-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>console</title>');
    writeFileSync(join(dir, 'favicon.svg'), '<svg/>');
    writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
    const serve = consoleMiddleware(dir);
    server = createServer((req, res) =>
      serve(req, res, () => {
        res.statusCode = 404;
        res.end('passed on');
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves index.html for the folder, never cached without a check, under a CSP without inline scripts', async () => {
    const res = await fetch(`${base}/`);
    expect(res.status).toBe(200);
    await expect(res.text()).resolves.toContain('<title>console</title>');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
  });

  it('serves hashed assets as immutable', async () => {
    const res = await fetch(`${base}/assets/index-abc123.js`);
    expect(res.status).toBe(200);
    await expect(res.text()).resolves.toBe('console.log(1)');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('checks files with stable names (the icon) each time, as index.html', async () => {
    const res = await fetch(`${base}/favicon.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('passes what it does not have to the next handler (the API answers 404)', async () => {
    const res = await fetch(`${base}/assets/missing.js`);
    expect(res.status).toBe(404);
    await expect(res.text()).resolves.toBe('passed on');
  });

  it('never serves files outside its folder', async () => {
    writeFileSync(join(dir, '..', 'qes-console-secret.txt'), 'secret');
    try {
      const res = await fetch(`${base}/..%2fqes-console-secret.txt`);
      expect(res.status).not.toBe(200);
      await expect(res.text()).resolves.not.toContain('secret');
    } finally {
      rmSync(join(dir, '..', 'qes-console-secret.txt'), { force: true });
    }
  });
});

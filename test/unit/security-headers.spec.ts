import { expect } from '@jest/globals';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet, { type HelmetOptions } from 'helmet';
import { securityHeaders } from '../../src/common/http/security-headers';

function response(): ServerResponse {
  const res = new ServerResponse(new IncomingMessage(new Socket()));
  res.setHeader('X-Powered-By', 'Express');
  return res;
}

function headersAfter(middleware: (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void): Record<string, unknown> {
  const res = response();
  let nextCalls = 0;
  middleware(new IncomingMessage(new Socket()), res, () => void nextCalls++);
  expect(nextCalls).toBe(1);
  return res.getHeaders();
}

describe('securityHeaders (helmet computed once)', () => {
  const options: HelmetOptions[] = [
    { contentSecurityPolicy: { directives: { 'script-src': ["'self'", "'unsafe-inline'"], 'upgrade-insecure-requests': null } } },
    {},
    { contentSecurityPolicy: false, hsts: { maxAge: 60 }, frameguard: { action: 'deny' } },
  ];

  it.each(options.map((o) => [JSON.stringify(o), o]))('sets exactly the headers helmet sets, and removes the same ones (%s)', (_name, o) => {
    const expected = headersAfter(helmet(o));
    const actual = headersAfter(securityHeaders(o));
    expect(actual).toEqual(expected);
    expect(actual['x-powered-by']).toBeUndefined();
    expect(actual['x-content-type-options']).toBe('nosniff');
  });

  it('answers every response alike (nothing is consumed by the first one)', () => {
    const mw = securityHeaders(options[0]);
    expect(headersAfter(mw)).toEqual(headersAfter(mw));
    expect(String(headersAfter(mw)['content-security-policy'])).toContain("script-src 'self' 'unsafe-inline'");
  });

  it('refuses a CSP directive that depends on the request (a nonce), which cannot be computed once', () => {
    const nonce = (_req: IncomingMessage, _res: ServerResponse) => "'nonce-abc'";
    expect(() => securityHeaders({ contentSecurityPolicy: { directives: { 'script-src': ["'self'", nonce] } } })).toThrow(/depends on the request/);
  });
});

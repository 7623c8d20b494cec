import { AsyncLocalStorage } from 'node:async_hooks';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { json } from 'body-parser';
import { jsonBody, parseStrict } from '../../src/common/http/json-body';

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/** What a middleware left for the next one: the body, or the error's type and status; and which parser read it. */
interface Outcome {
  body?: unknown;
  /** whether the request had a `body` property at all (JSON drops one whose value is undefined) */
  hasBody?: boolean;
  /** how many pieces the body arrived in */
  pieces?: number;
  error?: { type?: unknown; status?: unknown };
  parser: string;
  scope?: string;
}

const LIMIT = 1024;
const scope = new AsyncLocalStorage<string>();

/** A real HTTP server running one middleware inside a context, answering what the middleware passed on. */
function serve(mw: Middleware): Server {
  return createServer((req, res) => {
    const r = req as IncomingMessage & { body?: unknown; parser?: string };
    r.parser = 'direct';
    let pieces = 0;
    const count = () => void pieces++;
    req.prependListener('data', count);
    scope.run('request-1', () =>
      mw(req, res, (err?: unknown) => {
        req.removeListener('data', count);
        const e = err as { type?: unknown; status?: unknown } | undefined;
        const outcome: Outcome = { ...(e ? { error: { type: e.type, status: e.status } } : { body: r.body }), hasBody: 'body' in r, pieces, parser: r.parser ?? 'direct', scope: scope.getStore() };
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(outcome));
      }),
    );
  });
}

const fullParser = json({ limit: LIMIT });
/** The full parser, marking the request so a test sees which path read it. */
const marked: Middleware = (req, res, next) => {
  (req as IncomingMessage & { parser?: string }).parser = 'body-parser';
  fullParser(req, res, next);
};

let lean: Server;
let full: Server;
const urlOf = (s: Server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`;

beforeAll(async () => {
  lean = serve(jsonBody({ limit: LIMIT, fallback: marked }));
  full = serve(fullParser);
  await Promise.all([lean, full].map((s) => new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve))));
});
afterAll(async () => {
  await Promise.all(
    [lean, full].map(
      (s) =>
        new Promise<void>((resolve) => {
          s.close(() => resolve());
          s.closeAllConnections();
        }),
    ),
  );
});

/** Sends a raw request (headers exactly as given) and reads the outcome. */
function send(server: Server, headers: Record<string, string | number>, body?: Buffer | string, chunks?: (Buffer | string)[]): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const req = request(`${urlOf(server)}/`, { method: 'POST', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve(JSON.parse(text) as Outcome));
    });
    req.on('error', reject);
    // chunks are written 10 ms apart, so the server reads them as separate pieces
    const rest = [...(chunks ?? [])];
    const writeNext = (): void => {
      const c = rest.shift();
      if (c === undefined) return void req.end(body);
      req.write(c);
      setTimeout(writeNext, 10);
    };
    writeNext();
  });
}

/** An outcome without what differs by design: which parser read it and how the bytes were cut. */
const answer = (o: Outcome) => ({ ...o, parser: undefined, pieces: undefined });

const jsonHeaders = (body: Buffer | string, type = 'application/json') => ({ 'content-type': type, 'content-length': Buffer.byteLength(body) });

describe('jsonBody: the usual JSON request read directly, with body-parser\'s answers', () => {
  it('reads a plain JSON request itself and leaves the same body body-parser would, in the caller\'s async context', async () => {
    const body = JSON.stringify({ query: 'laptop keeps crashing', context: { domain: 'it' }, n: [1, 2.5, null, true], text: 'naïve – 日本' });
    const got = await send(lean, jsonHeaders(body), body);
    expect(got).toMatchObject({ body: JSON.parse(body) as unknown, parser: 'direct', scope: 'request-1' });
    expect((await send(full, jsonHeaders(body), body)).body).toEqual(got.body);
  });

  it('answers like body-parser for each body it reads: white space, arrays, a byte-order mark, non-JSON, non-objects', async () => {
    const bodies: (string | Buffer)[] = [
      '  \n\t{"a":1}  ',
      '[1,2]',
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"bom":true}')]),
      '{"a":',
      '"just a string"',
      '42',
      'null',
      '   ',
      '{"a":1}}',
      Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]), // invalid UTF-8 inside a string
    ];
    for (const body of bodies) {
      for (const type of ['application/json', 'application/json; charset=utf-8']) {
        const mine = await send(lean, jsonHeaders(body, type), body);
        const theirs = await send(full, jsonHeaders(body, type), body);
        expect({ label: String(body), ...answer(mine) }).toEqual({ label: String(body), ...answer(theirs) });
        expect(mine.parser).toBe('direct');
      }
    }
    expect((await send(lean, jsonHeaders('42'), '42')).error).toEqual({ type: 'entity.parse.failed', status: 400 });
  });

  it('reads a body that arrives in several chunks', async () => {
    // '日' is three bytes in UTF-8: the second piece ends inside it
    const bytes = Buffer.from('{"query":"expense 日 report"}');
    const cut = bytes.indexOf(Buffer.from('日')) + 1;
    const parts = [bytes.subarray(0, 9), bytes.subarray(9, cut), bytes.subarray(cut)];
    const got = await send(lean, jsonHeaders(bytes), undefined, parts);
    expect(got).toMatchObject({ body: { query: 'expense 日 report' }, parser: 'direct', scope: 'request-1' });
    expect(got.pieces).toBeGreaterThanOrEqual(2);
    expect(answer(got)).toEqual(answer(await send(full, jsonHeaders(bytes), undefined, parts)));
  });

  it('hands every other request to the full parser: other types and charsets, compressed, chunked, empty, too large', async () => {
    const body = '{"a":1}';
    const cases: { headers: Record<string, string | number>; body?: Buffer | string; expected: Partial<Outcome> }[] = [
      // not JSON to this parser: no body is set (the route's validation then refuses the request)
      { headers: jsonHeaders(body, 'application/vnd.api+json'), body, expected: {} },
      { headers: jsonHeaders(body, 'text/plain'), body, expected: {} },
      { headers: jsonHeaders(body, 'Application/JSON'), body, expected: { body: { a: 1 } } },
      { headers: jsonHeaders(body, 'application/json; charset=latin1'), body, expected: { error: { type: 'charset.unsupported', status: 415 } } },
      { headers: { ...jsonHeaders(gzipSync(body)), 'content-encoding': 'gzip' }, body: gzipSync(body), expected: { body: { a: 1 } } },
      { headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, body, expected: { body: { a: 1 } } },
      { headers: jsonHeaders(''), body: '', expected: { body: {} } },
      { headers: jsonHeaders('x'.repeat(LIMIT + 1)), body: 'x'.repeat(LIMIT + 1), expected: { error: { type: 'entity.too.large', status: 413 } } },
    ];
    for (const c of cases) {
      const mine = await send(lean, c.headers, c.body);
      expect(mine).toMatchObject({ ...c.expected, parser: 'body-parser', scope: 'request-1' });
      if (Object.keys(c.expected).length === 0) expect(mine).not.toHaveProperty('body');
      const theirs = await send(full, c.headers, c.body);
      expect(answer(mine)).toEqual(answer(theirs));
    }
  });

  it('a body exactly at the limit is read directly', async () => {
    const body = JSON.stringify({ q: 'y'.repeat(LIMIT - 8) });
    expect(Buffer.byteLength(body)).toBe(LIMIT);
    expect(await send(lean, jsonHeaders(body), body)).toMatchObject({ parser: 'direct', body: { q: 'y'.repeat(LIMIT - 8) } });
  });

  /** Runs a middleware on a request whose client sends part of its body and goes away; `late` runs it only after the request closed. */
  function abandoned(mw: Middleware, late: boolean): Promise<{ called: boolean; type?: unknown; status?: unknown; scope?: string }> {
    return new Promise((resolve) => {
      const server = createServer((req, res) => {
        const run = () =>
          scope.run('request-2', () =>
            mw(req, res, (err?: unknown) => {
              const e = err as { type?: unknown; status?: unknown } | undefined;
              resolve({ called: true, type: e?.type, status: e?.status, scope: scope.getStore() });
              res.end();
              server.close();
            }),
          );
        if (late) req.once('close', () => setTimeout(run, 10));
        else run();
      });
      server.listen(0, '127.0.0.1', () => {
        const req = request(`${urlOf(server)}/`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': 100 } });
        req.on('error', () => undefined);
        req.write('{"query": "half');
        setTimeout(() => req.destroy(), 50);
      });
      // a middleware that never calls next would leave this unresolved: the test's timeout reports it
    });
  }

  it('passes request.aborted on, as body-parser does, when the client goes away before the whole body arrived', async () => {
    const mine = await abandoned(jsonBody({ limit: LIMIT, fallback: marked }), false);
    expect(mine).toEqual({ called: true, type: 'request.aborted', status: 400, scope: 'request-2' });
    expect(await abandoned(fullParser, false)).toEqual(mine);
  });

  it('passes a request that closed before it ran straight on, as body-parser does', async () => {
    const mine = await abandoned(jsonBody({ limit: LIMIT, fallback: marked }), true);
    expect(mine).toEqual({ called: true, type: undefined, status: undefined, scope: 'request-2' });
    expect(await abandoned(fullParser, true)).toEqual(mine);
  });
});

describe('parseStrict', () => {
  it('parses an object or an array, reads an empty body as {}, refuses any other JSON value', () => {
    expect(parseStrict('{"a":[1]}')).toEqual({ a: [1] });
    expect(parseStrict(' \r\n[true]')).toEqual([true]);
    expect(parseStrict('')).toEqual({});
    for (const text of ['1', '"s"', 'null', 'true', ' ', '{"a":', 'x']) expect(() => parseStrict(text)).toThrow(SyntaxError);
  });
});

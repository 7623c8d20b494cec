import { expect, jest } from '@jest/globals';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { appConfig } from '../src/config/app.config';
import { ERROR_STATUS, ERROR_TITLES, type ErrorCode } from '../src/common/errors/error-codes';
import { ERROR_EXAMPLES, INVALID_PARAMETER_EXAMPLES } from '../src/common/errors/error-examples';
import { errorExampleBody } from '../src/common/http/api-responses';
import { RESPONSE_HEADERS } from '../src/common/http/openapi-document';
import { SynonymsService } from '../src/synonyms/synonyms.service';
import { ROUTES } from './client';
import type { ApiResponse } from './client/http';
import type { OpenApiDocument, OpenApiOperation, OpenApiResponse } from './client/health.client';
import { hs256Token, nowSeconds } from './setup/auth';
import { bulkFiles } from './setup/bulk-files';
import { createTestApp, type TestApp } from './setup/create-test-app';

/** Every operation of the document, with its path and method. */
function operations(doc: OpenApiDocument): { path: string; method: string; op: OpenApiOperation }[] {
  return Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })));
}

const json = (response: OpenApiResponse) => response.content?.['application/json'];
const isPublic = (path: string) => path === '/metrics' || path.startsWith('/health');
/** The names of the headers a response documents, lower-cased as Node gives them. */
const documentedHeaders = (response: OpenApiResponse) => Object.keys(response.headers ?? {}).map((h) => h.toLowerCase());
const SERVICE_HEADERS = Object.keys(RESPONSE_HEADERS).map((h) => h.toLowerCase());

/** Issue "Production operability", point 8: examples that work as sent, real error examples, headers, servers, licence. */
describe('OpenAPI document', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  let admin: string;
  let user: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { OPENAPI_SERVER_URLS: 'https://search-api.example.com, https://gateway.example.com/query-expansion-service/', RATE_LIMIT_ANALYTICS: '1' } });
    admin = t.token('root', ['admin']);
    user = t.token('alice', ['user']);
    doc = (await t.api.docs.json().expect(200)).body;
  });
  afterAll(async () => t.close());

  describe('servers and licence', () => {
    it('lists the servers of OPENAPI_SERVER_URLS, trailing slashes dropped', () => {
      expect(doc.servers).toEqual([{ url: 'https://search-api.example.com' }, { url: 'https://gateway.example.com/query-expansion-service' }]);
    });

    it('defaults to the address the document is read from, takes paths, and refuses what is not an http(s) URL or a path', () => {
      const read = (env: Record<string, string>) => {
        const saved = { ...process.env };
        Object.assign(process.env, { OPENAPI_SERVER_URLS: '' }, env);
        try {
          return appConfig().openApiServerUrls;
        } finally {
          process.env = saved;
        }
      };
      expect(read({})).toEqual(['/']);
      expect(read({ OPENAPI_SERVER_URLS: '/, /query-expansion-service/' })).toEqual(['/', '/query-expansion-service']);
      expect(() => read({ OPENAPI_SERVER_URLS: 'https://ok.example.com,ftp://files.example.com' })).toThrow('"ftp://files.example.com" is not a server URL');
      expect(() => read({ OPENAPI_SERVER_URLS: 'search-api.example.com' })).toThrow('OPENAPI_SERVER_URLS');
      expect(() => read({ OPENAPI_SERVER_URLS: '//search-api.example.com' })).toThrow('OPENAPI_SERVER_URLS');
      expect(() => read({ OPENAPI_SERVER_URLS: 'https://api.example.com?x=1' })).toThrow('not a server URL');
    });

    it("names the project's licence, the one of LICENSE and package.json", () => {
      const pkg = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')) as { license: string };
      expect(doc.info.license).toEqual({ name: 'Apache-2.0', url: 'https://www.apache.org/licenses/LICENSE-2.0' });
      expect(pkg.license).toBe(doc.info.license?.name);
      expect(readFileSync(join(__dirname, '..', 'LICENSE'), 'utf8')).toMatch(/^\s*Apache License\s+Version 2\.0, January 2004/);
    });
  });

  describe('security', () => {
    it('shows no lock on the public routes and the bearer token on every other one', () => {
      const all = operations(doc);
      expect(all.filter((o) => isPublic(o.path)).map((o) => o.path).sort()).toEqual(['/health', '/health/live', '/health/ready', '/metrics']);
      for (const { path, method, op } of all) {
        expect([`${method} ${path}`, op.security]).toEqual([`${method} ${path}`, isPublic(path) ? [] : [{ bearer: [] }]]);
        // a public route cannot answer for a missing token; every other one can
        expect([`${method} ${path}`, json(op.responses['401'] ?? { description: '' })?.examples?.AUTHENTICATION_REQUIRED !== undefined]).toEqual([`${method} ${path}`, !isPublic(path) || path === '/metrics']);
      }
    });

    it('serves the public routes without a token, as documented', async () => {
      expect((await t.api.health('live')).status).toBe(200);
      expect((await t.api.raw('get', '/metrics')).status).toBe(200);
    });
  });

  describe('error examples', () => {
    it('gives every documented error status one example or more, each with a code of that status in the catalogue', () => {
      let checked = 0;
      for (const { path, method, op } of operations(doc)) {
        for (const [status, response] of Object.entries(op.responses)) {
          if (Number(status) < 400) continue;
          // the probes' 503 is the Terminus body, not the error envelope (docs/API.md, "Health and docs")
          if (isPublic(path) && status === '503') continue;
          const examples = Object.values(json(response)?.examples ?? {});
          expect([`${method} ${path} ${status}`, examples.length > 0]).toEqual([`${method} ${path} ${status}`, true]);
          for (const { value } of examples) {
            const body = value as { code: ErrorCode; error: string };
            expect([`${method} ${path} ${status}`, body.code, ERROR_STATUS[body.code], body.error]).toEqual([`${method} ${path} ${status}`, body.code, Number(status), ERROR_TITLES[Number(status) as keyof typeof ERROR_TITLES]]);
            expect(response.description).toContain(`\`${body.code}\``);
            checked++;
          }
        }
      }
      expect(checked).toBeGreaterThan(100);
    });

    it('documents the codes each route really answers', () => {
      const codes = (path: string, method: string, status: number) =>
        Object.values(json(doc.paths[path][method].responses[String(status)] ?? { description: '' })?.examples ?? {}).map((e) => (e.value as { code: string }).code);
      expect(codes(ROUTES.expand, 'post', 400)).toEqual(expect.arrayContaining(['VALIDATION_ERROR', 'MISSING_QUERY_PARAMETER', 'QUERY_TOO_LONG', 'MALFORMED_JSON']));
      expect(codes(ROUTES.expand, 'post', 403)).toEqual(['USER_MISMATCH']);
      expect(codes(ROUTES.synonyms, 'post', 403)).toEqual([]); // any authenticated role may propose
      expect(codes(ROUTES.synonym('{synonym_id}'), 'put', 403)).toEqual(['INSUFFICIENT_ROLE']);
      expect(codes(ROUTES.synonymsReview, 'post', 403)).toEqual(['INSUFFICIENT_ROLE']);
      expect(codes(ROUTES.synonymHistory('{synonym_id}'), 'get', 403)).toEqual(['INSUFFICIENT_ROLE']);
      expect(codes(ROUTES.synonymHistory('{synonym_id}'), 'get', 404)).toEqual(['SYNONYM_NOT_FOUND']);
      expect(codes(ROUTES.synonymsReview, 'post', 404)).toEqual([]); // per-id refusals are results of a 200, not error answers
      expect(codes(ROUTES.synonym('{synonym_id}'), 'put', 409).sort()).toEqual(['DUPLICATE_SYNONYM', 'INVALID_STATUS_TRANSITION', 'VERSION_CONFLICT']);
      expect(codes(ROUTES.feedback, 'post', 404)).toEqual(['EXPANSION_NOT_FOUND']);
      expect(codes(ROUTES.admin.bulkImport, 'post', 413).sort()).toEqual(['FILE_TOO_LARGE', 'PAYLOAD_TOO_LARGE']);
      expect(codes(ROUTES.admin.dashboard, 'get', 400)).toEqual(['UNSUPPORTED_API_VERSION']); // takes no input
      expect(codes(ROUTES.expand, 'post', 503)).toEqual([]); // expansion never queries the database
      expect(codes(ROUTES.synonyms, 'get', 503)).toEqual(['SERVICE_UNAVAILABLE']);
      for (const { path, method } of operations(doc)) if (!isPublic(path)) expect([`${method} ${path}`, codes(path, method, 429)]).toEqual([`${method} ${path}`, ['RATE_LIMIT_EXCEEDED']]);
    });

    it('shows the bodies the service really sends', async () => {
      const documented = new Set(operations(doc).flatMap(({ op }) => Object.values(op.responses).flatMap((r) => Object.values(json(r)?.examples ?? {}).map((e) => (e.value as { code: string }).code))));
      const curator = t.token('carol', ['curator']);
      const expectBody = async (code: ErrorCode, res: PromiseLike<ApiResponse<unknown>>, example = errorExampleBody(code)) => {
        const answer = await res;
        expect([code, answer.status, answer.body]).toEqual([code, ERROR_STATUS[code], example]);
        documented.delete(code);
      };
      // the first entry of this app: id 1, later at version 2
      const id = await t.api.synonyms.createdId({ term: 'laptop', synonym: 'notebook', domain: 'technical' }, curator);
      expect(id).toBe(1);
      await t.api.synonyms.update(id, { notes: 'first edit' }, curator).expect(200);

      await expectBody('VALIDATION_ERROR', t.api.synonyms.create({ term: 'ML', synonym: 'machine learning', confidence: 1.5 }, user));
      await expectBody('MISSING_QUERY_PARAMETER', t.api.expand({ query: '' }, user));
      await expectBody('QUERY_TOO_LONG', t.api.expand({ query: 'a'.repeat(1001) }, user));
      await expectBody('MALFORMED_JSON', t.api.raw('post', ROUTES.expand, user).set('Content-Type', 'application/json').send('{"query": '));
      await expectBody('FORBIDDEN_PROPERTY', t.api.raw('post', ROUTES.expand, user).set('Content-Type', 'application/json').send('{"query": "vpn", "__proto__": {}}'));
      await expectBody('UNSUPPORTED_API_VERSION', t.api.synonyms.list({}, user).set('API-Version', 'v3'));
      await expectBody('SAME_TERM_AND_SYNONYM', t.api.synonyms.create({ term: 'laptop', synonym: 'Laptop' }, user));
      await expectBody('NOTHING_TO_UPDATE', t.api.synonyms.update(id, { reason: 'no change' }, curator));
      await expectBody('AUTHENTICATION_REQUIRED', t.api.synonyms.list());
      await expectBody('TOKEN_EXPIRED', t.api.synonyms.list({}, hs256Token({ sub: 'alice', roles: ['user'], exp: nowSeconds() - 3600 })));
      await expectBody('INVALID_TOKEN', t.api.synonyms.list({}, 'not.a.token'));
      await expectBody('INSUFFICIENT_ROLE', t.api.synonyms.update(id, { confidence: 0.9 }, user));
      await expectBody('USER_MISMATCH', t.api.expand({ query: 'vpn', user_id: 'bob' }, user));
      await expectBody('SYNONYM_NOT_FOUND', t.api.synonyms.get(42, user));
      await expectBody('EXPANSION_NOT_FOUND', t.api.feedback.rate({ expansion_id: 'exp_3f2a9c1e0b7d4e5f8a6b2c9d1e0f7a3b', was_helpful: true }, user));
      await expectBody('FILE_NOT_FOUND', t.api.admin.bulkImport({ file_path: 'synonyms.csv' }, admin));
      await expectBody('INVALID_FILE_PATH', t.api.admin.bulkImport({ file_path: '../etc/passwd' }, admin));
      await expectBody('DUPLICATE_SYNONYM', t.api.synonyms.create({ term: 'laptop', synonym: 'notebook', domain: 'technical' }, curator));
      await expectBody('INVALID_STATUS_TRANSITION', t.api.synonyms.update(id, { status: 'pending' }, curator));
      await expectBody('VERSION_CONFLICT', t.api.synonyms.update(id, { confidence: 0.9, version: 1 }, curator));
      const rated = (await t.api.expand({ query: 'laptop keeps crashing', domain: 'technical' }, user).expect(200)).body.expansion_id;
      await t.api.feedback.rate({ expansion_id: rated, was_helpful: true }, user).expect(200);
      const again = errorExampleBody('FEEDBACK_ALREADY_RECORDED');
      await expectBody('FEEDBACK_ALREADY_RECORDED', t.api.feedback.rate({ expansion_id: rated, was_helpful: true }, user), JSON.parse(JSON.stringify(again).replaceAll('exp_3f2a9c1e0b7d4e5f8a6b2c9d1e0f7a3b', rated)) as typeof again);
      await expectBody('PAYLOAD_TOO_LARGE', t.api.raw('post', ROUTES.expand, user).set('Content-Type', 'application/json').send(JSON.stringify({ query: 'vpn', session_id: 'x'.repeat(300_000) })));
      await expectBody('UNSUPPORTED_MEDIA_TYPE', t.api.raw('post', ROUTES.expand, user).set('Content-Type', 'application/json; charset=latin1').send('{"query":"vpn"}'));
      const outage = jest.spyOn(t.app.get(SynonymsService), 'list').mockRejectedValueOnce(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3306'), { code: 'ECONNREFUSED' }));
      await expectBody('SERVICE_UNAVAILABLE', t.api.synonyms.list({}, user));
      outage.mockRestore();
      const analyst = t.token('ann', ['analyst']);
      await t.api.analytics.report({}, analyst).expect(200);
      const limited = await t.api.analytics.report({}, analyst);
      expect(limited.body).toEqual({ ...errorExampleBody('RATE_LIMIT_EXCEEDED'), message: expect.stringMatching(/^Rate limit for analytics requests exceeded; retry in \d+ s$/), details: { group: 'analytics', retry_after: expect.any(Number) } });
      documented.delete('RATE_LIMIT_EXCEEDED');

      // the parameter examples of VALIDATION_ERROR
      const invalid = (name: keyof typeof INVALID_PARAMETER_EXAMPLES) => errorExampleBody('VALIDATION_ERROR', INVALID_PARAMETER_EXAMPLES[name]);
      await expectBody('VALIDATION_ERROR', t.api.synonyms.list({ limit: 5000 }, user), invalid('limit'));
      await expectBody('VALIDATION_ERROR', t.api.analytics.expansion({ start_date: 'yesterday' }, t.token('ana1', ['analyst'])), invalid('start_date'));
      await expectBody('VALIDATION_ERROR', t.api.analytics.synonyms({ domain: 'information-technology-infrastructure-and-operations' }, t.token('ana2', ['analyst'])), invalid('domain'));
      await expectBody('VALIDATION_ERROR', t.api.synonyms.get('abc', user), invalid('synonym_id'));

      // what is left is shown but not provoked here: an import file over 50 MiB, and an unexpected error
      expect([...documented].sort()).toEqual(['FILE_TOO_LARGE', 'INTERNAL_ERROR']);
      expect(ERROR_EXAMPLES.INTERNAL_ERROR.message).toMatch(/^An unexpected error occurred; quote request id \S+ when reporting it$/);
    });
  });

  describe('response headers', () => {
    it('keeps every header the service sends in components.headers', () => {
      expect(Object.keys(doc.components.headers ?? {}).sort()).toEqual(Object.keys(RESPONSE_HEADERS).sort());
      for (const { op } of operations(doc)) {
        for (const response of Object.values(op.responses)) for (const ref of Object.values(response.headers ?? {})) expect(Object.keys(doc.components.headers ?? {})).toContain(ref.$ref.replace('#/components/headers/', ''));
      }
    });

    it('documents the pagination headers on the list routes, Retry-After on 429 and 503, rate limits on limited routes', () => {
      for (const path of [ROUTES.synonyms, ROUTES.admin.auditLog, ROUTES.synonymHistory('{synonym_id}')]) {
        expect(documentedHeaders(doc.paths[path].get.responses['200'])).toEqual(expect.arrayContaining(['x-total-count', 'x-page-size', 'x-page-offset', 'x-has-more']));
      }
      expect(documentedHeaders(doc.paths[ROUTES.synonym('{synonym_id}')].get.responses['200'])).toContain('etag');
      for (const { path, method, op } of operations(doc)) {
        for (const [status, response] of Object.entries(op.responses)) {
          const names = documentedHeaders(response);
          const where = `${method} ${path} ${status}`;
          expect([where, names]).toEqual([where, expect.arrayContaining(['x-request-id', 'api-version', 'deprecation', 'sunset'])]);
          const limited = op['x-rate-limit-group'] !== undefined && status !== '413' && status !== '415';
          expect([where, ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'].every((h) => names.includes(h))]).toEqual([where, limited]);
          expect([where, names.includes('retry-after')]).toEqual([where, status === '429' || (status === '503' && !isPublic(path))]);
          expect([where, names.includes('x-total-count')]).toEqual([where, status === '200' && (path === ROUTES.synonyms || path === ROUTES.admin.auditLog || path === ROUTES.admin.suggestions || path === ROUTES.synonymHistory('{synonym_id}')) && method === 'get']);
        }
      }
      expect(operations(doc).filter(({ op }) => op['x-rate-limit-group'] === undefined).map(({ path }) => path).every(isPublic)).toBe(true);
    });

    it('documents every service header of real answers on their responses, and the ones always sent are sent', async () => {
      const curator = t.token('cora', ['curator']);
      const id = await t.api.synonyms.createdId({ term: 'vendor', synonym: 'supplier', domain: 'business' }, curator);
      const samples: [string, string, PromiseLike<ApiResponse<unknown>>][] = [
        [ROUTES.synonyms, 'get', t.api.synonyms.list({ limit: 1 }, user)],
        [ROUTES.synonyms, 'get', t.api.synonyms.list({}, user).set('API-Version', 'v1')],
        [ROUTES.synonym('{synonym_id}'), 'get', t.api.synonyms.get(id, user)],
        [ROUTES.synonym('{synonym_id}'), 'put', t.api.synonyms.update(id, { confidence: 0.9 }, curator)],
        [ROUTES.synonym('{synonym_id}'), 'get', t.api.synonyms.get(424242, user)],
        [ROUTES.admin.auditLog, 'get', t.api.admin.auditLog({}, admin)],
        [ROUTES.expand, 'post', t.api.expand({ query: 'vpn setup' }, user)],
        [ROUTES.expand, 'post', t.api.expand({ query: 'vpn setup' })],
        [ROUTES.expand, 'post', t.api.raw('post', ROUTES.expand, user).set('Content-Type', 'application/json').send(JSON.stringify({ query: 'vpn', session_id: 'x'.repeat(300_000) }))],
        [ROUTES.analytics.synonyms, 'get', t.api.analytics.synonyms({}, t.token('limited', ['analyst']))],
        [ROUTES.analytics.synonyms, 'get', t.api.analytics.synonyms({}, t.token('limited', ['analyst']))],
        ['/health', 'get', t.api.health()],
      ];
      const seen = new Set<string>();
      for (const [path, method, request] of samples) {
        const res = await request;
        const where = `${method} ${path} ${res.status}`;
        seen.add(String(res.status));
        const documented = documentedHeaders(doc.paths[path][method].responses[String(res.status)]);
        const sent = Object.keys(res.headers).filter((h) => SERVICE_HEADERS.includes(h));
        expect([where, sent.filter((h) => !documented.includes(h))]).toEqual([where, []]);
        expect([where, res.headers['x-request-id'], res.headers['api-version']]).toEqual([where, expect.any(String), expect.stringMatching(/^v[12]$/)]);
        if (doc.paths[path][method]['x-rate-limit-group'] && res.status !== 413) expect([where, res.headers['x-ratelimit-limit']]).toEqual([where, expect.stringMatching(/^\d+$/)]);
      }
      expect([...seen].sort()).toEqual(['200', '401', '404', '413', '429']);
    });
  });

  describe('request examples', () => {
    const bodyExamples = () =>
      operations(doc).flatMap(({ path, method, op }) => Object.entries(op.requestBody?.content['application/json']?.examples ?? {}).map(([name, example]) => ({ path, method, name, value: example.value })));

    it('gives every route with a body named examples', () => {
      const withBody = operations(doc).filter(({ op }) => op.requestBody !== undefined);
      expect(withBody.length).toBe(10);
      for (const { path, method, op } of withBody) expect([`${method} ${path}`, Object.keys(op.requestBody?.content['application/json']?.examples ?? {}).length > 0]).toEqual([`${method} ${path}`, true]);
      const expand = doc.paths[ROUTES.expand].post.requestBody?.content['application/json']?.examples ?? {};
      for (const { value } of Object.values(expand)) expect(value).toEqual(expect.objectContaining({ query: expect.any(String), domain: expect.any(String) }));
      expect(Object.values(expand).some(({ value }) => typeof (value as { user_role?: unknown }).user_role === 'string')).toBe(true);
      expect(Object.values(expand).every(({ value }) => !('user_id' in (value as object)))).toBe(true);
    });

    it('accepts every body example as sent', async () => {
      const files = bulkFiles(t, admin);
      files.put('synonyms.csv', 'term,synonym,confidence\nPTO,paid time off,0.9\n');
      mkdirSync(join(files.importDir, 'solr'), { recursive: true });
      files.put(join('solr', 'synonyms.txt'), 'laptop, notebook\nSSO => single sign-on\n');
      const tokens: Record<string, string> = { [ROUTES.expand]: user, [ROUTES.feedback]: user, [ROUTES.synonyms]: user };
      const examples = bodyExamples();
      expect(examples.length).toBeGreaterThanOrEqual(13);
      let n = 0;
      for (const { path, method, name, value } of examples) {
        // PUT and DELETE act on an entry of their own: a fresh proposal (pending), so "approve" is a real move
        const target = path.includes('{synonym_id}') ? String(await t.api.synonyms.createdId({ term: `printer ${++n}`, synonym: 'copier' }, user)) : '';
        const res = await t.api.raw(method as 'post' | 'put' | 'delete', path.replace('{synonym_id}', target), tokens[path] ?? admin).send(value as object);
        const where = `${method} ${path} example "${name}"`;
        // feedback names an expansion this fresh database has never answered: valid, and not found
        const expected = path === ROUTES.feedback ? [404, 'EXPANSION_NOT_FOUND'] : [200, undefined];
        expect([where, res.status, (res.body as { code?: string }).code]).toEqual([where, ...expected]);
      }
    });

    it('accepts the query parameter examples of each route together, as sent', async () => {
      let routes = 0;
      for (const { path, method, op } of operations(doc)) {
        const example = (p: NonNullable<OpenApiOperation['parameters']>[number]) => p.example ?? p.schema?.example;
        const query = (op.parameters ?? []).filter((p) => p.in === 'query' && example(p) !== undefined).map((p) => `${p.name}=${encodeURIComponent(String(example(p)))}`);
        if (method !== 'get' || query.length === 0) continue;
        routes++;
        // a token per route: the analytics group allows one request per window in this app
        const res = await t.api.raw('get', `${path}?${query.join('&')}`, t.token(`params-${routes}`, ['admin']));
        expect([`${path}?${query.join('&')}`, res.status]).toEqual([`${path}?${query.join('&')}`, 200]);
      }
      expect(routes).toBe(6);
    });
  });
});

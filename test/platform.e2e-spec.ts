import { expect } from '@jest/globals';
import type { Role } from '../src/auth/roles';
import type { ExpandResponseDto } from '../src/expansion/dto/expand-response.dto';
import type { SynonymDto, SynonymListDto } from '../src/synonyms/dto/synonym-responses.dto';
import { ROUTES, unchecked, versioned } from './client';
import type { ApiRequest } from './client/http';
import { synonymBody } from './factories';
import { hs256Token, nowSeconds, unsignedToken } from './setup/auth';
import { createTestApp, type TestApp } from './setup/create-test-app';

describe('Platform: auth, errors, lists, versioning, docs', () => {
  let t: TestApp;
  let admin: string;
  let user: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = t.token('ada', ['admin']);
    user = t.token('uma', ['user']);
  });
  afterAll(() => t.close());

  describe('authentication', () => {
    const cases: [string, () => string | undefined, string][] = [
      ['no token', () => undefined, 'AUTHENTICATION_REQUIRED'],
      ['a malformed token', () => 'not.a.jwt', 'INVALID_TOKEN'],
      ['a token signed with another secret', () => hs256Token({ sub: 'x', roles: ['admin'], exp: nowSeconds() + 60 }, 'another-secret-another-secret-another!'), 'INVALID_TOKEN'],
      ['an alg=none token', () => unsignedToken({ sub: 'x', roles: ['admin'], exp: nowSeconds() + 60 }), 'INVALID_TOKEN'],
      ['an expired token (beyond the 30 s tolerance)', () => hs256Token({ sub: 'x', roles: ['admin'], exp: nowSeconds() - 120 }), 'TOKEN_EXPIRED'],
      ['a token without exp', () => hs256Token({ sub: 'x', roles: ['admin'] }), 'INVALID_TOKEN'],
      ['a token with an unknown role', () => hs256Token({ sub: 'x', roles: ['root'], exp: nowSeconds() + 60 }), 'INVALID_TOKEN'],
      ['a token without sub', () => hs256Token({ roles: ['admin'], exp: nowSeconds() + 60 }), 'INVALID_TOKEN'],
    ];
    it.each(cases)('answers %s with 401 and the error envelope', async (_name, token, code) => {
      const res = await t.api.synonyms.list({}, token());
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Unauthorized', message: expect.any(String), code });
    });

    it('accepts a token that expired within the 30 s clock tolerance', async () => {
      const res = await t.api.synonyms.list({}, hs256Token({ sub: 'x', roles: ['user'], exp: nowSeconds() - 5 }));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ synonyms: expect.any(Array), total: expect.any(Number) });
    });
  });

  describe('permissions', () => {
    const matrix: [string, (token: string) => ApiRequest<unknown>, Role[], number][] = [
      ['PUT a synonym', (token) => t.api.synonyms.update(1, { confidence: 0.5 }, token), ['user'], 403],
      ['PUT a synonym', (token) => t.api.synonyms.update(1, { confidence: 0.5 }, token), ['analyst'], 403],
      ['DELETE a synonym', (token) => t.api.synonyms.remove(1, token), ['service'], 403],
      ['read the audit log', (token) => t.api.admin.auditLog({}, token), ['curator'], 403],
      ['read the audit log', (token) => t.api.admin.auditLog({}, token), ['analyst'], 403],
    ];
    it.each(matrix)('refuses to %s for roles %j with %i', async (_n, send, roles, status) => {
      const res = await send(t.token('someone', roles));
      expect(res.status).toBe(status);
      expect(res.body.code).toBe('INSUFFICIENT_ROLE');
      expect(res.body.details?.provided_value).toEqual(roles);
    });

    it('lets an admin read the audit log', async () => {
      const res = await t.api.admin.auditLog({}, admin);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ audit_entries: expect.any(Array), total: expect.any(Number) });
    });
  });

  describe('error envelope', () => {
    it('answers an unknown route with 404 NOT_FOUND', async () => {
      const res = await t.api.raw('get', ROUTES.unknown, admin);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Not Found', message: expect.any(String), code: 'NOT_FOUND' });
    });

    it('answers malformed JSON with 400 MALFORMED_JSON', async () => {
      const res = await t.api.raw('post', ROUTES.synonyms, admin).set('Content-Type', 'application/json').send('{"term": "a",');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'Bad Request', message: 'Request body is not valid JSON', code: 'MALFORMED_JSON' });
    });

    it('answers a body over the size limit with 413 PAYLOAD_TOO_LARGE', async () => {
      const res = await t.api.synonyms.create({ term: 'a', synonym: 'b', notes: 'x'.repeat(300 * 1024) }, admin);
      expect(res.status).toBe(413);
      expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
    });

    it('refuses an unknown body property with details naming it', async () => {
      const res = await t.api.synonyms.create(unchecked({ ...synonymBody(), colour: 'red' }), admin);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.details).toEqual({ field: 'colour', expected_type: expect.stringContaining('no such property'), provided_value: 'red' });
    });

    it('refuses a __proto__ key with FORBIDDEN_PROPERTY and leaves Object.prototype alone', async () => {
      const res = await t.api.raw('post', ROUTES.synonyms, admin).set('Content-Type', 'application/json').send('{"term":"a","synonym":"b","__proto__":{"polluted":true}}');
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('FORBIDDEN_PROPERTY');
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });

    it('reports a wrong type with field, expected_type and provided_value', async () => {
      const res = await t.api.synonyms.create(unchecked({ ...synonymBody(), confidence: 'high' }), admin);
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual({ field: 'confidence', expected_type: 'number', provided_value: 'high' });
    });

    it('answers a non-object JSON body (an array) with a 400, not a 500', async () => {
      const res = await t.api.synonyms.create(unchecked([1, 2, 3]), admin);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'Bad Request', code: expect.stringMatching(/^[A-Z_]+$/) });
    });

    it('returns an X-Request-Id on every response and keeps a sane incoming one', async () => {
      const res = await t.api.synonyms.list({}, user).set('X-Request-Id', 'abc-123');
      expect(res.headers['x-request-id']).toBe('abc-123');
      const fresh = await t.api.synonyms.list({}, user).set('X-Request-Id', 'bad id with spaces');
      expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });
  });

  describe('lists', () => {
    it('refuses limit above 1000 with 400', async () => {
      const res = await t.api.synonyms.list({ limit: 1001 }, user);
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual({ field: 'limit', expected_type: 'number <= 1000', provided_value: 1001 });
    });

    it('refuses a sort field that is not a known column', async () => {
      const res = await t.api.synonyms.list({ sort: 'password' }, user);
      expect(res.status).toBe(400);
      expect(res.body.details?.field).toBe('sort');
    });

    it('refuses an order other than asc or desc', async () => {
      const res = await t.api.synonyms.list({ order: 'sideways' }, user);
      expect(res.status).toBe(400);
      expect(res.body.details?.field).toBe('order');
    });

    it('sets X-Total-Count, X-Page-Size, X-Page-Offset and X-Has-More', async () => {
      for (let i = 0; i < 3; i++) {
        await t.api.synonyms.create(synonymBody({ domain: 'listing' }), admin).expect(200);
      }
      const res = await t.api.synonyms.list({ domain: 'listing', limit: 2, offset: 0 }, user);
      expect(res.status).toBe(200);
      expect(res.headers['x-total-count']).toBe('3');
      expect(res.headers['x-page-size']).toBe('2');
      expect(res.headers['x-page-offset']).toBe('0');
      expect(res.headers['x-has-more']).toBe('true');
      expect(res.body.synonyms).toHaveLength(2);
      const last = await t.api.synonyms.list({ domain: 'listing', limit: 2, offset: 2 }, user);
      expect(last.headers['x-has-more']).toBe('false');
      expect(last.body.synonyms).toHaveLength(1);
    });
  });

  describe('versioning', () => {
    it('serves the spec shape on the unversioned path and names v2', async () => {
      const res = await t.api.synonyms.list({}, user);
      expect(res.headers['api-version']).toBe('v2');
      expect(Object.keys(res.body).sort()).toEqual(['synonyms', 'total']);
    });

    it('serves /api/v2 with the v2 list envelope', async () => {
      const res = await t.api.raw('get', `${versioned('v2', ROUTES.synonyms)}?limit=2&offset=2`, user);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        data: expect.any(Array),
        pagination: { total: expect.any(Number), page: 2, per_page: 2, offset: 2 },
        meta: { version: 'v2', timestamp: expect.any(String) },
      });
    });

    it('marks /api/v1 as deprecated in body and headers', async () => {
      const res = await t.api.raw<SynonymListDto & { deprecation_warning?: Record<string, unknown> }>('get', versioned('v1', ROUTES.synonyms), user);
      expect(res.status).toBe(200);
      expect(res.body.deprecation_warning).toEqual({
        version: 'v1',
        status: 'deprecated',
        deprecation_date: '2024-12-31',
        sunset_date: '2025-06-30',
        migration_guide: expect.any(String),
      });
      expect(res.body.synonyms).toEqual(expect.any(Array));
      expect(res.headers.deprecation).toBe(`@${Date.parse('2024-12-31T00:00:00Z') / 1000}`);
      expect(res.headers.sunset).toBe('Mon, 30 Jun 2025 00:00:00 GMT');
    });

    it('marks every v1 answer: object bodies of other routes gain the warning, errors keep the envelope with the headers', async () => {
      const expanded = await t.api.raw<ExpandResponseDto & { deprecation_warning?: Record<string, unknown> }>('post', versioned('v1', ROUTES.expand), user).send({ query: 'KPI dashboard' });
      expect(expanded.status).toBe(200);
      expect(expanded.body.deprecation_warning).toMatchObject({ version: 'v1', status: 'deprecated' });
      expect(expanded.body.expanded_queries).toEqual(expect.any(Array));
      const missing = await t.api.raw('get', versioned('v1', ROUTES.synonym(999999)), user);
      expect(missing.status).toBe(404);
      expect(Object.keys(missing.body as object).sort()).toEqual(['code', 'details', 'error', 'message']);
      expect(missing.headers['api-version']).toBe('v1');
      expect(missing.headers.sunset).toBe('Mon, 30 Jun 2025 00:00:00 GMT');
      const current = await t.api.expand({ query: 'KPI dashboard' }, user);
      expect(current.headers['api-version']).toBe('v2');
      expect(current.headers.deprecation).toBeUndefined();
      expect((current.body as { deprecation_warning?: unknown }).deprecation_warning).toBeUndefined();
      // v2 writes expand as prepared JSON text, v1 as an object amended with its warning: the same media type and content
      expect(current.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(expanded.headers['content-type']).toBe('application/json; charset=utf-8');
      const { deprecation_warning: _warning, ...v1Body } = expanded.body;
      const ids = (b: ExpandResponseDto) => ({ ...b, expansion_id: 'x', expanded_queries: b.expanded_queries.map((r) => ({ ...r, expansion_id: 'x' })), expansion_metadata: { ...b.expansion_metadata, processing_time_ms: 0 } });
      expect(current.body.expanded_queries.length).toBeGreaterThan(0);
      expect(ids(current.body)).toEqual(ids(v1Body));
    });

    it('takes the API-Version header, and the path wins over it', async () => {
      const byHeader = await t.api.synonyms.list({}, user).set('API-Version', '1');
      expect(byHeader.headers['api-version']).toBe('v1');
      const pathWins = await t.api.raw<{ data: SynonymDto[]; deprecation_warning?: unknown }>('get', versioned('v2', ROUTES.synonyms), user).set('API-Version', 'v1');
      expect(pathWins.headers['api-version']).toBe('v2');
      expect(pathWins.body.deprecation_warning).toBeUndefined();
    });

    it('takes the version query parameter, and the header wins over it', async () => {
      const byQuery = await t.api.synonyms.list('version=v1', user);
      expect(byQuery.status).toBe(200);
      expect(byQuery.headers['api-version']).toBe('v1');
      const headerWins = await t.api.synonyms.list('version=v1', user).set('API-Version', '2');
      expect(headerWins.headers['api-version']).toBe('v2');
    });

    it.each([
      [versioned('v3', ROUTES.synonyms), {}, 'v3'],
      [ROUTES.synonyms, { 'API-Version': 'banana' }, 'banana'],
      [`${ROUTES.synonyms}?version=9`, {}, '9'],
    ])('refuses %s %j with 400 UNSUPPORTED_API_VERSION naming %s', async (path, headers: Record<string, string>, named) => {
      const res = await t.api.raw('get', path, user).set(headers);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('UNSUPPORTED_API_VERSION');
      expect(res.body.message).toContain(`"${named}"`);
    });
  });

  describe('health and docs', () => {
    it('serves /health without a token and pings the database', async () => {
      const res = await t.api.health();
      expect(res.status).toBe(200);
      expect(res.body.details.database.status).toBe('up');
      expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    });

    it('serves the OpenAPI document with bearer auth and the error envelope', async () => {
      const res = await t.api.docs.json();
      expect(res.status).toBe(200);
      expect(res.body.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
      expect(res.body.components.schemas.ErrorResponseDto.required).toEqual(expect.arrayContaining(['error', 'message', 'code']));
      expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining([ROUTES.synonyms, ROUTES.synonym('{synonym_id}')]));
    });

    it('types every report section and response in the OpenAPI document (no free objects)', async () => {
      const { components, paths } = (await t.api.docs.json()).body;
      const report = components.schemas.ReportResponseDto.properties;
      for (const section of ['report_metadata', 'user_behavior_metrics', 'quality_metrics']) expect(report?.[section].$ref).toMatch(/Dto$/);
      expect(Object.keys(components.schemas.QualityMetricsDto.properties ?? {})).toEqual(expect.arrayContaining(['precision_score', 'recall_score', 'quality_trends']));
      expect(components.schemas.UserBehaviorMetricsDto.properties?.role_preferences.additionalProperties?.$ref).toContain('RolePreferenceDto');
      expect(components.schemas.ExpansionResultDto.properties?.metadata.$ref).toContain('ResultMetadataDto');
      const put = paths[ROUTES.synonym('{synonym_id}')].put.responses['200'].content?.['application/json'].schema.$ref;
      expect(put).toBeDefined();
      expect(components.schemas[put!.split('/').pop()!].properties).toHaveProperty('version');
    });

    it('serves Swagger UI at /docs', async () => {
      const res = await t.api.docs.ui();
      expect(res.status).toBe(200);
      expect(res.text).toContain('swagger-ui');
    });

    it('sets security headers (helmet)', async () => {
      const res = await t.api.health();
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.headers['content-security-policy']).toContain("script-src 'self' 'unsafe-inline'");
      expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
      expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    });

    it('with no CORS origin configured, names no origin and leaves a preflight to routing', async () => {
      const answer = await t.api.raw('get', '/health/live').set('Origin', 'https://search.example.com');
      expect(answer.status).toBe(200);
      expect(Object.keys(answer.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
      const preflight = await t.api.raw('options', ROUTES.expand).set('Origin', 'https://search.example.com').set('Access-Control-Request-Method', 'POST');
      expect(Object.keys(preflight.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
      expect(preflight.status).toBe(404);
      expect(preflight.body).toMatchObject({ code: 'NOT_FOUND' });
      expect(preflight.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });
  });
});

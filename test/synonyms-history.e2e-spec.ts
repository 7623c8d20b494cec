import { expect } from '@jest/globals';
import { ROUTES } from './client';
import { createTestApp, type TestApp } from './setup/create-test-app';

describe('GET /query-expansion/synonyms/{id}/history', () => {
  let t: TestApp;
  let curator: string;
  let admin: string;
  let user: string;

  beforeAll(async () => {
    t = await createTestApp();
    curator = t.token('cora', ['curator']);
    admin = t.token('ada', ['admin']);
    user = t.token('uma', ['user']);
  });
  afterAll(() => t.close());

  it("answers a created-then-updated entry's audit entries newest first, with old and new values and the list headers", async () => {
    const id = await t.api.synonyms.createdId({ term: 'laptop', synonym: 'notebook', domain: 'technical', confidence: 0.7 }, user);
    await t.api.synonyms.update(id, { confidence: 0.9, notes: 'checked', reason: 'confirmed by the data team' }, curator).expect(200);
    await t.api.synonyms.update(id, { status: 'active', reason: 'approved' }, admin).expect(200);

    const res = await t.api.synonyms.history(id, {}, curator);
    expect(res.status).toBe(200);
    expect(res.headers).toMatchObject({ 'x-total-count': '3', 'x-page-size': '100', 'x-page-offset': '0', 'x-has-more': 'false' });
    expect(res.body.total).toBe(3);
    expect(res.body.audit_entries.map((e) => [e.action, e.performed_by, e.reason])).toEqual([
      ['status_change', 'ada', 'approved'],
      ['update', 'cora', 'confirmed by the data team'],
      ['create', 'uma', null],
    ]);
    const [status, update, created] = res.body.audit_entries;
    expect(res.body.audit_entries.every((e) => e.synonym_id === id)).toBe(true);
    expect(created.old_values).toBeNull();
    expect(created.new_values).toMatchObject({ status: 'pending', confidence: 0.7, domain: 'technical' });
    expect(update.old_values).toMatchObject({ confidence: 0.7, notes: null });
    expect(update.new_values).toMatchObject({ confidence: 0.9, notes: 'checked' });
    expect(status.old_values).toMatchObject({ status: 'pending' });
    expect(status.new_values).toMatchObject({ status: 'active' });
    expect(Date.parse(status.performed_at)).toBeGreaterThanOrEqual(Date.parse(created.performed_at));

    const page = await t.api.synonyms.history(id, { limit: 1, offset: 1 }, admin);
    expect(page.status).toBe(200);
    expect(page.body).toEqual({ audit_entries: [update], total: 3 });
    expect(page.headers['x-has-more']).toBe('true');
  });

  it('keeps answering after the entry is deleted, the delete first', async () => {
    const id = await t.api.synonyms.createdId({ term: 'vendor', synonym: 'supplier', domain: 'business' }, curator);
    await t.api.synonyms.remove(id, curator, { reason: 'duplicate' }).expect(200);
    const res = await t.api.synonyms.history(id, {}, curator);
    expect(res.status).toBe(200);
    expect(res.body.audit_entries.map((e) => [e.action, e.reason])).toEqual([
      ['delete', 'duplicate'],
      ['create', null],
    ]);
    expect(res.body.audit_entries[0].new_values).toBeNull();
  });

  it('refuses a user token: 403 INSUFFICIENT_ROLE', async () => {
    const id = await t.api.synonyms.createdId({ term: 'k8s', synonym: 'kubernetes' }, curator);
    const res = await t.api.synonyms.history(id, {}, user);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'INSUFFICIENT_ROLE', details: { provided_value: ['user'] } });
    expect((await t.api.synonyms.history(id, {}, t.token('ana', ['analyst']))).status).toBe(403);
  });

  it('refuses a non-integer id and bad paging: 400 VALIDATION_ERROR', async () => {
    for (const bad of ['abc', '0', '-1', '1.5', 'review']) {
      const res = await t.api.synonyms.history(bad, {}, curator);
      expect([bad, res.status, res.body.code, res.body.details?.field]).toEqual([bad, 400, 'VALIDATION_ERROR', 'synonym_id']);
    }
    const limit = await t.api.synonyms.history(1, 'limit=1001', curator);
    expect([limit.status, limit.body.details?.field]).toEqual([400, 'limit']);
  });

  it('answers 404 SYNONYM_NOT_FOUND for an id that never had an audit entry', async () => {
    const res = await t.api.synonyms.history(987654, {}, curator);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'SYNONYM_NOT_FOUND', details: { field: 'synonym_id', provided_value: 987654 } });
  });

  it('does not shadow the neighbouring routes', async () => {
    const id = await t.api.synonyms.createdId({ term: 'db', synonym: 'database' }, curator);
    expect((await t.api.synonyms.get(id, user)).status).toBe(200);
    expect((await t.api.raw('get', ROUTES.synonymsReview, curator)).body.details?.field).toBe('synonym_id');
  });
});

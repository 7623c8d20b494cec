import { expect } from '@jest/globals';
import { ExpansionRecorder } from '../src/expansion/expansion-recorder.service';
import type { ExpandResponseDto } from '../src/expansion/dto/expand-response.dto';
import { createTestApp, type TestApp } from './setup/create-test-app';

/** The expand result cache (docs/EXPANSION.md, "Result cache"): same answers, fresh ids, never stale. */
describe('Expand result cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const metric = async (outcome: 'hit' | 'miss'): Promise<number> => {
    const res = await t.api.raw('get', '/metrics');
    expect(res.status).toBe(200);
    const line = (res.text ?? '').split('\n').find((l) => l.startsWith(`expansion_cache_total{outcome="${outcome}"} `));
    return line === undefined ? 0 : Number(line.split(' ')[1]);
  };
  /** The answer without what differs per request: ids and the time it took. */
  const content = (body: ExpandResponseDto) => ({
    ...body,
    expansion_id: undefined,
    expansion_metadata: { ...body.expansion_metadata, processing_time_ms: undefined },
    expanded_queries: body.expanded_queries.map((r) => ({ ...r, expansion_id: undefined })),
  });

  it('answers a repeated request from the cache: the same alternatives, its own ids, its own recorded event', async () => {
    const body = { query: 'VPN access for new hires', domain: 'technical', expansion_settings: { confidence_threshold: 0 } };
    const [hits, misses] = [await metric('hit'), await metric('miss')];
    const first = await t.api.expand(body, t.token('cache-ann', ['user']));
    const second = await t.api.expand(body, t.token('cache-bob', ['user']));
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.body.expanded_queries.length).toBeGreaterThan(1);
    expect(await metric('miss')).toBe(misses + 1);
    expect(await metric('hit')).toBe(hits + 1);
    expect(content(second.body)).toEqual(content(first.body));
    expect(second.body.expansion_id).not.toBe(first.body.expansion_id);
    expect(second.body.expanded_queries.map((r) => r.expansion_id)).toEqual(second.body.expanded_queries.map((_, i) => `${second.body.expansion_id}.${i + 1}`));
    // each answer is recorded as its own user's event, with its own result ids
    const recorder = t.app.get(ExpansionRecorder);
    await recorder.flush();
    const events = await Promise.all([first, second].map((r) => recorder.findEvent(r.body.expansion_id)));
    expect(events.map((e) => e?.userId)).toEqual(['cache-ann', 'cache-bob']);
    expect(events[1]?.results.map((r) => r.expansion_id)).toEqual(second.body.expanded_queries.map((r) => r.expansion_id));
    expect(events[1]?.results.map((r) => r.pairs)).toEqual(events[0]?.results.map((r) => r.pairs));
    // a rating of the cached answer's result is accepted as its own
    expect((await t.api.feedback.rate({ expansion_id: second.body.expanded_queries[0].expansion_id, was_helpful: true }, t.token('cache-bob', ['user']))).status).toBe(200);
  });

  it('shows a catalogue entry at once after it is created, and stops showing it once deleted', async () => {
    const curator = t.token('cache-curator', ['curator']);
    const user = t.token('cache-cy', ['user']);
    const body = { query: 'frobnicator notes', domain: 'technical', expansion_settings: { confidence_threshold: 0 } };
    const alternatives = async () => (await t.api.expand(body, user).expect(200)).body.expanded_queries.map((r) => r.expanded_query);
    const before = await alternatives();
    expect(await alternatives()).toEqual(before); // now cached
    expect(before).not.toContain('widget tuner notes');
    const id = await t.api.synonyms.createdId({ term: 'frobnicator', synonym: 'widget tuner', domain: 'technical', confidence: 0.95 }, curator);
    expect(await alternatives()).toContain('widget tuner notes');
    await t.api.synonyms.remove(id, curator, { reason: 'test' }).expect(200);
    expect(await alternatives()).toEqual(before);
  });

  it('shows a learnt confidence at once after a rating', async () => {
    const user = t.token('cache-dee', ['user']);
    const body = { query: 'VPN setup', domain: 'networking', enabled_strategies: ['acronym_expansion' as const], expansion_settings: { confidence_threshold: 0 } };
    const vpn = (res: { body: ExpandResponseDto }) => res.body.expanded_queries.find((r) => r.synonyms_used.some((s) => s.synonym === 'virtual private network'))!;
    const first = await t.api.expand(body, user).expect(200);
    expect(vpn(await t.api.expand(body, user).expect(200)).confidence_score).toBe(vpn(first).confidence_score);
    await t.api.feedback.rate({ expansion_id: vpn(first).expansion_id, was_helpful: false }, user).expect(200);
    const after = vpn(await t.api.expand(body, user).expect(200));
    expect(after.confidence_score).toBeLessThan(vpn(first).confidence_score);
  });

  it('keeps requests in different scopes apart: a role-scoped entry is shown to that role only', async () => {
    const curator = t.token('cache-curator2', ['curator']);
    await t.api.synonyms.createdId({ term: 'runbook', synonym: 'playbook', domain: 'technical', confidence: 0.95, user_role: 'developer' }, curator);
    const user = t.token('cache-eve', ['user']);
    const ask = async (role: string) =>
      (await t.api.expand({ query: 'runbook for outages', domain: 'technical', user_role: role, expansion_settings: { confidence_threshold: 0 } }, user).expect(200)).body.expanded_queries.map((r) => r.expanded_query);
    expect(await ask('developer')).toContain('playbook for outages');
    expect(await ask('sales')).not.toContain('playbook for outages');
    expect(await ask('developer')).toContain('playbook for outages');
  });
});

describe('Expand result cache turned off (EXPANSION_CACHE_SIZE=0)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { EXPANSION_CACHE_SIZE: '0' } });
  });
  afterAll(() => t.close());

  it('runs the engine for every request', async () => {
    const user = t.token('nocache', ['user']);
    for (let i = 0; i < 3; i++) expect((await t.api.expand({ query: 'VPN access' }, user)).status).toBe(200);
    const text = (await t.api.raw('get', '/metrics')).text ?? '';
    expect(text).toContain('expansion_cache_total{outcome="miss"} 3');
    expect(text).not.toContain('expansion_cache_total{outcome="hit"}');
  });
});

import 'reflect-metadata';
import { BodyAndQueryValidationPipe } from '../../src/common/validation/body-and-query-validation.pipe';
import { VALIDATION_OPTIONS } from '../../src/common/validation/validation-exception.factory';
import { ExpandRequestDto, ExpansionSettingsDto, expandRequestFastPath } from '../../src/expansion/dto/expand-request.dto';
import { EXPANSION_TYPES } from '../../src/expansion/engine/types';

/**
 * The fast path for expand bodies must give exactly what the global ValidationPipe gives, or stand aside:
 * every body it accepts is run through the pipe without it (the reference) and compared, over a seeded
 * random mix of valid, borderline and invalid values for every property.
 */
const reference = new BodyAndQueryValidationPipe(VALIDATION_OPTIONS);
const withFastPath = new BodyAndQueryValidationPipe(VALIDATION_OPTIONS, new Map([[ExpandRequestDto, expandRequestFastPath]]));
const BODY = { type: 'body' as const, metatype: ExpandRequestDto, data: '' };

/** A fresh parse of the body, as the JSON body parser makes it (in this realm: structuredClone's objects are of another). */
const copy = (body: unknown): unknown => JSON.parse(JSON.stringify(body)) as unknown;

/** The pipe's answer: the instance, or the error it throws (as its response, which is what a client sees). */
async function answer(pipe: BodyAndQueryValidationPipe, body: unknown): Promise<{ ok: true; value: unknown } | { ok: false; error: unknown }> {
  try {
    return { ok: true, value: await pipe.transform(copy(body), BODY) };
  } catch (err) {
    return { ok: false, error: (err as { getResponse?: () => unknown; message: string }).getResponse?.() ?? (err as Error).message };
  }
}

function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const objects = (n: number) => Array.from({ length: n }, (_, i) => ({ role: 'user', content: `message ${i}` }));
const POOLS: Record<string, unknown[]> = {
  query: ['laptop keeps crashing', '  VPN password reset  ', 'café ünïcode', 'printer 😀', 'a'.repeat(1000), ` ${'a'.repeat(1000)} `, `${'x'.repeat(999)}😀`, 'a'.repeat(1001), '', '   ', 'ctl\u0007 char', 'lone \ud800', 42, null, true, [], {}],
  user_id: ['alice', ' bob ', 'u'.repeat(255), 'u'.repeat(256), '', '  ', 7, null],
  user_role: ['developer', ' Technical ', 'HR Team', 'a_b.c-d', '-bad', 'bad!', '', 'x'.repeat(50), 'x'.repeat(51), ` ${'x'.repeat(50)} `, 'É', 3, null],
  domain: ['technical', ' Business ', 'legal', 'fin.ops', '_x', '', 'y'.repeat(50), 'y'.repeat(51), 9, null, ['technical']],
  department: ['engineering', '  Sales ', '', 'd'.repeat(100), ` ${'d'.repeat(100)} `, 'd'.repeat(101), 'bell\u0007', 'ok 😀', 'half \udc00', 5, null],
  session_id: ['s-1', ' s ', '', 'x'.repeat(255), 'x'.repeat(256), 'a\nb', 'ok 😀', null, 1],
  conversation_history: [[], [{ role: 'user', content: 'hi' }], [{ a: { b: [1, null, 'x'] } }], objects(50), [{ valueOf: 'notebook overheating' }], [{ a: [{ toString: 1 }] }], objects(51), [1], ['x'], [null], [[]], {}, 'x', null],
  available_documents: [[], [{ title: 'VPN guide', tags: ['it'] }], objects(100), [{ isPrototypeOf: 'x' }], objects(101), [2], {}, null],
  // keys naming members of Object.prototype are dropped by class-transformer: the fast path must leave them to it
  user_preferences: [{}, { preferred_terms: ['notebook'], excluded_terms: [] }, { nested: { deep: [{ x: 1 }, null] } }, { toString: 'x' }, { a: { hasOwnProperty: 1, prototype: 2 } }, [], 'x', null, 3],
  enabled_strategies: [[], ['synonym'], [...EXPANSION_TYPES], [...EXPANSION_TYPES, 'synonym'], ['synonym', 'synonym'], ['bogus'], 'synonym', [1], null],
  expansion_settings: [
    {},
    { max_expansions: 5 },
    { max_expansions: 1, confidence_threshold: 0, include_combined: false, include_or_form: true },
    { max_expansions: 50, confidence_threshold: 1 },
    { max_expansions: 0 },
    { max_expansions: 51 },
    { max_expansions: 2.5 },
    { max_expansions: '5' },
    { confidence_threshold: 0.5 },
    { confidence_threshold: 1.5 },
    { confidence_threshold: -0.1 },
    { include_combined: true },
    { include_or_form: 'yes' },
    { unknown: 1 },
    { max_expansions: null },
    [],
    'x',
    null,
  ],
  // not properties of the DTO: always refused
  Query: ['x'],
  extra: [1],
};

function randomBody(random: () => number): Record<string, unknown> {
  // the pools list valid values first: squaring skews the choice towards them, so most bodies are valid
  const pick = <T>(list: T[]): T => list[Math.floor(random() ** 2 * list.length)];
  const body: Record<string, unknown> = {};
  for (const [key, pool] of Object.entries(POOLS)) {
    const chance = key === 'query' ? 0.92 : key === 'Query' || key === 'extra' ? 0.03 : 0.3;
    if (random() < chance) body[key] = pick(pool);
  }
  return body;
}

describe('expand body fast path (differential against the ValidationPipe)', () => {
  it('accepts only what the pipe accepts, and returns an identical instance', async () => {
    const random = prng(20261123);
    let accepted = 0;
    let pipeAccepted = 0;
    for (let i = 0; i < 4000; i++) {
      const body = randomBody(random);
      const ref = await answer(reference, body);
      if (ref.ok) pipeAccepted++;
      const fast = expandRequestFastPath(copy(body));
      if (fast === undefined) continue;
      accepted++;
      if (!ref.ok) throw new Error(`fast path accepted a body the pipe refuses: ${JSON.stringify(body)} → ${JSON.stringify(ref.error)}`);
      expect(fast).toBeInstanceOf(ExpandRequestDto);
      expect(fast).toStrictEqual(ref.value);
      if (fast.expansion_settings !== undefined) expect(fast.expansion_settings).toBeInstanceOf(ExpansionSettingsDto);
    }
    // not vacuous: the mix holds many valid bodies, and the fast path takes most of them
    expect(pipeAccepted).toBeGreaterThan(800);
    expect(accepted / pipeAccepted).toBeGreaterThan(0.5);
  });

  it('gives the same answer as the pipe alone, errors included, through the pipe that holds it', async () => {
    const random = prng(7);
    for (let i = 0; i < 1500; i++) {
      const body = randomBody(random);
      expect(await answer(withFastPath, body)).toStrictEqual(await answer(reference, body));
    }
  });

  it('takes every ordinary request', () => {
    const ordinary = [
      { query: 'ML model deployment' },
      { query: 'how to reset my password for the VPN', user_role: 'Developer', department: 'Engineering', domain: 'technical' },
      { query: 'PTO policy', user_id: 'alice', session_id: 'sess-42', conversation_history: [{ role: 'user', content: 'leave' }], user_preferences: { preferred_terms: ['holiday'] } },
      { query: 'FY24 budget', enabled_strategies: ['acronym_expansion', 'domain_specific'], expansion_settings: { max_expansions: 3, confidence_threshold: 0.7, include_or_form: true } },
    ];
    for (const body of ordinary) expect(expandRequestFastPath(body)).toBeInstanceOf(ExpandRequestDto);
    expect(expandRequestFastPath({ query: '  Laptop  ', domain: ' Technical ' })).toMatchObject({ query: 'Laptop', domain: 'technical' });
  });

  it('stands aside for what it does not decide', () => {
    const inherited = { query: 'x', conversation_history: [{ valueOf: 'notebook' }], user_preferences: { toString: 'x' } };
    for (const body of [null, [], 'query', { domain: 'technical' }, { query: 'x', user_role: null }, { query: 'x', other: 1 }, { query: `${'x'.repeat(999)}😀` }, inherited]) {
      expect(expandRequestFastPath(body)).toBeUndefined();
    }
  });
});

import { TokenCache } from '../../src/auth/token-cache';

describe('TokenCache', () => {
  const alice = { id: 'alice', roles: ['user' as const] };
  const bob = { id: 'bob', roles: ['admin' as const] };
  let now = 1_000_000_000_000;
  const clock = () => now;

  it('serves a verified token until its exp, then refuses it', () => {
    const cache = new TokenCache(10, clock);
    cache.set('t1', alice, now / 1000 + 60);
    expect(cache.get('t1')).toBe(alice);
    now += 59_000;
    expect(cache.get('t1')).toBe(alice);
    now += 1_000;
    expect(cache.get('t1')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('never keeps an expired token, and is off at capacity 0', () => {
    const cache = new TokenCache(10, clock);
    cache.set('old', alice, now / 1000 - 1);
    expect(cache.get('old')).toBeUndefined();
    const off = new TokenCache(0, clock);
    off.set('t', alice, now / 1000 + 60);
    expect(off.get('t')).toBeUndefined();
  });

  it('is keyed by the exact token: another signature is another token', () => {
    const cache = new TokenCache(10, clock);
    cache.set('head.body.sig', alice, now / 1000 + 60);
    expect(cache.get('head.body.sIg')).toBeUndefined();
    expect(cache.get('head.body.sig ')).toBeUndefined();
  });

  it('drops the least recently used token at capacity', () => {
    const cache = new TokenCache(2, clock);
    cache.set('a', alice, now / 1000 + 60);
    cache.set('b', bob, now / 1000 + 60);
    expect(cache.get('a')).toBe(alice); // a is now the most recent
    cache.set('c', bob, now / 1000 + 60);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(alice);
    expect(cache.get('c')).toBe(bob);
    expect(cache.size).toBe(2);
  });
});

import { TtlCache } from '../../../shared/infra/ttl-cache';

describe('TtlCache', () => {
  it('forgets an entry at its TTL, or earlier at its own deadline', () => {
    const c = new TtlCache<string, number>(1000);
    const now = Date.now();
    c.set('a', 1);
    c.set('b', 2, now + 100);
    expect(c.get('a', now + 500)).toBe(1);
    expect(c.get('b', now + 50)).toBe(2);
    expect(c.get('b', now + 150)).toBeUndefined();
    expect(c.get('a', now + 1500)).toBeUndefined();
  });

  it('drops the oldest entry past its size bound', () => {
    const c = new TtlCache<string, number>(60_000, 2);
    c.set('a', 1);
    c.set('b', 2);
    c.set('c', 3);
    expect([c.get('a'), c.get('b'), c.get('c')]).toEqual([undefined, 2, 3]);
  });

  it('stores nothing when its TTL is 0 (the cache is off)', () => {
    const c = new TtlCache<string, number>(0);
    c.set('a', 1);
    expect(c.get('a')).toBeUndefined();
  });
});

import { ReplicatedCache, type InvalidationChannel } from '../../../shared/domain/cache/replicated-cache';

/** An in-process stand-in for the Redis channel: every cache on it hears every message, as replicas do. */
function channel(): InvalidationChannel & { sent: string[][] } {
  const listeners: Array<(keys: string[] | null) => void> = [];
  const sent: string[][] = [];
  return {
    sent,
    listen: (l) => void listeners.push(l),
    invalidate: async (keys) => {
      sent.push(keys);
      for (const l of listeners) l(keys);
    },
  };
}

describe('a cache whose entries every replica drops together', () => {
  it('a change on one replica drops the entry on the other, and only in its own namespace', async () => {
    const ch = channel();
    const a = new ReplicatedCache<string>({ namespace: 'token|', ttlMs: 60_000, channel: ch });
    const b = new ReplicatedCache<string>({ namespace: 'token|', ttlMs: 60_000, channel: ch });
    const other = new ReplicatedCache<string>({ namespace: 'apps|', ttlMs: 60_000, channel: ch });
    b.set('c1', 'old', b.mark());
    other.set('c1', 'kept', other.mark());

    await a.invalidate(['c1']);

    expect(ch.sent).toEqual([['token|c1']]);
    expect(b.get('c1')).toBeUndefined();
    expect(other.get('c1')).toBe('kept');
  });

  it('a value loaded before an invalidation is not cached after it', async () => {
    const c = new ReplicatedCache<string>({ namespace: 'x|', ttlMs: 60_000, channel: channel() });
    const mark = c.mark();
    await c.invalidate(['k']);
    c.set('k', 'stale', mark);
    expect(c.get('k')).toBeUndefined();
    c.set('k', 'fresh', c.mark());
    expect(c.get('k')).toBe('fresh');
  });

  it('a lost subscription (null) drops everything', () => {
    const listeners: Array<(keys: string[] | null) => void> = [];
    const c = new ReplicatedCache<string>({ namespace: 'x|', ttlMs: 60_000, channel: { listen: (l) => void listeners.push(l), invalidate: async () => undefined } });
    c.set('k', 'v', c.mark());
    listeners.forEach((l) => l(null));
    expect(c.get('k')).toBeUndefined();
  });

  it('an entry never outlives its own deadline, and a TTL of 0 caches and publishes nothing', async () => {
    const c = new ReplicatedCache<string>({ namespace: 'x|', ttlMs: 60_000, channel: channel() });
    c.set('k', 'v', c.mark(), Date.now() - 1);
    expect(c.get('k')).toBeUndefined();

    const ch = channel();
    const off = new ReplicatedCache<string>({ namespace: 'x|', ttlMs: 0, channel: ch });
    off.set('k', 'v', off.mark());
    expect(off.get('k')).toBeUndefined();
    await off.invalidate(['k']);
    expect(ch.sent).toEqual([]);
  });
});

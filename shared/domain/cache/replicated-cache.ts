import { TtlCache } from '../../infra/ttl-cache';

/** Where a change is told to every replica: the guard cache's Redis invalidation channel. */
export interface InvalidationChannel {
  listen(listener: (keys: string[] | null) => void): void;
  invalidate(keys: string[]): Promise<void>;
}

/**
 * An in-process cache whose entries every replica drops together. Its keys travel on the shared
 * invalidation channel under `namespace` (guard keys start with a tenant uuid, so namespaces never
 * collide with them); a replica that lost the subscription drops everything when it resubscribes,
 * and an entry lives at most `ttlMs` in between. `ttlMs` 0 turns caching off.
 */
export class ReplicatedCache<V> {
  private readonly entries: TtlCache<string, V>;
  /** Bumped by every invalidation: a load that started before one must not fill the cache after it. */
  private generation = 0;

  constructor(private readonly opts: { namespace: string; ttlMs: number; channel: InvalidationChannel; max?: number }) {
    this.entries = new TtlCache(opts.ttlMs, opts.max ?? 50_000);
    if (opts.ttlMs <= 0) return;
    const ns = opts.namespace;
    opts.channel.listen((keys) => {
      this.generation++;
      if (!keys) this.entries.clear();
      else for (const k of keys) if (k.startsWith(ns)) this.entries.delete(k.slice(ns.length));
    });
  }

  /** Take before loading; pass to `set`, which then refuses a value an invalidation made stale meanwhile. */
  mark(): number {
    return this.generation;
  }

  get(key: string): V | undefined {
    return this.entries.get(key);
  }

  /** Keeps the value (at most until `until`, epoch ms) unless an invalidation came in since `mark`; an older entry is dropped either way. */
  set(key: string, value: V, mark: number, until?: number): void {
    this.entries.delete(key);
    if (mark === this.generation) this.entries.set(key, value, until);
  }

  /** Drops the keys here at once and on the other replicas as the message arrives. */
  async invalidate(keys: string[]): Promise<void> {
    if (!keys.length || this.opts.ttlMs <= 0) return;
    this.generation++;
    for (const k of keys) this.entries.delete(k);
    await this.opts.channel.invalidate(keys.map((k) => this.opts.namespace + k));
  }
}

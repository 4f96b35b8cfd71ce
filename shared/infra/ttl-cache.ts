/**
 * A small in-process cache with a per-entry deadline and a size bound (oldest entries go first).
 * For hot-path lookups whose answer may be a few seconds stale by design.
 */
export class TtlCache<K, V> {
  private readonly map = new Map<K, { value: V; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly max = 10_000,
  ) {}

  get(key: K, now = Date.now()): V | undefined {
    const e = this.map.get(key);
    if (!e) return undefined;
    if (e.until <= now) {
      this.map.delete(key);
      return undefined;
    }
    return e.value;
  }

  /** `until` caps the entry's life below the TTL (e.g. a credential's own expiry). */
  set(key: K, value: V, until?: number): void {
    if (this.ttlMs <= 0) return;
    const deadline = Math.min(Date.now() + this.ttlMs, until ?? Number.POSITIVE_INFINITY);
    this.map.delete(key);
    this.map.set(key, { value, until: deadline });
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value as K);
  }

  delete(key: K): void {
    this.map.delete(key);
  }

  clear(): void {
    this.map.clear();
  }
}

import type { Logger } from '../../infra/logger';
import { subscribeChannel, type RedisClient } from '../../infra/redis';

/** What the guard needs about one account, independent of who asks. */
export interface AccountSnapshot {
  id: string;
  tenantId: string;
  platform: string;
  platformAccountId: string;
  ownerId: string | null;
  validated: boolean;
  status: string;
  connectionId: string | null;
  connectionStatus: string | null;
  /** Epoch ms; null = no timer expiry. */
  connectionExpiresAt: number | null;
  refreshable: boolean;
  managerId: string | null;
  /** Scopes the connection's grant holds (empty = not known). */
  connectionScopes: string[];
  /** The account's ISO 4217 currency as discovered (null = not known); the safe-write layer's guardrails compare in it. */
  currency: string | null;
}

/** `null` caches "unknown in the tenant" too, so probing random ids stays cheap. */
type Entry = { value: AccountSnapshot | null; until: number };

/**
 * In-process LRU with a short TTL in front of Postgres, invalidated on every replica through Redis
 * pub/sub. A replica that lost its subscription (Redis restart) drops its whole cache when it
 * resubscribes, because messages sent meanwhile are gone; the TTL bounds staleness in between.
 */
export class GuardCache {
  private readonly map = new Map<string, Entry>();
  private readonly channel: string;
  private sub?: RedisClient;
  /** Other in-process caches on this channel (the token cache): told the keys dropped, or null for all. */
  private readonly listeners: Array<(keys: string[] | null) => void> = [];
  private started = false;

  constructor(
    private readonly opts: { redis: RedisClient; prefix: string; ttlMs: number; max?: number; logger: Logger },
  ) {
    this.channel = `${opts.prefix}:guard:invalidate`;
  }

  /**
   * Opens the invalidation subscription when anything is cached here or listens (idempotent).
   * Building the cache has no side effect: the process starts it, and caching an entry starts it too.
   */
  start(): void {
    this.started = true;
    if (this.sub || (this.opts.ttlMs <= 0 && !this.listeners.length)) return;
    this.subscribe();
  }

  static key(tenantId: string, platform: string, platformAccountId: string) {
    return `${tenantId}|${platform}|${platformAccountId}`;
  }

  private subscribe() {
    this.sub = subscribeChannel(this.opts.redis, this.channel, {
      onMessage: (msg) => this.drop(msg === '*' ? null : msg.split('\n')),
      onResubscribed: () => this.drop(null),
      onError: (err) => this.opts.logger.warn({ err: err.message }, 'guard cache subscribe failed'),
    });
  }

  private drop(keys: string[] | null) {
    if (keys) for (const k of keys) this.map.delete(k);
    else this.map.clear();
    for (const l of this.listeners) l(keys);
  }

  /** Shares this channel (and its one subscriber connection) with another in-process cache. */
  listen(listener: (keys: string[] | null) => void): void {
    this.listeners.push(listener);
    if (this.started) this.start();
  }

  get(key: string): AccountSnapshot | null | undefined {
    const e = this.map.get(key);
    if (!e) return undefined;
    if (e.until <= Date.now()) {
      this.map.delete(key);
      return undefined;
    }
    // Re-insert to keep Map order as recency (LRU eviction from the front).
    this.map.delete(key);
    this.map.set(key, e);
    return e.value;
  }

  set(key: string, value: AccountSnapshot | null): void {
    if (this.opts.ttlMs <= 0) return;
    this.start();
    this.map.set(key, { value, until: Date.now() + this.opts.ttlMs });
    const max = this.opts.max ?? 50_000;
    if (this.map.size > max) this.map.delete(this.map.keys().next().value as string);
  }

  /** Drops the keys here and on every other replica. */
  async invalidate(keys: string[]): Promise<void> {
    if (!keys.length) return;
    for (const k of keys) this.map.delete(k);
    if (this.opts.ttlMs <= 0 && !this.listeners.length) return;
    await this.opts.redis.publish(this.channel, keys.join('\n')).catch((err: Error) =>
      this.opts.logger.warn({ err: err.message }, 'guard cache invalidation not published; other replicas expire by TTL'),
    );
  }

  close(): void {
    this.sub?.disconnect();
  }
}

import { getMany, type RedisClient } from '../../../infra/redis';
import { TtlCache } from '../../../infra/ttl-cache';

/**
 * Each account's `customer.currency_code`, cached in Redis so every replica shares it, and in
 * process so a fan-out over accounts already seen needs no Redis round trip before its first call.
 * A currency practically never changes, so a long TTL only bounds how stale a rare change can be;
 * the in-process copy never outlives the TTL either.
 */
export class CurrencyCache {
  private readonly local: TtlCache<string, string>;

  constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
    private readonly ttlSeconds: number,
    maxLocal = 20_000,
  ) {
    this.local = new TtlCache(ttlSeconds * 1000, maxLocal);
  }

  private key(customerId: string) {
    return `${this.prefix}:google:currency:${customerId}`;
  }

  async getMany(ids: readonly string[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    if (!ids.length || this.ttlSeconds <= 0) return out;
    const missing: string[] = [];
    for (const id of ids) {
      const hit = this.local.get(id);
      if (hit !== undefined) out.set(id, hit);
      else missing.push(id);
    }
    if (!missing.length) return out;
    const values = await getMany(this.redis, missing.map((id) => this.key(id))).catch(() => [] as (string | null)[]);
    // Redis says how long its copy lives no more cheaply than one more round trip: the local copy
    // of a read value lives for a tenth of the TTL, so a Redis expiry is noticed soon after.
    const until = Date.now() + (this.ttlSeconds * 1000) / 10;
    missing.forEach((id, i) => {
      const v = values[i];
      if (v) {
        out.set(id, v);
        this.local.set(id, v, until);
      }
    });
    return out;
  }

  async set(customerId: string, currency: string): Promise<void> {
    if (this.ttlSeconds <= 0) return;
    this.local.set(customerId, currency);
    await this.redis.set(this.key(customerId), currency, 'EX', this.ttlSeconds).catch(() => undefined);
  }
}

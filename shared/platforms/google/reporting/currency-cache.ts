import type { Redis } from 'ioredis';

/**
 * Each account's `customer.currency_code`, cached in Redis so every replica shares it. A currency
 * practically never changes, so a long TTL only bounds how stale a rare change can be.
 */
export class CurrencyCache {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly ttlSeconds: number,
  ) {}

  private key(customerId: string) {
    return `${this.prefix}:google:currency:${customerId}`;
  }

  async getMany(ids: readonly string[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    if (!ids.length || this.ttlSeconds <= 0) return out;
    const values = await this.redis.mget(...ids.map((id) => this.key(id))).catch(() => [] as (string | null)[]);
    ids.forEach((id, i) => {
      const v = values[i];
      if (v) out.set(id, v);
    });
    return out;
  }

  async set(customerId: string, currency: string): Promise<void> {
    if (this.ttlSeconds <= 0) return;
    await this.redis.set(this.key(customerId), currency, 'EX', this.ttlSeconds).catch(() => undefined);
  }
}

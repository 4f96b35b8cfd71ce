import type { RedisClient } from '../../infra/redis';

/** A tenant counts as waiting this long after its last write was accepted (or bounced for its share). */
const RECENT_MS = 5_000;
/**
 * A process notes one tenant at most this often: well inside RECENT_MS, so the tenant never drops
 * out of the window while it keeps submitting, and a burst of writes costs one Redis call a second.
 */
const NOTE_EVERY_MS = 1_000;

/**
 * Which tenants have writes waiting, roughly: the api notes a tenant when it accepts a write, a
 * worker when it puts one back for the tenant's share. The tenant-share gate asks whether anyone
 * other than the tenant it checks was noted in the last five seconds, so a tenant alone with a
 * backlog is not held to its share by its own waiting jobs.
 */
export class TenantDemand {
  private readonly key: string;
  private readonly notedAt = new Map<string, number>();

  constructor(
    private readonly redis: Pick<RedisClient, 'zadd' | 'zremrangebyscore' | 'zrevrangebyscore' | 'pexpire' | 'multi'>,
    prefix: string,
  ) {
    this.key = `${prefix}:write-demand`;
  }

  async note(tenantId: string): Promise<void> {
    const now = Date.now();
    if (now - (this.notedAt.get(tenantId) ?? -Infinity) < NOTE_EVERY_MS) return;
    this.notedAt.set(tenantId, now);
    if (this.notedAt.size > 10_000) this.notedAt.delete(this.notedAt.keys().next().value as string);
    await this.redis.multi().zadd(this.key, now, tenantId).zremrangebyscore(this.key, '-inf', now - RECENT_MS).pexpire(this.key, RECENT_MS * 5).exec();
  }

  /** The two tenants noted last within the window: enough to tell whether anyone but a given tenant waits. */
  async recent(): Promise<string[]> {
    return this.redis.zrevrangebyscore(this.key, '+inf', Date.now() - RECENT_MS, 'LIMIT', 0, 2);
  }
}

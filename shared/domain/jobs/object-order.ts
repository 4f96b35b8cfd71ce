import type { RedisClient } from '../../infra/redis';

/**
 * The objects a write changes, within one ad account: `scope` is `tenant:platform:account`, each
 * object what the operation's `targets` names (e.g. `campaign:123`). Carried in the write's queue
 * entry, so the worker checks the same keys the api recorded.
 */
export interface OrderedWrite {
  scope: string;
  objects: string[];
}

/** Kept this long after an object's last accepted write; a job open longer than that is no longer ordered. */
const ORDER_TTL_MS = 24 * 3600_000;
/** The earlier writes a check looks at, per object: enough to find one that is still open. */
const EARLIER_LIMIT = 20;

// KEYS[1] the scope's sequence, KEYS[2..] the objects' sets; ARGV: job id, ttl. One sequence per
// scope, so two writes sharing several objects are in the same order in each of them.
const RECORD = `local s = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
for i = 2, #KEYS do
  redis.call('ZADD', KEYS[i], s, ARGV[1])
  redis.call('PEXPIRE', KEYS[i], ARGV[2])
end
return s`;

// KEYS: the objects' sets; ARGV: job id, limit. The members accepted before the job, per set.
const EARLIER = `local out = {}
for i = 1, #KEYS do
  local s = redis.call('ZSCORE', KEYS[i], ARGV[1])
  if s then
    local e = redis.call('ZRANGEBYSCORE', KEYS[i], '-inf', '(' .. s, 'LIMIT', 0, tonumber(ARGV[2]))
    for _, m in ipairs(e) do out[#out + 1] = m end
  end
end
return out`;

/**
 * The order in which writes to one platform object were accepted: a sorted set per object, scored
 * by a sequence per ad account, the member being the job id. The api records a write before its
 * job is queued; the worker runs a write only when no earlier one of its objects is still open, and
 * drops it from the sets once it is settled (completed, or failed for good).
 */
export class ObjectOrder {
  constructor(
    private readonly redis: Pick<RedisClient, 'eval' | 'zrem'>,
    private readonly prefix: string,
  ) {}

  /** The order of a write of `account` to `objects`; undefined when it changes no named object. */
  static of(account: { tenantId: string; platform: string; platformAccountId: string }, objects: readonly string[] | undefined): OrderedWrite | undefined {
    if (!objects?.length) return undefined;
    return { scope: `${account.tenantId}:${account.platform}:${account.platformAccountId}`, objects: [...new Set(objects)] };
  }

  async record(jobId: string, w: OrderedWrite): Promise<void> {
    await this.redis.eval(RECORD, 1 + w.objects.length, this.sequenceKey(w), ...this.setKeys(w), jobId, ORDER_TTL_MS);
  }

  /** The jobs accepted before `jobId` on any of its objects and not yet dropped (settled or not). */
  async earlier(jobId: string, w: OrderedWrite): Promise<string[]> {
    const ids = (await this.redis.eval(EARLIER, w.objects.length, ...this.setKeys(w), jobId, EARLIER_LIMIT)) as string[];
    return [...new Set(ids)];
  }

  /** Drops settled jobs from the write's sets. */
  async drop(jobIds: readonly string[], w: OrderedWrite): Promise<void> {
    if (jobIds.length === 0) return;
    await Promise.all(this.setKeys(w).map((k) => this.redis.zrem(k, ...jobIds)));
  }

  // A hash tag of the scope keeps a scope's keys in one slot, as a script touching several needs.
  private sequenceKey(w: OrderedWrite): string {
    return `${this.prefix}:order:{${w.scope}}`;
  }

  private setKeys(w: OrderedWrite): string[] {
    return w.objects.map((o) => `${this.prefix}:order:{${w.scope}}:${o}`);
  }
}

import type { Redis } from 'ioredis';

/** One budget a call counts against: at most `limit` calls in any `windowMs`, at least `gapMs` apart. */
export interface WindowRule {
  key: string;
  limit: number;
  windowMs: number;
  gapMs: number;
}

/** `granted`: the call may leave now and is logged at `at`. Otherwise `waitMs` until room may exist. */
export interface Attempt {
  granted: boolean;
  waitMs: number;
  /** The clock the decision was made on (Redis time for the shared log), epoch ms. */
  at: number;
}

/**
 * A sliding-window log per budget: every granted call is a member of a sorted set scored by the
 * time it was granted. A call is granted only if, at that moment, every budget it counts against
 * has fewer than `limit` entries in the last `windowMs` and its newest entry is `gapMs` old; the
 * check and the insert are one script, so replicas can never both take the last place. Nothing is
 * granted ahead of time: a caller told to wait asks again, so a late timer only makes a call later.
 * Re-running with the same member first drops that member's entry (a grant that went stale before
 * the call could leave is given back and taken again at the current time, if there is still room;
 * the gap, which only spreads new calls out, does not hold such a re-take back).
 */
const TAKE = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local member = ARGV[1]
local wait = 0
for i = 1, #KEYS do
  local k = KEYS[i]
  local limit = tonumber(ARGV[i * 3 - 1])
  local win = tonumber(ARGV[i * 3])
  local gap = tonumber(ARGV[i * 3 + 1])
  redis.call('zremrangebyscore', k, '-inf', now - win)
  local retake = redis.call('zrem', k, member) == 1
  local n = redis.call('zcard', k)
  if n >= limit then
    local e = redis.call('zrange', k, n - limit, n - limit, 'WITHSCORES')
    wait = math.max(wait, tonumber(e[2]) + win - now)
  end
  if n > 0 and gap > 0 and not retake then
    local last = redis.call('zrange', k, -1, -1, 'WITHSCORES')
    wait = math.max(wait, tonumber(last[2]) + gap - now)
  end
end
if wait > 0 then return {0, wait, now} end
for i = 1, #KEYS do
  redis.call('zadd', KEYS[i], now, member)
  redis.call('pexpire', KEYS[i], tonumber(ARGV[i * 3]) + 1000)
end
return {1, 0, now}`;

let memberSeq = 0;
const memberPrefix = `${process.pid}.${Math.random().toString(36).slice(2, 8)}`;
/** A member name no other call in any replica uses. */
export const newMember = () => `${memberPrefix}.${++memberSeq}`;

interface ScriptClient extends Redis {
  limiterTake(numKeys: number, ...args: (string | number)[]): Promise<[number, number, number]>;
}

/** The shared log in Redis. */
export class RedisWindowLog {
  private readonly client: ScriptClient;

  constructor(redis: Redis) {
    if (!('limiterTake' in redis)) redis.defineCommand('limiterTake', { lua: TAKE });
    this.client = redis as ScriptClient;
  }

  async take(rules: WindowRule[], member: string): Promise<Attempt> {
    const args: (string | number)[] = rules.map((r) => r.key);
    args.push(member);
    for (const r of rules) args.push(r.limit, r.windowMs, r.gapMs);
    const [granted, waitMs, at] = await this.client.limiterTake(rules.length, ...args);
    return { granted: granted === 1, waitMs, at };
  }
}

/** The same rules kept in process memory, for when Redis cannot answer (each replica then paces alone). */
export class LocalWindowLog {
  private readonly logs = new Map<string, { at: number; member: string }[]>();

  take(rules: WindowRule[], member: string, now = Date.now()): Attempt {
    let wait = 0;
    const kept: { at: number; member: string }[][] = [];
    for (const r of rules) {
      const live = (this.logs.get(r.key) ?? []).filter((e) => e.at > now - r.windowMs);
      const log = live.filter((e) => e.member !== member);
      this.logs.set(r.key, log);
      kept.push(log);
      if (log.length >= r.limit) wait = Math.max(wait, log[log.length - r.limit]!.at + r.windowMs - now);
      if (log.length && r.gapMs > 0 && log.length === live.length) wait = Math.max(wait, log[log.length - 1]!.at + r.gapMs - now);
    }
    if (wait > 0) return { granted: false, waitMs: wait, at: now };
    for (const log of kept) log.push({ at: now, member });
    return { granted: true, waitMs: 0, at: now };
  }

  /** Drops logs with nothing left in their window, so idle accounts do not accumulate. */
  sweep(maxWindowMs: number, now = Date.now()): void {
    for (const [k, log] of this.logs) if (!log.length || log[log.length - 1]!.at <= now - maxWindowMs) this.logs.delete(k);
  }
}

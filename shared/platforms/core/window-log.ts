import type { RedisClient } from '../../infra/redis';

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
 * Lua, inside a loop over budgets with `log`, `limit`, `win`, `gap`, `member` and `now` in scope:
 * drops the log's expired entries and `member`'s own earlier entry (a re-take), then raises
 * `waitVar` to when the log has room for one more call, `gap` after its newest.
 */
const logWait = (waitVar: string) => `  redis.call('zremrangebyscore', log, '-inf', now - win)
  local retake = redis.call('zrem', log, member) == 1
  local c = redis.call('zcard', log)
  if c >= limit then
    local e = redis.call('zrange', log, c - limit, c - limit, 'WITHSCORES')
    ${waitVar} = math.max(${waitVar}, tonumber(e[2]) + win - now)
  end
  if c > 0 and gap > 0 and not retake then
    local last = redis.call('zrange', log, -1, -1, 'WITHSCORES')
    ${waitVar} = math.max(${waitVar}, tonumber(last[2]) + gap - now)
  end`;

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
  local log = KEYS[i]
  local limit = tonumber(ARGV[i * 3 - 1])
  local win = tonumber(ARGV[i * 3])
  local gap = tonumber(ARGV[i * 3 + 1])
${logWait('wait')}
end
if wait > 0 then return {0, wait, now} end
for i = 1, #KEYS do
  redis.call('zadd', KEYS[i], now, member)
  redis.call('pexpire', KEYS[i], tonumber(ARGV[i * 3]) + 1000)
end
return {1, 0, now}`;

/**
 * The same decision for a write made from a job run, with reservations (docs/architecture.md,
 * "Write reservations"). Each budget has, next to its log, a sorted set of reservations: job id →
 * the time that job's call may go, spaced `spacing` (= windowMs / limit) apart and handed out in
 * the order the script runs, i.e. arrival order across every replica.
 * - The caller holds a reservation (`holder` is in a reservation set): before its time, the answer
 *   is "reserved, `wait` ms"; once it has come, the log decides as for any call (wait when it has no
 *   room yet), and a grant drops the reservation.
 * - Otherwise the call goes now if the log has room and no budget is booked up: a budget is booked
 *   up when its log entries and its reservations within a window of now fill its limit (a fresh call
 *   then never overtakes a reservation still to come). Else it is given a reservation at the first
 *   time every budget allows: past the log's own wait and, for each booked-up budget, one spacing
 *   after its latest reservation. A budget with room to spare (an app budget shared by many
 *   accounts, one of which has a backlog) orders nobody behind that backlog.
 * Reservations older than `grace` are dropped (a job that never came back), so they cannot hold a
 * budget for ever. Returns {1, 0, now} granted, {3, 0, now} granted on the holder's reservation,
 * {0, wait, now} wait (its time has come, the log has no room yet), {2, wait, now} reserved for
 * now + wait (given now, or held from before).
 * KEYS: log and reservation set per budget. ARGV: member, holder, grace, then limit, window, gap,
 * spacing per budget.
 */
const RESERVE = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local member = ARGV[1]
local holder = ARGV[2]
local grace = tonumber(ARGV[3])
local n = #KEYS / 2
local logWait = 0
local at = now
local held = nil
for i = 1, n do
  local log = KEYS[i * 2 - 1]
  local resv = KEYS[i * 2]
  local limit = tonumber(ARGV[i * 4])
  local win = tonumber(ARGV[i * 4 + 1])
  local gap = tonumber(ARGV[i * 4 + 2])
  local spacing = tonumber(ARGV[i * 4 + 3])
  redis.call('zremrangebyscore', resv, '-inf', now - grace)
${logWait('logWait')}
  local mine = redis.call('zscore', resv, holder)
  if mine then held = math.max(held or 0, tonumber(mine)) end
  local ahead = redis.call('zcount', resv, now - win, now + win)
  if ahead > 0 and ahead + c >= limit then
    local tail = redis.call('zrange', resv, -1, -1, 'WITHSCORES')
    at = math.max(at, tonumber(tail[2]) + spacing)
  end
end
if held then
  if held > now then return {2, held - now, now} end
  if logWait > 0 then return {0, logWait, now} end
elseif logWait > 0 or at > now then
  local when = math.max(now + logWait, at)
  for i = 1, n do
    redis.call('zadd', KEYS[i * 2], when, holder)
    redis.call('pexpire', KEYS[i * 2], when - now + grace + 1000)
  end
  return {2, when - now, now}
end
for i = 1, n do
  redis.call('zadd', KEYS[i * 2 - 1], now, member)
  redis.call('pexpire', KEYS[i * 2 - 1], tonumber(ARGV[i * 4 + 1]) + 1000)
  if held then redis.call('zrem', KEYS[i * 2], holder) end
end
if held then return {3, 0, now} end
return {1, 0, now}`;

/** A budget with its reservation set (a job's write: `RedisWindowLog.reserve`). */
export interface ReservedRule extends WindowRule {
  /** Sorted set of reservations: job id → the time its call may go. */
  reservationKey: string;
  /** Between two reservations: windowMs / limit, the log's own average rate. */
  spacingMs: number;
}

/**
 * `reserved`: not granted; the caller holds (or was just given) a reservation and may go in
 * `waitMs`. `held`: granted on the caller's reservation.
 */
export interface Reservation extends Attempt {
  reserved: boolean;
  held: boolean;
}

let memberSeq = 0;
const memberPrefix = `${process.pid}.${Math.random().toString(36).slice(2, 8)}`;
/** A member name no other call in any replica uses. */
export const newMember = () => `${memberPrefix}.${++memberSeq}`;

type ScriptClient = RedisClient & {
  limiterTake(numKeys: number, ...args: (string | number)[]): Promise<[number, number, number]>;
  limiterReserve(numKeys: number, ...args: (string | number)[]): Promise<[number, number, number]>;
};

/** The shared log in Redis. */
export class RedisWindowLog {
  private readonly client: ScriptClient;

  constructor(redis: RedisClient) {
    if (!('limiterTake' in redis)) redis.defineCommand('limiterTake', { lua: TAKE });
    if (!('limiterReserve' in redis)) redis.defineCommand('limiterReserve', { lua: RESERVE });
    this.client = redis as ScriptClient;
  }

  async take(rules: WindowRule[], member: string): Promise<Attempt> {
    const args: (string | number)[] = rules.map((r) => r.key);
    args.push(member);
    for (const r of rules) args.push(r.limit, r.windowMs, r.gapMs);
    const [granted, waitMs, at] = await this.client.limiterTake(rules.length, ...args);
    return { granted: granted === 1, waitMs, at };
  }

  /**
   * A job's write: granted now, or told when it may go. `holder` (the job id) names its reservation,
   * kept until the job's call is granted or `graceMs` after its time.
   */
  async reserve(rules: ReservedRule[], member: string, holder: string, graceMs: number): Promise<Reservation> {
    const args: (string | number)[] = rules.flatMap((r) => [r.key, r.reservationKey]);
    args.push(member, holder, graceMs);
    for (const r of rules) args.push(r.limit, r.windowMs, r.gapMs, r.spacingMs);
    const [state, waitMs, at] = await this.client.limiterReserve(rules.length * 2, ...args);
    return { granted: state === 1 || state === 3, reserved: state === 2, held: state === 3, waitMs, at };
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

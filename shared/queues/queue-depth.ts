import type { Queue } from 'bullmq';
import type { ChainableCommander } from 'ioredis';
import { isCluster, type RedisClient } from '../infra/redis';

/**
 * The states an autoscaler and a dashboard read, per queue. `delayed_due`: delayed jobs whose time
 * has come, which a worker takes now (counted in `delayed` too).
 */
export const DEPTH_STATES = ['waiting', 'prioritized', 'delayed', 'active', 'completed', 'failed', 'delayed_due'] as const;
export type DepthState = (typeof DEPTH_STATES)[number];

export interface QueueDepth {
  counts: Record<DepthState, number>;
  /** Age of the oldest job a worker could take now (waiting, prioritized, or delayed and due); 0 when none. */
  oldestWaitingSeconds: number;
}

/**
 * One queue's depth in one script call, so the numbers are of one instant. The keys are the queue's
 * own (BullMQ names them `<prefix>:<queue>:<kind>`, on a Redis Cluster all in the queue's hash slot),
 * and so is every job key read (`<prefix>:<queue>:<id>`).
 *
 * Age: a waiting job (the list's tail, the next one taken) or prioritized one (the lowest score) is
 * ready since its last start when it was put back (`processedOn`), else since its creation plus its
 * delay; a due delayed job since its due time, which BullMQ keeps in the score (ms × 0x1000 + counter).
 * KEYS: wait, prioritized, delayed, active, completed, failed. ARGV: job key prefix, now (ms).
 */
const DEPTH_SCRIPT = `
local now = tonumber(ARGV[2])
local function readySince(id)
  if not id then return nil end
  local h = redis.call('HMGET', ARGV[1] .. id, 'timestamp', 'delay', 'processedOn')
  local created = tonumber(h[1])
  if not created then return nil end
  local started = tonumber(h[3])
  if started then return math.max(started, created) end
  return created + (tonumber(h[2]) or 0)
end
local oldest = now
local function consider(t) if t and t < oldest then oldest = t end end
consider(readySince(redis.call('LINDEX', KEYS[1], -1)))
consider(readySince(redis.call('ZRANGE', KEYS[2], 0, 0)[1]))
local due = 0
local first = redis.call('ZRANGE', KEYS[3], 0, 0, 'WITHSCORES')
if first[2] then
  local at = math.floor(tonumber(first[2]) / 4096)
  if at <= now then
    consider(at)
    due = redis.call('ZCOUNT', KEYS[3], 0, (now + 1) * 4096 - 1)
  end
end
return { redis.call('LLEN', KEYS[1]), redis.call('ZCARD', KEYS[2]), redis.call('ZCARD', KEYS[3]), redis.call('LLEN', KEYS[4]),
  redis.call('ZCARD', KEYS[5]), redis.call('ZCARD', KEYS[6]), due, now - oldest }`;

function addDepth(p: ChainableCommander, q: Queue, now: number): void {
  const k = q.keys;
  p.eval(DEPTH_SCRIPT, 6, k.wait!, k.prioritized!, k.delayed!, k.active!, k.completed!, k.failed!, q.toKey(''), String(now));
}

function toDepth(raw: unknown): QueueDepth {
  const n = (raw as number[]).map(Number);
  const counts = Object.fromEntries(DEPTH_STATES.map((s, i) => [s, n[i] ?? 0])) as Record<DepthState, number>;
  return { counts, oldestWaitingSeconds: Math.max(0, (n[7] ?? 0) / 1000) };
}

/**
 * Reads every queue's depth: one pipeline on one Redis; on a cluster, where a pipeline may only
 * touch one slot, one call per queue (each queue has its own slot), all at once. A scrape within
 * `cacheMs` of the last one gets the same answer, so many scrapers cost Redis one read.
 */
export function queueDepthReader(queues: readonly Queue[], cacheMs = 2_000): () => Promise<Record<string, QueueDepth>> {
  let last: { at: number; value: Promise<Record<string, QueueDepth>> } | undefined;
  const read = async () => {
    const client = (await queues[0]!.client) as unknown as RedisClient;
    const now = Date.now();
    const groups = isCluster(client) ? queues.map((q) => [q]) : [queues];
    const results = await Promise.all(
      groups.map(async (group) => {
        const p = client.pipeline();
        for (const q of group) addDepth(p, q, now);
        const out = (await p.exec()) ?? [];
        return group.map((q, i) => {
          const [err, raw] = out[i] ?? [new Error('no reply')];
          if (err) throw err;
          return [q.name, toDepth(raw)] as const;
        });
      }),
    );
    return Object.fromEntries(results.flat());
  };
  return () => {
    const now = Date.now();
    if (!last || now - last.at >= cacheMs) {
      const value = read();
      last = { at: now, value };
      // A failed read is not kept: the next scrape tries again.
      value.catch(() => {
        if (last?.value === value) last = undefined;
      });
    }
    return last.value;
  };
}

import type { Logger } from '../../infra/logger';
import { deleteMatching, getMany, openSubscription, type RedisClient } from '../../infra/redis';

// Only raises the pause: a shorter signal never cuts a longer pause another replica set. The
// channel is an argument, not a key: on a Redis Cluster a script's keys must share one slot.
const EXTEND_PAUSE = `local cur = tonumber(redis.call('get', KEYS[1]) or '0')
if tonumber(ARGV[1]) > cur then redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2]) end
redis.call('publish', ARGV[3], KEYS[1] .. ' ' .. ARGV[1])
return 1`;

interface Known {
  /** Epoch ms the key is paused until (0 = not paused). */
  until: number;
  /** When Redis (or a published pause) last told us; older than `freshMs` → ask again. */
  seenAt: number;
  /** Last local or published raise; a Redis read sent before it may not include it. */
  raisedAt: number;
}

/**
 * The pause keys every replica honours before calling a platform, kept in Redis and mirrored in
 * process. Reads are served from the mirror, so the hot path does no Redis round trip: a pause set
 * anywhere is published and lands in every replica's mirror at once; an entry is re-read from Redis
 * once it is `freshMs` old, which bounds staleness when a message is lost (subscriber reconnecting).
 */
export class PauseBoard {
  private readonly known = new Map<string, Known>();
  /** Keys being read from Redis, each with the read that will answer it. */
  private readonly reading = new Map<string, Promise<void>>();
  /** Stale keys found in this tick, read together once it ends. */
  private batch?: string[];
  private batchRead?: Promise<void>;
  private readonly channel: string;
  private subscription?: { sub: RedisClient; ready: Promise<void> };
  private readonly freshMs: number;

  constructor(
    private readonly opts: { redis: RedisClient; prefix: string; logger: Logger; freshMs?: number; max?: number },
  ) {
    this.channel = `${opts.prefix}:lim:pause:events`;
    this.freshMs = opts.freshMs ?? 1000;
  }

  /**
   * Opens the subscription (idempotent). Building the board has no side effect; its first read or
   * raise starts it, so a board nobody started still hears the other replicas. What it learned
   * before the subscription took hold is re-read from Redis once `freshMs` old.
   */
  start(): { ready: Promise<void> } {
    this.subscription ??= openSubscription(this.opts.redis, this.channel, {
      onMessage: (msg) => {
        if (msg === '*') return this.known.clear();
        const sep = msg.lastIndexOf(' ');
        this.learn(msg.slice(0, sep), Number(msg.slice(sep + 1)), Date.now());
      },
      onResubscribed: () => this.known.clear(),
      onError: (err) => this.opts.logger.warn({ err: err.message }, 'pause board subscribe failed'),
    });
    return this.subscription;
  }

  /** Settles once the first SUBSCRIBE took hold: from then on, every published pause reaches this replica. */
  ready(): Promise<void> {
    return this.start().ready;
  }

  /**
   * `readSince` set: Redis's answer to a read sent then, which is the truth unless a raise arrived
   * after the read went out. Unset: a raise, which only ever lengthens the pause.
   */
  private learn(key: string, until: number, now: number, readSince?: number): void {
    const cur = this.known.get(key);
    if (cur) {
      const raisedMeanwhile = readSince !== undefined && cur.raisedAt >= readSince;
      cur.until = readSince === undefined || raisedMeanwhile ? Math.max(cur.until, until) : until;
      cur.seenAt = now;
      if (readSince === undefined) cur.raisedAt = now;
      return;
    }
    if (this.known.size >= (this.opts.max ?? 50_000)) this.known.delete(this.known.keys().next().value as string);
    this.known.set(key, { until, seenAt: now, raisedAt: readSince === undefined ? now : 0 });
  }

  /** Raises the pause of `key` to `until` on every replica. */
  async raise(key: string, until: number, ttlMs: number): Promise<void> {
    this.start();
    this.learn(key, until, Date.now());
    await this.opts.redis.eval(EXTEND_PAUSE, 1, key, String(until), String(ttlMs), this.channel);
  }

  /** Lifts every pause whose key starts with `keyPrefix`, on every replica. */
  async clearAll(keyPrefix: string): Promise<number> {
    const n = await deleteMatching(this.opts.redis, `${keyPrefix}*`);
    this.known.clear();
    await this.opts.redis.publish(this.channel, '*');
    return n;
  }

  /**
   * The latest pause deadline among `keys` (epoch ms; 0 = none). Redis down → what we last knew.
   * Answers synchronously when every key is fresh, which is the hot path.
   */
  until(keys: string[]): number | Promise<number> {
    this.start();
    const now = Date.now();
    let stale: string[] | undefined;
    for (const k of keys) {
      const e = this.known.get(k);
      if (!e || now - e.seenAt >= this.freshMs) (stale ??= []).push(k);
    }
    if (stale) return this.refresh(stale).then(() => this.latest(keys));
    return this.latest(keys);
  }

  private latest(keys: string[]): number {
    let max = 0;
    for (const k of keys) max = Math.max(max, this.known.get(k)?.until ?? 0);
    return max;
  }

  /**
   * Each stale key is read once however many calls find it stale, and the keys found stale in the
   * same tick go out as one read (an MGET on one node): a fan-out over 50 accounts asks Redis once,
   * not once per account.
   */
  private refresh(keys: string[]): Promise<void> {
    let waits: Set<Promise<void>> | undefined;
    let one: Promise<void> | undefined;
    for (const k of keys) {
      let p = this.reading.get(k);
      if (!p) this.reading.set(k, (p = this.enqueue(k)));
      if (one === undefined || one === p) one = p;
      else (waits ??= new Set([one])).add(p);
    }
    return waits ? Promise.all(waits).then(() => undefined) : (one ?? Promise.resolve());
  }

  private enqueue(key: string): Promise<void> {
    if (this.batch && this.batchRead) {
      this.batch.push(key);
      return this.batchRead;
    }
    const batch = (this.batch = [key]);
    return (this.batchRead = new Promise<void>((resolve) =>
      process.nextTick(() => {
        this.batch = undefined;
        this.batchRead = undefined;
        void this.read(batch).then(resolve);
      }),
    ));
  }

  /** Reads `keys` from Redis into the mirror; Redis down: keeps what we knew, asked again once stale again. */
  private async read(keys: string[]): Promise<void> {
    const sentAt = Date.now();
    try {
      const vals = await getMany(this.opts.redis, keys);
      const at = Date.now();
      keys.forEach((k, i) => this.learn(k, Number(vals[i] ?? 0), at, sentAt));
    } catch {
      const at = Date.now();
      for (const k of keys) this.learn(k, this.known.get(k)?.until ?? 0, at, sentAt);
    } finally {
      for (const k of keys) this.reading.delete(k);
    }
  }

  close(): void {
    this.subscription?.sub.disconnect();
  }
}

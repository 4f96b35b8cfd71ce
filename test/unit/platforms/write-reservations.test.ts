import IORedis from 'ioredis';
import pino from 'pino';
import { isAppError } from '../../../shared/errors/app-error';
import { isRunLater, RunLaterError } from '../../../shared/errors/run-later';
import { loadConfig } from '../../../shared/infra/config';
import { createPlatformRegistry } from '../../../shared/platforms';
import { withJobRun } from '../../../shared/platforms/core/job-run-context';
import { OutboundLimiter, type Deferral, type Grant, type LimitKey } from '../../../shared/platforms/core/limiter';
import { RedisWindowLog, type ReservedRule } from '../../../shared/platforms/core/window-log';
import { uniquePrefix } from '../../helpers/test-app';

/**
 * Write reservations (docs/architecture.md, "Write reservations"): a job's write that cannot go
 * soon is given a time in its budget's queue and sent back (RunLaterError) instead of waiting in its
 * worker slot. Every assertion reads the decisions (the script's answers, the reservation sets in
 * Redis, the limiter's onGrant/onDefer), never elapsed time.
 */
jest.setTimeout(30_000);
const config = loadConfig(process.env);
const prefix = uniquePrefix('resv');
let redis: IORedis;
let shared: RedisWindowLog;

/** A budget of `limit` calls a minute: a reservation every 60 000 / limit ms. */
const budget = (name: string, limit: number, gapMs = 0): ReservedRule => ({
  key: `${prefix}:log:${name}`,
  reservationKey: `${prefix}:resv:${name}`,
  limit,
  windowMs: 60_000,
  gapMs,
  spacingMs: 60_000 / limit,
});
const GRACE = 60_000;
const redisNow = async () => {
  const [s, us] = await redis.time();
  return Number(s) * 1000 + Math.floor(Number(us) / 1000);
};
const reservations = async (r: ReservedRule) => {
  const flat = await redis.zrange(r.reservationKey, 0, -1, 'WITHSCORES');
  const out: [string, number][] = [];
  for (let i = 0; i < flat.length; i += 2) out.push([flat[i]!, Number(flat[i + 1])]);
  return out;
};

beforeAll(() => {
  redis = new IORedis(config.REDIS_URL);
  shared = new RedisWindowLog(redis);
});
afterAll(async () => {
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
});

describe('the reservation script', () => {
  it('grants while the log has room; then hands out reservations in arrival order, one spacing apart, starting when the log frees', async () => {
    const r = budget('fifo', 2);
    const a = await shared.reserve([r], 'm-a', 'job-a', GRACE);
    const b = await shared.reserve([r], 'm-b', 'job-b', GRACE);
    expect([a.granted, b.granted]).toEqual([true, true]);
    const later = [];
    for (const job of ['job-c', 'job-d', 'job-e']) later.push(await shared.reserve([r], `m-${job}`, job, GRACE));
    expect(later.map((x) => [x.granted, x.reserved])).toEqual([
      [false, true],
      [false, true],
      [false, true],
    ]);
    // The first reservation is when the oldest call leaves the window; each next one a spacing on.
    const first = a.at + r.windowMs;
    expect(await reservations(r)).toEqual([
      ['job-c', first],
      ['job-d', first + r.spacingMs],
      ['job-e', first + 2 * r.spacingMs],
    ]);
    expect(later.map((x) => x.at + x.waitMs)).toEqual([first, first + r.spacingMs, first + 2 * r.spacingMs]);
    // Nothing reserved took a place in the log.
    expect(await redis.zrange(r.key, 0, -1)).toEqual(['m-a', 'm-b']);
  });

  it('a job asking again before its time keeps its place and is told the rest of the wait', async () => {
    const r = budget('early', 1);
    await shared.reserve([r], 'm-1', 'job-1', GRACE);
    const given = await shared.reserve([r], 'm-2', 'job-2', GRACE);
    const again = await shared.reserve([r], 'm-2b', 'job-2', GRACE);
    expect(again).toMatchObject({ granted: false, reserved: true });
    expect(again.at + again.waitMs).toBe(given.at + given.waitMs);
    expect(await reservations(r)).toEqual([['job-2', given.at + given.waitMs]]);
  });

  it('a fresh call reserves behind the pending reservations of a booked-up budget even when the log has room', async () => {
    const r = budget('behind', 2);
    const now = await redisNow();
    await redis.zadd(r.reservationKey, now + 10_000, 'job-early', now + 40_000, 'job-later');
    const fresh = await shared.reserve([r], 'm-f', 'job-fresh', GRACE);
    expect(fresh).toMatchObject({ granted: false, reserved: true });
    expect(await reservations(r)).toEqual([
      ['job-early', now + 10_000],
      ['job-later', now + 40_000],
      ['job-fresh', now + 40_000 + r.spacingMs],
    ]);
    expect(await redis.zcard(r.key)).toBe(0);
    // A read (the plain log) is not held back by reservations: it spends the budget as before.
    expect((await shared.take([r], 'm-read')).granted).toBe(true);
  });

  it('a budget with room beside its reservations lets a fresh call go at once', async () => {
    const r = budget('roomy', 10);
    await redis.zadd(r.reservationKey, (await redisNow()) + 20_000, 'job-early');
    expect(await shared.reserve([r], 'm-r', 'job-r', GRACE)).toMatchObject({ granted: true, reserved: false });
    expect(await reservations(r)).toEqual([['job-early', expect.any(Number)]]);
  });

  it('a job whose reserved time has come is granted on it, and its reservation is spent', async () => {
    const r = budget('holder', 10);
    const due = (await redisNow()) - 1;
    await redis.zadd(r.reservationKey, due, 'job-h', due + 5_000, 'job-next');
    const back = await shared.reserve([r], 'm-h', 'job-h', GRACE);
    expect(back).toMatchObject({ granted: true, held: true });
    expect(await redis.zrange(r.key, 0, -1)).toEqual(['m-h']);
    expect(await reservations(r)).toEqual([['job-next', due + 5_000]]);
  });

  it('a job whose time has come but whose log is full waits, keeping its reservation', async () => {
    const r = budget('full-holder', 1);
    await shared.take([r], 'm-read');
    const due = (await redisNow()) - 1;
    await redis.zadd(r.reservationKey, due, 'job-w');
    const back = await shared.reserve([r], 'm-w', 'job-w', GRACE);
    expect(back).toMatchObject({ granted: false, reserved: false, held: false });
    expect(back.waitMs).toBeGreaterThan(0);
    expect(await reservations(r)).toEqual([['job-w', due]]);
  });

  it('takes one time good for every budget, and reserves it in each', async () => {
    const account = budget('multi-acct', 10);
    const app = budget('multi-app', 2);
    const now = await redisNow();
    const appTail = now + 30_000;
    await redis.zadd(app.reservationKey, now + 5_000, 'job-other-1', appTail, 'job-other-2');
    const r = await shared.reserve([account, app], 'm-x', 'job-x', GRACE);
    expect(r.reserved).toBe(true);
    expect(await reservations(account)).toEqual([['job-x', appTail + app.spacingMs]]);
    expect(await reservations(app)).toEqual([
      ['job-other-1', now + 5_000],
      ['job-other-2', appTail],
      ['job-x', appTail + app.spacingMs],
    ]);
  });

  it("one account's backlog in an app budget with room does not order another account's write behind it", async () => {
    const backlogged = budget('acct-a', 1);
    const other = budget('acct-b', 1);
    const app = budget('shared-app', 100);
    const now = await redisNow();
    for (let i = 0; i < 5; i++) await redis.zadd(app.reservationKey, now + (i + 1) * backlogged.spacingMs, `job-a${i}`);
    for (let i = 0; i < 5; i++) await redis.zadd(backlogged.reservationKey, now + (i + 1) * backlogged.spacingMs, `job-a${i}`);
    expect(await shared.reserve([other, app], 'm-b', 'job-b', GRACE)).toMatchObject({ granted: true, reserved: false });
    expect(await shared.reserve([backlogged, app], 'm-a5', 'job-a5', GRACE)).toMatchObject({ granted: false, reserved: true });
  });

  it('drops a reservation its job did not come back for within the grace', async () => {
    const r = budget('grace', 10);
    const old = (await redisNow()) - 2_000;
    await redis.zadd(r.reservationKey, old, 'job-gone');
    const fresh = await shared.reserve([r], 'm-g', 'job-g', 1_000);
    expect(fresh.granted).toBe(true);
    expect(await reservations(r)).toEqual([]);
  });
});

describe('the outbound limiter: writes of a job run', () => {
  const logger = pino({ level: 'silent' });
  const limiters: OutboundLimiter[] = [];
  const grants: Grant[] = [];
  const deferrals: Deferral[] = [];
  const make = (extra: Partial<ConstructorParameters<typeof OutboundLimiter>[0]> = {}) => {
    const l = new OutboundLimiter({
      redisUrl: config.REDIS_URL,
      redis,
      prefix,
      logger,
      readDeadlineMs: 60_000,
      // Headroom 0.5: 1 call/s becomes 1 call per 2 s, so every second call must wait far past the in-slot wait.
      headroom: 0.5,
      onGrant: (g) => grants.push(g),
      onDefer: (d) => deferrals.push(d),
      ...extra,
    });
    limiters.push(l);
    return l;
  };
  afterAll(() => Promise.all(limiters.map((l) => l.close())));
  const keyFor = (account: string): LimitKey => ({ platform: 'facebook', appKey: 'app', accountKey: account, accountRps: 1, appRps: 0 });
  const logKey = (account: string) => `${prefix}:lim:log:facebook:account:${account}`;
  const resvKey = (account: string) => `${prefix}:lim:resv:facebook:account:${account}`;

  it('a write that must wait throws RunLaterError with its reserved time; nothing ran; later jobs are spaced at the rate in arrival order', async () => {
    const limiter = make();
    const key = keyFor('spaced');
    const ran: string[] = [];
    const write = (jobId: string) => withJobRun(jobId, () => limiter.run(key, 'write', async () => void ran.push(jobId)));
    await write('j1');
    const errs = [];
    for (const j of ['j2', 'j3', 'j4']) errs.push(await write(j).catch((e: unknown) => e));
    expect(ran).toEqual(['j1']);
    expect(errs.every((e) => e instanceof RunLaterError && /waiting for the facebook account budget/.test(e.reason))).toBe(true);
    const mine = deferrals.filter((d) => d.keys[0] === logKey('spaced'));
    expect(mine.map((d) => [d.jobId, d.reserved])).toEqual([
      ['j2', true],
      ['j3', true],
      ['j4', true],
    ]);
    const spacing = Math.ceil(2000 / 1);
    const g1 = grants.find((g) => g.jobId === 'j1')!;
    expect(mine.map((d) => d.goAt)).toEqual([g1.at + 2000, g1.at + 2000 + spacing, g1.at + 2000 + 2 * spacing]);
    // What the job is told matches its reservation in Redis (on this process's clock, so only roughly in time).
    expect(Number(await redis.zscore(resvKey('spaced'), 'j3'))).toBe(mine[1]!.goAt);
    const e3 = errs[1] as RunLaterError;
    expect(e3.untilMs).toBeGreaterThan(Date.now());
  });

  // staleGrantMs -1: every grant counts as late and the call re-takes its place, as on a loaded machine.
  it.each([
    ['on time', 'holder', {}],
    ['late, re-taken', 'holder-late', { staleGrantMs: -1 }],
  ])('a fresh job write behind pending reservations reserves; a returning holder is granted on its reservation (grant %s)', async (_label, account, extra) => {
    const limiter = make(extra);
    const key = keyFor(account);
    const ran: string[] = [];
    const write = (jobId: string) => withJobRun(jobId, () => limiter.run(key, 'write', async () => void ran.push(jobId)));
    // Within a window of now: with one call per window the budget is booked up.
    const pending = (await redisNow()) + 1_000;
    await redis.zadd(resvKey(account), pending, 'j-waiting');
    const fresh = await write('j-fresh').catch((e: unknown) => e);
    expect(isRunLater(fresh)).toBe(true);
    expect(Number(await redis.zscore(resvKey(account), 'j-fresh'))).toBe(pending + 2000);
    // j-waiting's time has come (moved to the past here instead of waiting for it): it is granted.
    await redis.zadd(resvKey(account), (await redisNow()) - 1, 'j-waiting');
    await write('j-waiting');
    expect(ran).toEqual(['j-waiting']);
    expect(grants.filter((g) => g.keys[0] === logKey(account)).map((g) => [g.jobId, g.reserved])).toEqual([['j-waiting', true]]);
    expect(await redis.zscore(resvKey(account), 'j-waiting')).toBeNull();
  });

  it('waits in the slot for a reservation due within the in-slot wait, then goes on it', async () => {
    const limiter = make({ writeSlotWaitMs: 60_000 });
    const key = keyFor('in-slot');
    const due = (await redisNow()) + 50;
    await redis.zadd(resvKey('in-slot'), due, 'j-soon');
    await withJobRun('j-soon', () => limiter.run(key, 'write', async () => undefined));
    const g = grants.find((x) => x.jobId === 'j-soon')!;
    expect(g.reserved).toBe(true);
    expect(g.at).toBeGreaterThanOrEqual(due);
  });

  it('reads, writes outside a job and a job run’s second write keep waiting in place (never RunLaterError)', async () => {
    const limiter = make();
    const key = keyFor('others');
    await redis.zadd(resvKey('others'), (await redisNow()) + 10_000, 'j-pending');
    // A read is not held back by the reservation: the log has room.
    await limiter.run(key, 'read', async () => undefined, 1000);
    // The log is now full: a read past its deadline answers 429, and so does a write outside a job run given a deadline.
    const read = await limiter.run(key, 'read', async () => undefined, 100).catch((e: unknown) => e);
    const outside = await limiter.run(key, 'write', async () => undefined, 100).catch((e: unknown) => e);
    expect([read, outside].map((e) => isAppError(e) && e.code)).toEqual(['PLATFORM_RATE_LIMITED', 'PLATFORM_RATE_LIMITED']);
    // A job run whose first write went: its next write is not sent back between two calls.
    const other = keyFor('others-2');
    const second = await withJobRun('j-two-writes', async () => {
      await limiter.run(other, 'write', async () => undefined);
      return limiter.run(other, 'write', async () => undefined, 100).catch((e: unknown) => e);
    });
    expect(isAppError(second) && second.code).toBe('PLATFORM_RATE_LIMITED');
    expect(deferrals.some((d) => ['j-two-writes'].includes(d.jobId) || d.keys[0] === logKey('others'))).toBe(false);
  });

  it('a paused account sends a job write back until the pause ends, without a reservation', async () => {
    const limiter = make();
    const key = keyFor('paused');
    await limiter.pause('facebook', 'account', 'paused', 30_000, 'test');
    let ran = 0;
    const err = await withJobRun('j-paused', () => limiter.run(key, 'write', async () => ran++)).catch((e: unknown) => e);
    expect(isRunLater(err) && err.reason).toBe('waiting out the facebook pause');
    expect(ran).toBe(0);
    expect(deferrals.find((d) => d.jobId === 'j-paused')).toMatchObject({ reserved: false });
    expect(await redis.zcard(resvKey('paused'))).toBe(0);
  });
});

describe('the http client passes the limiter’s RunLaterError through', () => {
  it('unwrapped, with nothing sent and no onSend', async () => {
    const cfg = loadConfig({ ...process.env, FACEBOOK_ACCOUNT_RPS: '1', FACEBOOK_APP_RPS: '0', FACEBOOK_GRAPH_URL: 'http://127.0.0.1:9' });
    const logger = pino({ level: 'silent' });
    const limiter = new OutboundLimiter({ redisUrl: cfg.REDIS_URL, redis, prefix, logger, readDeadlineMs: 5000, headroom: 0.5 });
    const registry = createPlatformRegistry({ config: cfg, http: { limiter, logger, connectTimeoutMs: 500, responseTimeoutMs: 500, maxRetries: 3 } });
    try {
      // The account's budget is spent (one call in its window), so the write must wait.
      await redis.zadd(`${prefix}:lim:log:facebook:account:http`, await redisNow(), 'someone');
      const hooks = { sends: 0, settles: 0 };
      const err = await withJobRun('j-http', () =>
        registry.get('facebook').client.request({
          method: 'POST',
          path: 'act_http/campaigns',
          body: { name: 'x' },
          token: 'token',
          kind: 'write',
          accountKey: 'http',
          appKey: 'app',
          wire: { onSend: async () => void hooks.sends++, onSettled: async () => void hooks.settles++ },
        }),
      ).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(RunLaterError);
      expect(isAppError(err)).toBe(false);
      expect(hooks).toEqual({ sends: 0, settles: 0 });
      expect(Number(await redis.zscore(`${prefix}:lim:resv:facebook:account:http`, 'j-http'))).toBeGreaterThan(0);
    } finally {
      await registry.close();
      await limiter.close();
    }
  });
});

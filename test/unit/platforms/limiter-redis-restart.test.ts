import IORedis from 'ioredis';
import pino from 'pino';
import { PrivateRedis } from '../../helpers/private-services';
import { OutboundLimiter, type Grant, type LimitKey } from '../../../shared/platforms/core/limiter';

/**
 * The limiter against a Redis of its own (not the shared one other suites use), stopped and
 * restarted mid-test: bottleneck is unmaintained and has known issues after Redis restarts.
 */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const RPS = 10;
const key: LimitKey = { platform: 'facebook', appKey: 'app', accountKey: '42', accountRps: RPS, appRps: 0 };

let redis: PrivateRedis;

/**
 * Runs `n` calls through the limiters round-robin and returns the decisions that let them go. The
 * test checks those decisions (the clock they were made on, and whether the shared log made them),
 * not when timers happened to fire, so machine load cannot change the outcome.
 */
async function burst(limiters: OutboundLimiter[], n: number): Promise<Grant[]> {
  const from = grants.length;
  await Promise.all(Array.from({ length: n }, (_, i) => limiters[i % limiters.length]!.run(key, 'read', async () => undefined)));
  return grants.slice(from);
}
/** Most grants in any window of `windowMs` (a grant exactly `windowMs` after another is outside its window). */
function mostInAnyWindow(gs: Grant[], windowMs: number): number {
  const t = gs.map((g) => g.at).sort((x, y) => x - y);
  let most = 0;
  for (let hi = 0, lo = 0; hi < t.length; hi++) {
    while (t[hi]! - t[lo]! >= windowMs) lo++;
    most = Math.max(most, hi - lo + 1);
  }
  return most;
}

/** Probes `limiter` on a budget of its own until its calls are decided by Redis again. */
async function untilShared(limiter: OutboundLimiter): Promise<void> {
  const probe: LimitKey = { ...key, accountKey: 'probe', accountRps: 1000 };
  for (let i = 0; i < 200; i++) {
    await limiter.run(probe, 'read', async () => undefined);
    if (grants.pop()!.shared) return;
    await sleep(100);
  }
  throw new Error('the limiter never went back to Redis');
}

const grants: (Grant & { replica: number })[] = [];
let replicas: OutboundLimiter[] = [];
let clients: IORedis[] = [];

beforeAll(async () => {
  redis = await PrivateRedis.start();
  const url = redis.url;
  const logger = pino({ level: 'silent' });
  clients = [new IORedis(url, { maxRetriesPerRequest: 0 }), new IORedis(url, { maxRetriesPerRequest: 0 })];
  for (const c of clients) c.on('error', () => undefined);
  replicas = clients.map(
    (client, replica) =>
      new OutboundLimiter({ redisUrl: url, redis: client, prefix: 'limtest', logger, readDeadlineMs: 60_000, clusterTimeoutMs: 10_000, onGrant: (g) => grants.push({ ...g, replica }) }),
  );
}, 60_000);
afterAll(async () => {
  await Promise.all(replicas.map((l) => l.close()));
  for (const c of clients) c.disconnect();
  await redis.stop();
});

describe('outbound limiter across a Redis restart', () => {
  // 2.5 budgets' worth of calls, split over two replicas: unshared, each would let RPS go at once.
  const CALLS = RPS * 2 + RPS / 2;

  it('two replicas share one budget through Redis', async () => {
    const gs = (await burst(replicas, CALLS)) as typeof grants;
    expect({ calls: gs.length, allShared: gs.every((g) => g.shared), replicas: new Set(gs.map((g) => g.replica)).size }).toEqual({ calls: CALLS, allShared: true, replicas: 2 });
    expect(mostInAnyWindow(gs, 1000)).toBe(RPS);
    expect(await clients[0]!.exists('limtest:lim:log:facebook:account:42')).toBe(1);
  }, 60_000);

  it('while Redis is down, calls still run, paced in-process', async () => {
    await redis.stop();
    const gs = await burst(replicas.slice(0, 1), CALLS);
    expect({ calls: gs.length, anyShared: gs.some((g) => g.shared) }).toEqual({ calls: CALLS, anyShared: false });
    expect(mostInAnyWindow(gs, 1000)).toBe(RPS);
  }, 60_000);

  it('after Redis comes back empty, the replicas share the budget through it again', async () => {
    await redis.up();
    // Each replica goes back to the shared log once it has reconnected and its degraded spell is over.
    for (const l of replicas) await untilShared(l);
    const gs = (await burst(replicas, CALLS)) as typeof grants;
    expect({ calls: gs.length, allShared: gs.every((g) => g.shared), replicas: new Set(gs.map((g) => g.replica)).size }).toEqual({ calls: CALLS, allShared: true, replicas: 2 });
    expect(mostInAnyWindow(gs, 1000)).toBe(RPS);
    expect(await clients[0]!.exists('limtest:lim:log:facebook:account:42')).toBe(1);
  }, 60_000);
});

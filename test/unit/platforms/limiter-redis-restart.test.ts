import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import IORedis from 'ioredis';
import pino from 'pino';
import { OutboundLimiter, type LimitKey } from '../../../shared/platforms/core/limiter';

/**
 * The limiter against a Redis of its own (not the shared one other suites use), stopped and
 * restarted mid-test: bottleneck is unmaintained and has known issues after Redis restarts.
 */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const RPS = 10;
const key: LimitKey = { platform: 'facebook', appKey: 'app', accountKey: '42', accountRps: RPS, appRps: 0 };

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
}

let port: number;
let server: ChildProcess | undefined;
async function startRedis(): Promise<void> {
  server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  for (let i = 0; i < 100; i++) {
    const c = new IORedis(port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    try {
      await c.connect();
      await c.ping();
      c.disconnect();
      return;
    } catch {
      c.disconnect();
      await sleep(50);
    }
  }
  throw new Error('redis-server did not start');
}
async function stopRedis(): Promise<void> {
  const s = server;
  server = undefined;
  if (!s || s.exitCode !== null) return;
  await new Promise((r) => {
    s.once('exit', r);
    s.kill('SIGKILL');
  });
}

/** Start times of `n` calls run through the limiters round-robin. */
async function burst(limiters: OutboundLimiter[], n: number): Promise<number[]> {
  const starts: number[] = [];
  await Promise.all(
    Array.from({ length: n }, (_, i) =>
      limiters[i % limiters.length]!.run(key, 'read', async () => {
        starts.push(Date.now());
      }),
    ),
  );
  return starts.sort((x, y) => x - y);
}
const minGap = (t: number[]) => Math.min(...t.slice(1).map((v, i) => v - t[i]!));

let replicas: OutboundLimiter[] = [];
let clients: IORedis[] = [];

beforeAll(async () => {
  port = await freePort();
  await startRedis();
  const url = `redis://127.0.0.1:${port}`;
  const logger = pino({ level: 'silent' });
  clients = [new IORedis(url, { maxRetriesPerRequest: 0 }), new IORedis(url, { maxRetriesPerRequest: 0 })];
  for (const c of clients) c.on('error', () => undefined);
  replicas = clients.map((redis) => new OutboundLimiter({ redisUrl: url, redis, prefix: 'limtest', logger, readDeadlineMs: 20_000, clusterTimeoutMs: 500 }));
});
afterAll(async () => {
  await Promise.all(replicas.map((l) => l.close()));
  for (const c of clients) c.disconnect();
  await stopRedis();
});

describe('outbound limiter across a Redis restart', () => {
  it('two replicas share one budget through Redis', async () => {
    const starts = await burst(replicas, 8);
    expect(minGap(starts)).toBeGreaterThanOrEqual(1000 / RPS - 15);
    const keys = await clients[0]!.keys('b_limtest*settings');
    expect(keys.length).toBeGreaterThan(0);
  });

  it('while Redis is down, calls still run, paced in-process', async () => {
    await stopRedis();
    const t0 = Date.now();
    const starts = await burst(replicas.slice(0, 1), 5);
    expect(starts).toHaveLength(5);
    expect(minGap(starts)).toBeGreaterThanOrEqual(1000 / RPS - 15);
    expect(Date.now() - t0).toBeLessThan(5000);
  });

  it('after Redis comes back empty, the replicas share the budget through it again', async () => {
    await startRedis();
    await sleep(2500); // past the degraded window; ioredis has reconnected
    const starts = await burst(replicas, 8);
    expect(minGap(starts)).toBeGreaterThanOrEqual(1000 / RPS - 15);
    const keys = await clients[0]!.keys('b_limtest*settings');
    expect(keys.length).toBeGreaterThan(0);
  });
});

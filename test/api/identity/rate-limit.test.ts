import { eventually } from '../../helpers/eventually';
import { http, startWorld, type TestApp, type World } from '../../world';
import { createTenant, type CreatedTenant } from '../../helpers/identity';
import { bearer, closeAll, closeAndExpectNoLeaks, key } from './support';
import { inboundRateLimit } from '../../../api/middleware/inbound-rate-limit';
import { createRedis } from '../../../shared/infra/redis';
import type { AppDeps } from '../../../api/deps';

describe('inbound rate limit per tenant (Redis, shared across replicas)', () => {
  let w: World;
  let r1: TestApp;
  let r2: TestApp;
  let a: CreatedTenant;
  let b: CreatedTenant;
  beforeAll(async () => {
    // Two replicas of the api sharing one Redis namespace, as behind a load balancer.
    w = await startWorld({ platforms: [], tenant: false, env: { RATE_LIMIT_PER_MINUTE: '5' } });
    [r1, r2] = [w.app, await w.replica()];
    [a, b] = await Promise.all([createTenant(r1), createTenant(r1)]);
  });
  afterAll(async () => {
    await closeAll([r1, r2]);
    await w?.close();
  });

  it('sends RateLimit-* headers on every authenticated answer, success or error, and counts across replicas', async () => {
    const answers = [
      await http(r1.url, 'GET', '/api/v1/tenant', { headers: key(a.apiKey) }),
      await http(r2.url, 'GET', '/api/v1/tenant/users?page=0', { headers: key(a.apiKey) }),
      await http(r1.url, 'GET', '/api/v1/tenant/apps/facebook', { headers: key(a.apiKey) }),
      await http(r2.url, 'PATCH', '/api/v1/tenant/users/00000000-0000-4000-8000-000000000000', { headers: key(a.apiKey), body: { role: 'x' } }),
      await http(r1.url, 'GET', '/api/v1/tenant', { headers: bearer(a.ownerToken) }),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 400, 404, 400, 200]);
    expect(answers.map((r) => r.headers.get('ratelimit-remaining'))).toEqual(['4', '3', '2', '1', '0']);
    for (const r of answers) {
      expect(r.headers.get('ratelimit-limit')).toBe('5');
      expect(r.headers.get('ratelimit-policy')).toBe('5;w=60');
      expect(Number(r.headers.get('ratelimit-reset'))).toBeGreaterThanOrEqual(1);
    }
  });

  it('over the limit → 429 RATE_LIMITED with Retry-After, on either replica', async () => {
    for (const app of [r1, r2]) {
      const r = await http(app.url, 'POST', '/api/v1/auth/token', { headers: key(a.apiKey), body: { externalUserId: 'u' } });
      expect(r.status).toBe(429);
      expect(r.body.error.code).toBe('RATE_LIMITED');
      const retryAfter = Number(r.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(r.headers.get('ratelimit-remaining')).toBe('0');
    }
  });

  it('another tenant keeps its own budget', async () => {
    const r = await http(r2.url, 'GET', '/api/v1/tenant', { headers: key(b.apiKey) });
    expect(r.status).toBe(200);
    expect(r.headers.get('ratelimit-remaining')).toBe('4');
  });

  it('public routes carry no RateLimit headers', async () => {
    const r = await http(r1.url, 'GET', '/healthz');
    expect(r.headers.get('ratelimit-limit')).toBeNull();
  });

  it('a new window starts when the counter expires', async () => {
    const keys = await r1.infra.redis.keys(`${r1.config.REDIS_PREFIX}:rl:in:${a.tenantId}`);
    expect(keys).toHaveLength(1);
    await r1.infra.redis.pexpire(keys[0]!, 1);
    await new Promise((res) => setTimeout(res, 20));
    const r = await http(r1.url, 'GET', '/api/v1/tenant', { headers: key(a.apiKey) });
    expect(r.status).toBe(200);
    expect(r.headers.get('ratelimit-remaining')).toBe('4');
  });

  it('when Redis cannot answer, requests are let through (the limiter must not take the API down)', async () => {
    // A real client on a closed port; a whole app on it would leave the queue connections retrying.
    const redis = createRedis('redis://127.0.0.1:1', { lazyConnect: true, enableOfflineQueue: false });
    redis.on('error', () => undefined);
    try {
      const mw = inboundRateLimit('tenant', { redis, config: { ...r1.config, RATE_LIMIT_PER_MINUTE: 1 } } as unknown as AppDeps);
      const warnings: unknown[] = [];
      const req = { ctx: { auth: { kind: 'tenant-api-key', tenantId: a.tenantId, apiKeyId: 'k' }, log: { warn: (o: unknown) => warnings.push(o) } } };
      const headers: Record<string, string> = {};
      const res = { setHeader: (k: string, v: string) => (headers[k] = v) };
      for (let i = 0; i < 3; i++) {
        let passed = false;
        await mw(req as never, res as never, () => (passed = true));
        expect(passed).toBe(true);
      }
      expect(headers).toEqual({});
      expect(warnings).toHaveLength(3);
    } finally {
      redis.disconnect();
    }
  });

  it('leaves no secret in the captured pino logs', async () => {
    await closeAndExpectNoLeaks([r1, r2]);
  });
});

describe('inbound rate limit far from the limit (admissions counted in process, synced to Redis)', () => {
  let w: World;
  let r1: TestApp;
  let r2: TestApp;
  let a: CreatedTenant;
  beforeAll(async () => {
    w = await startWorld({ platforms: [], tenant: false, env: { RATE_LIMIT_PER_MINUTE: '200' } });
    [r1, r2] = [w.app, await w.replica()];
    a = await createTenant(r1);
  });
  afterAll(async () => {
    await closeAll([r1, r2]);
    await w?.close();
  });

  it('admits exactly the limit across two replicas, then answers 429, and Redis ends up holding every request', async () => {
    const statuses: number[] = [];
    const remaining: number[] = [];
    for (let i = 0; i < 230; i++) {
      const r = await http(i % 2 ? r2.url : r1.url, 'GET', '/api/v1/tenant', { headers: key(a.apiKey) });
      statuses.push(r.status);
      remaining.push(Number(r.headers.get('ratelimit-remaining')));
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(200);
    expect(statuses.slice(200)).toEqual(Array(30).fill(429));
    expect(remaining[199]).toBe(0);
    expect(Math.min(...remaining.slice(0, 150))).toBeGreaterThan(0);
    // Admissions counted in process reach Redis within the sync interval.
    const inRedis = async () => Number(await r1.infra.redis.get(`${r1.config.REDIS_PREFIX}:rl:in:${a.tenantId}`));
    expect(await eventually(inRedis, (n) => n >= 230, 3_000)).toBe(230);
  });
});


import { Writable } from 'node:stream';
import IORedis from 'ioredis';
import pino from 'pino';
import { loadConfig } from '../../../shared/infra/config';
import { OutboundLimiter } from '../../../shared/platforms/core/limiter';
import { createPlatformRegistry } from '../../../shared/platforms';
import type { PlatformRegistry } from '../../../shared/platforms/core/registry';
import { uniquePrefix } from '../../world/app';
import { simulatorEnv, startSimulators, type SimHandle, type SimHandles } from '../../world/sim-control';

/** The platform clients against the simulators over HTTP: retries, write safety, limit feedback. */
let sims: SimHandles;
let redis: IORedis;
let limiter: OutboundLimiter;
let registry: PlatformRegistry;
const lines: Record<string, unknown>[] = [];
const invalid: { id: string; status: string }[] = [];

beforeAll(async () => {
  sims = await startSimulators(['facebook', 'tiktok', 'google']);
  const config = loadConfig({ ...process.env, ...simulatorEnv(sims), FACEBOOK_ACCOUNT_RPS: '0', TIKTOK_APP_RPS: '0', GOOGLE_ACCOUNT_RPS: '0', READ_LIMIT_DEADLINE_MS: '3000' });
  const sink = new Writable({ write: (c, _e, cb) => (lines.push(JSON.parse(String(c))), cb()) });
  const logger = pino({ level: 'debug' }, sink);
  redis = new IORedis(config.REDIS_URL);
  limiter = new OutboundLimiter({ redisUrl: config.REDIS_URL, redis, prefix: uniquePrefix('hc'), logger, readDeadlineMs: 3000 });
  registry = createPlatformRegistry({
    config,
    http: { limiter, logger, connectTimeoutMs: 1000, responseTimeoutMs: 2000, maxRetries: 3, onConnectionInvalid: async (id, status) => void invalid.push({ id, status }) },
  });
});
afterAll(async () => {
  await registry.close();
  await limiter.close();
  redis.disconnect();
  await Promise.all(Object.values(sims).map((s) => s.close()));
});

const sim = (platform: 'facebook' | 'tiktok' | 'google'): SimHandle => sims[platform]!;
const fault = (platform: 'facebook' | 'tiktok' | 'google', f: Parameters<SimHandle['fault']>[0]) => sim(platform).fault(f);
const calls = async (platform: 'facebook' | 'tiktok' | 'google', path: string) => (await sim(platform).calls(path)).length;

describe('retries', () => {
  it('retries a read on a 503 and logs the reason of each retry', async () => {
    const { accessToken } = await sim('facebook').token();
    await fault('facebook', { path: '/act_100000000000002', status: 503, body: { error: { message: 'Service temporarily unavailable', code: 2, is_transient: true, type: 'OAuthException' } }, count: 2 });
    const before = await calls('facebook', '/act_100000000000002');
    const r = await registry.get('facebook').client.request<{ id: string }>({ method: 'GET', path: 'act_100000000000002', query: { fields: 'id' }, token: accessToken, kind: 'read', accountKey: '100000000000002' });
    expect(r.id).toBe('act_100000000000002');
    expect((await calls('facebook', '/act_100000000000002')) - before).toBe(3);
    expect(lines.filter((l) => l.msg === 'retrying platform call' && String(l.reason).startsWith('transient'))).toHaveLength(2);
  });

  it('does not retry a non-idempotent write on a 5xx; answers 502 PLATFORM_UNAVAILABLE', async () => {
    const { accessToken } = await sim('google').token();
    await fault('google', { path: 'campaigns:mutate', kind: 'internal', count: 1 });
    const before = await calls('google', 'campaigns:mutate');
    await expect(
      registry.get('google').client.request({ method: 'POST', path: 'customers/1000000001/campaigns:mutate', body: { operations: [] }, token: accessToken, kind: 'write', accountKey: '1000000001' }),
    ).rejects.toMatchObject({ code: 'PLATFORM_UNAVAILABLE', details: [expect.objectContaining({ platform: 'google' })] });
    expect((await calls('google', 'campaigns:mutate')) - before).toBe(1);
  });

  it('retries a TikTok write marked idempotent (request_id) on 50000', async () => {
    const { accessToken } = await sim('tiktok').token();
    await sim('tiktok').injectError({ code: 50000, path: '/campaign/create/', count: 1 });
    const before = await calls('tiktok', '/campaign/create/');
    const body = { advertiser_id: '7000000000000000011', campaign_name: `retry-${Date.now()}`, objective_type: 'TRAFFIC', budget_mode: 'BUDGET_MODE_INFINITE', request_id: String(Date.now()) };
    const r = await registry.get('tiktok').client.request<{ campaign_id: string }>({ method: 'POST', path: 'campaign/create/', body, token: accessToken, kind: 'write', idempotent: true, accountKey: '7000000000000000011' });
    expect(r.campaign_id).toEqual(expect.any(String));
    expect((await calls('tiktok', '/campaign/create/')) - before).toBe(2);
  });
});

describe('limit signals', () => {
  it('a Google quota error with a retry delay longer than the read deadline answers 429 with Retry-After from the delay', async () => {
    const { accessToken } = await sim('google').token();
    await fault('google', { path: '/customers/1000000002/', kind: 'quota', count: 1 });
    await expect(
      registry.get('google').client.request({ method: 'POST', path: 'customers/1000000002/googleAds:search', body: { query: 'SELECT customer.id FROM customer' }, token: accessToken, kind: 'read', accountKey: '1000000002' }),
    ).rejects.toMatchObject({ code: 'PLATFORM_RATE_LIMITED', retryAfter: expect.any(Number) });
    // The pause is shared: the next call does not even reach Google.
    const before = await calls('google', '/customers/1000000002/');
    await expect(
      registry.get('google').client.request({ method: 'POST', path: 'customers/1000000002/googleAds:search', body: { query: 'SELECT customer.id FROM customer' }, token: accessToken, kind: 'read', accountKey: '1000000002' }),
    ).rejects.toMatchObject({ code: 'PLATFORM_RATE_LIMITED' });
    expect(await calls('google', '/customers/1000000002/')).toBe(before);
  });

  it('Meta usage above 85 % pauses the account before the platform blocks it', async () => {
    const { accessToken } = await sim('facebook').token();
    await sim('facebook').throttle(10);
    const read = () => registry.get('facebook').client.request({ method: 'GET', path: 'act_100000000000003', query: { fields: 'id' }, token: accessToken, kind: 'read', accountKey: '100000000000003' });
    // Ten quick calls push usage to 90 %+; the limiter must then hold the eleventh instead of letting it be throttled.
    for (let i = 0; i < 9; i++) await read();
    const t0 = Date.now();
    await read();
    await read();
    expect(Date.now() - t0).toBeGreaterThanOrEqual(900);
    const stats = await sim('facebook').stats();
    expect(stats.throttled).toBe(0);
    expect(lines.some((l) => l.msg === 'outbound limiter paused' && String(l.reason).startsWith('usage'))).toBe(true);
    await sim('facebook').throttle();
  });

  it('TikTok 40100 holds the app for the QPS second, then the read is retried and succeeds', async () => {
    const { accessToken } = await sim('tiktok').token();
    await sim('tiktok').injectError({ code: 40100, path: '/advertiser/info/', count: 1 });
    const t0 = Date.now();
    const r = await registry.get('tiktok').client.request<{ list: unknown[] }>({ method: 'GET', path: 'advertiser/info/', query: { advertiser_ids: ['7000000000000000012'] }, token: accessToken, kind: 'read', accountKey: '7000000000000000012' });
    expect(r.list).toHaveLength(1);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(900);
  });
});

describe('write safety hooks (what a checkpointed create learns about its request)', () => {
  const hooks = () => {
    const seen: string[] = [];
    return { seen, wire: { onSend: async () => void seen.push('send'), onSettled: async () => void seen.push('settled') } };
  };
  const campaign = (name: string) => ({ name, objective: 'OUTCOME_TRAFFIC', status: 'PAUSED', special_ad_categories: '[]', is_adset_budget_sharing_enabled: 'false' });

  it('a create the platform answers with an error is settled: no request of it is left in flight', async () => {
    const { accessToken } = await sim('facebook').token();
    const { seen, wire } = hooks();
    await expect(
      registry.get('facebook').client.request({ method: 'POST', path: 'act_100000000000001/campaigns', body: { name: 'x' }, token: accessToken, kind: 'write', accountKey: '100000000000001', wire }),
    ).rejects.toMatchObject({ code: expect.any(String) });
    expect(seen).toEqual(['send', 'settled']);
  });

  it('a create that times out stays in flight (never settled) and is not sent again', async () => {
    const { accessToken } = await sim('facebook').token();
    await fault('facebook', { path: '/act_100000000000001/campaigns', method: 'POST', latencyMs: 6000, count: 1 });
    const before = await calls('facebook', '/act_100000000000001/campaigns');
    const { seen, wire } = hooks();
    await expect(
      registry.get('facebook').client.request({
        method: 'POST', path: 'act_100000000000001/campaigns', body: campaign(`timeout-${Date.now()}`), token: accessToken, kind: 'write', accountKey: '100000000000001', wire,
      }),
    ).rejects.toMatchObject({ code: 'PLATFORM_TIMEOUT' });
    expect(seen).toEqual(['send']);
    expect((await calls('facebook', '/act_100000000000001/campaigns')) - before).toBe(1);
  });
});

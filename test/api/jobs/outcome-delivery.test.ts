import IORedis from 'ioredis';
import { http, startWorld, type TestApp, type World } from '../../world';
import { testJobRoutes, testWriteOps, until } from '../../workers/support/jobs-fixture';

const ACCOUNT = '7000000000000000011';
const PATH = '/api/v1/test-jobs/tiktok/campaigns';

/*
 * A synchronous write is answered when its job ends. The worker tells the api process that waits,
 * on that process's own channel, and no other: with many replicas, none reads every job's end.
 * Two api replicas share one database and one Redis prefix; replica A also runs the workers.
 */
describe('a job’s outcome reaches only the api process waiting for it', () => {
  let a: World<'tiktok'>;
  let b: TestApp;
  let listener: IORedis;
  const heard = new Map<string, { jobId: string; state: string }[]>();
  let n = 0;
  const name = (what: string) => `${what} ${Date.now()}-${++n}`;

  beforeAll(async () => {
    a = await startWorld({ platform: 'tiktok', workers: true, env: { WRITE_SYNC_TIMEOUT_MS: '20000' }, app: { extraRoutes: testJobRoutes }, writeOperations: testWriteOps });
    b = await a.replica();
    await a.connect('tiktok', { adAccountId: ACCOUNT, via: 'token' });
    listener = new IORedis(a.app.infra.config.REDIS_URL);
    listener.on('pmessage', (_p: string, channel: string, msg: string) => heard.set(channel, [...(heard.get(channel) ?? []), JSON.parse(msg) as { jobId: string; state: string }]));
    await listener.psubscribe(`${a.app.infra.queues.prefix}:jobs:done:*`);
  });
  afterAll(async () => {
    await listener?.quit();
    await a?.close();
  });

  const write = (app: TestApp, headers: Record<string, string>, body: object) => http(app.url, 'POST', PATH, { headers, body });
  const channelOf = (app: TestApp) => app.services.jobs.waiter.channel;

  it('each replica’s synchronous write is answered 200 through its own channel, and the other channel hears nothing of it', async () => {
    const viaB = await write(b, a.user.headers, { adAccountId: ACCOUNT, name: name('Via B') });
    const viaA = await write(a.app, a.user.headers, { adAccountId: ACCOUNT, name: name('Via A') });
    expect([viaA.status, viaB.status]).toEqual([200, 200]);
    expect(channelOf(a.app)).not.toBe(channelOf(b));
    const idsOn = (app: TestApp) => (heard.get(channelOf(app)) ?? []).map((m) => m.jobId);
    expect(idsOn(b)).toContain(viaB.body.jobId);
    expect(idsOn(b)).not.toContain(viaA.body.jobId);
    expect(idsOn(a.app)).toContain(viaA.body.jobId);
    expect(idsOn(a.app)).not.toContain(viaB.body.jobId);
    expect([...heard.keys()].filter((c) => c !== channelOf(a.app) && c !== channelOf(b))).toEqual([]);
  });

  it('a replay on another replica while the job still runs waits for the same outcome (it reads the job row)', async () => {
    await a.sim.fault({ path: '/campaign/create/', latencyMs: 1500, count: 1 });
    const headers = { ...a.user.headers, 'idempotency-key': `replay-${Date.now()}` };
    const body = { adAccountId: ACCOUNT, name: name('Replayed') };
    const first = write(b, headers, body);
    // The replay arrives once B's job exists (its row holds the key).
    await until(async () => (await a.app.infra.orm.em.getConnection().execute(`select 1 from jobs where params->>'name' = ?`, [body.name])).length > 0, 15_000, 20);
    const replay = await write(a.app, headers, body);
    const original = await first;
    expect([original.status, replay.status]).toEqual([200, 200]);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.data).toEqual(original.body.data);
    expect(replay.body.jobId).toBe(original.body.jobId);
    // Only the process that started the job was told; the replay read the row.
    expect((heard.get(channelOf(a.app)) ?? []).map((m) => m.jobId)).not.toContain(original.body.jobId);
    expect(a.app.services.jobs.waiter.waiting + b.services.jobs.waiter.waiting).toBe(0);
  });
});

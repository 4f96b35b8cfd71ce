import express from 'express';
import { listen, type RunningSim } from '../simulators/common/sim-kit';
import { createTiktokSim, type TiktokSim } from '../simulators/tiktok';
import { http, startWorld, type World } from '../world';
import { testJobRoutes, testWriteOps, until } from './support/jobs-fixture';
import { startChildWorker, type ChildWorker } from './support/child-worker';

const ACCOUNT = '7000000000000000012';

/**
 * A worker process is SIGKILLed after the simulator has created the campaign but before its answer
 * arrives (the simulator holds create responses back), so the job never learns the outcome. A new
 * worker process takes the job over and must not create a second campaign.
 */
describe('crash safety of platform creates', () => {
  let sim: TiktokSim;
  let server: RunningSim;
  let w: World<'tiktok'>;
  let holdCreateResponsesMs = 0;
  const children: ChildWorker[] = [];
  // Short platform timeouts: the retry first waits out the killed worker's request (connect + response
  // timeout after it was sent), which is a few seconds with these.
  const timeouts = { JOB_LOCK_MS: '2000', JOB_STALLED_INTERVAL_MS: '1000', HTTP_CONNECT_TIMEOUT_MS: '1000', HTTP_RESPONSE_TIMEOUT_MS: '8000', HTTP_MAX_RETRIES: '0' };
  const env = () => ({ TIKTOK_API_URL: server.baseUrl, ...timeouts });
  // The child reads the same ENCRYPTION_KEYS (the test default) to decrypt the stored platform token.

  /** The simulator behind a front that can hold its create answers back. */
  const startHeldSim = async () => {
    sim = createTiktokSim();
    const outer = express();
    outer.use((req, res, next) => {
      if (holdCreateResponsesMs > 0 && req.path.endsWith('/campaign/create/')) {
        const json = res.json.bind(res);
        const hold = holdCreateResponsesMs;
        res.json = (body: unknown) => {
          // unref'd: an answer still held when the suite ends must not keep the process alive.
          setTimeout(() => {
            if (!res.destroyed) json(body);
          }, hold).unref();
          return res;
        };
      }
      next();
    });
    outer.use(sim.app);
    server = await listen(outer);
    return { ...server, ...sim };
  };

  beforeAll(async () => {
    w = await startWorld({ platform: 'tiktok', workers: false, env: timeouts, app: { extraRoutes: testJobRoutes }, writeOperations: testWriteOps, simulators: { tiktok: startHeldSim } });
    await w.connect('tiktok', { adAccountId: ACCOUNT, via: 'token' });
  }, 60_000);
  afterAll(async () => {
    await Promise.all(children.map((c) => c.kill()));
    await w.close();
  });

  const campaignsNamed = (name: string) => [...sim.state.campaigns.byId.values()].filter((c) => c.name === name);
  const createCalls = (name: string) => sim.control.calls.filter((c) => c.path.endsWith('/campaign/create/') && (c.body as any)?.campaign_name === name);

  async function crashAfterAcceptance(byName: boolean) {
    const first = await startChildWorker(w.app, env());
    children.push(first);
    const name = `Crash ${byName ? 'by-name' : 'request-id'} ${Date.now()}`;
    holdCreateResponsesMs = 60_000;
    const r = await http(w.app.url, 'POST', '/api/v1/test-jobs/tiktok/campaigns', {
      headers: { ...w.user.headers, prefer: 'respond-async' },
      body: { adAccountId: ACCOUNT, name, byName },
    });
    expect(r.status).toBe(202);
    await until(async () => campaignsNamed(name).length === 1);
    await first.kill('SIGKILL');
    holdCreateResponsesMs = 0;

    const second = await startChildWorker(w.app, env());
    children.push(second);
    let last: unknown;
    const job = await until(async () => {
      const p = await http(w.app.url, 'GET', r.body.data.pollUrl, { headers: w.user.headers });
      last = p.body;
      return p.body.data?.state === 'completed' || p.body.data?.state === 'failed' ? p.body.data : undefined;
    }, 30_000).catch((e: Error) => {
      throw new Error(`${e.message}; last poll ${JSON.stringify(last)}; worker output:\n${second.output()}`);
    });
    await second.kill('SIGTERM');
    return { name, job };
  }

  it('with the platform idempotency key (TikTok request_id), the retry gets the same campaign and exactly one exists', async () => {
    const { name, job } = await crashAfterAcceptance(false);
    expect(job.state).toBe('completed');
    expect(campaignsNamed(name)).toHaveLength(1);
    expect(job.result.campaignId).toBe(campaignsNamed(name)[0]!.id);
    const calls = createCalls(name);
    expect(calls).toHaveLength(2);
    expect((calls[1]!.body as any).request_id).toBe((calls[0]!.body as any).request_id);
  }, 300_000);

  it('without a platform idempotency key, the retry finds the campaign by its name and does not create again', async () => {
    const { name, job } = await crashAfterAcceptance(true);
    expect(job.state).toBe('completed');
    expect(campaignsNamed(name)).toHaveLength(1);
    expect(job.result.campaignId).toBe(campaignsNamed(name)[0]!.id);
    expect(createCalls(name)).toHaveLength(1);
  }, 300_000);
});

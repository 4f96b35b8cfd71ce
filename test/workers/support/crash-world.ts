import express, { type Request } from 'express';
import { http, startTestApp, type JsonResponse, type TestApp } from '../../helpers/test-app';
import { configureApps, createTenant, externalUserToken } from '../../helpers/identity';
import { connectAccount, simEnv, type Sims } from '../../helpers/connections';
import { listen, type RunningSim, type SimControl } from '../../simulators/common/sim-kit';
import { createFacebookSim, type FacebookState } from '../../simulators/facebook';
import { createTiktokSim, type TiktokState } from '../../simulators/tiktok';
import { startChildWorker, type ChildWorker } from './child-worker';
import { until } from './jobs-fixture';

/**
 * A simulator behind a front that can hold back the answers of matching requests after the simulator
 * has handled them: the platform has accepted the create, but the caller never hears of it.
 */
export interface HeldSim<S> extends RunningSim {
  state: S;
  control: SimControl;
  /** Hold answers of requests this matches (until cleared); `held` counts answers held so far. */
  hold(match: ((req: Request) => boolean) | undefined): void;
  held(): number;
}

async function front<S>(sim: { app: express.Express; state: S; control: SimControl }): Promise<HeldSim<S>> {
  let match: ((req: Request) => boolean) | undefined;
  let held = 0;
  const outer = express();
  outer.use((req, res, next) => {
    if (match?.(req)) {
      // Every answer ends in res.end (res.json included); hold it there.
      const end = res.end.bind(res) as (...a: unknown[]) => unknown;
      res.end = ((...args: unknown[]) => {
        held++;
        // Never answered while the test runs; a socket the killed worker left is simply dropped.
        setTimeout(() => !res.destroyed && end(...args), 120_000).unref();
        return res;
      }) as typeof res.end;
    }
    next();
  });
  outer.use(sim.app);
  const server = await listen(outer);
  return { ...server, state: sim.state, control: sim.control, hold: (m) => (match = m), held: () => held };
}

export interface CrashWorld {
  app: TestApp;
  fb: HeldSim<FacebookState>;
  tt: HeldSim<TiktokState>;
  alice: Record<string, string>;
  /** Env of the child workers: the simulators, a short job lock, and the given platform timeouts. */
  workerEnv(timeouts: { responseMs: number }): Record<string, string>;
  startWorker(env: Record<string, string>): Promise<ChildWorker>;
  /** Polls a job until it finishes (the worker's output is in the error if it never does). */
  finished(pollUrl: string, worker: ChildWorker): Promise<{ state: string; attempts: number; result?: any; error?: unknown }>;
  /**
   * The crash every create test stages: the platform accepts the create (`createPath`), its answer is
   * held back, the worker is SIGKILLed, and a new worker takes the job over. Answers the finished job
   * and how many creates reached the platform.
   */
  crashAfterAccept(sim: HeldSim<unknown>, createPath: RegExp, submit: () => Promise<JsonResponse>): Promise<{ job: Awaited<ReturnType<CrashWorld['finished']>>; creates: number }>;
  close(): Promise<void>;
}

/** The api (no in-process workers) against held Meta and TikTok simulators, alice with one account on each. */
// Its own set-up, not startWorld: held simulators for two platforms, child worker processes and crash staging are what this world is about.
export async function startCrashWorld(accounts: { facebook: string; tiktok: string }): Promise<CrashWorld> {
  const fb = await front(createFacebookSim());
  const tt = await front(createTiktokSim());
  const sims: Sims = { facebook: fb, tiktok: tt };
  const app = await startTestApp({ workers: false, env: { ...simEnv(sims), RATE_LIMIT_PER_MINUTE: '100000' } });
  const t = await createTenant(app);
  await configureApps(app, t.apiKey);
  const token = await externalUserToken(app, t.apiKey, 'alice-ext');
  await connectAccount(app, sims, { platform: 'facebook', token, adAccountId: accounts.facebook });
  await connectAccount(app, sims, { platform: 'tiktok', token, adAccountId: accounts.tiktok });
  const alice = { authorization: `Bearer ${token}` };
  const workers: ChildWorker[] = [];
  const world: CrashWorld = {
    app,
    fb,
    tt,
    alice,
    workerEnv: ({ responseMs }) => ({
      ...simEnv(sims),
      JOB_LOCK_MS: '2000',
      JOB_STALLED_INTERVAL_MS: '1000',
      HTTP_CONNECT_TIMEOUT_MS: '1000',
      HTTP_RESPONSE_TIMEOUT_MS: String(responseMs),
      HTTP_MAX_RETRIES: '0',
    }),
    startWorker: async (env) => {
      const w = await startChildWorker(app, env);
      workers.push(w);
      return w;
    },
    finished: async (pollUrl, worker) => {
      let last: unknown;
      return until(async () => {
        const p = await http(app.url, 'GET', pollUrl, { headers: alice });
        last = p.body;
        return ['completed', 'failed'].includes(p.body.data?.state) ? p.body.data : undefined;
      }, 180_000).catch((e: Error) => {
        throw new Error(`${e.message}; last poll ${JSON.stringify(last)}; worker output:\n${worker.output()}`);
      });
    },
    crashAfterAccept: async (sim, createPath, submit) => {
      // Short platform timeouts keep the in-flight wait (connect + response timeout) a few seconds.
      const env = world.workerEnv({ responseMs: 4000 });
      const first = await world.startWorker(env);
      const before = sim.held();
      sim.hold((req) => req.method === 'POST' && createPath.test(req.path));
      const r = await submit();
      expect(r.status).toBe(202);
      await until(async () => sim.held() > before, 30_000);
      await first.kill('SIGKILL');
      sim.hold(undefined);
      const second = await world.startWorker(env);
      const job = await world.finished(r.body.data.pollUrl, second);
      await second.kill('SIGTERM');
      const creates = sim.control.calls.filter((c) => c.method === 'POST' && createPath.test(c.path)).length;
      return { job, creates };
    },
    close: async () => {
      await Promise.all(workers.map((w) => w.kill()));
      await app.close();
      await Promise.all([fb.close(), tt.close()]);
    },
  };
  return world;
}

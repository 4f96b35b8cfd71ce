import { z } from '../../../shared/infra/zod-openapi';
import { defineRoute, type RouteSpec } from '../../../api/routes/route';
import { adAccountGuard } from '../../../api/middleware/ad-account-guard';
import { registerWriteOperation } from '../../../shared/domain/jobs/write-operations';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { configureApps, createTenant, externalUserToken } from '../../helpers/identity';
import { connectAccount, simEnv } from '../../helpers/connections';
import type { RunningSim } from '../../simulators/common/sim-kit';
import { testWriteOps } from './test-write-ops';

/**
 * A TikTok write route built like the surface's (guard, then services.jobs.submit), running the
 * test-only operations whose crash behaviour the pipeline tests control.
 */
export const testJobRoutes: RouteSpec[] = [
  defineRoute({
    method: 'post',
    path: '/api/v1/test-jobs/tiktok/campaigns',
    operationId: 'testCreateTiktokCampaign',
    summary: 'Campaign created',
    tags: ['Test'],
    auth: 'external',
    body: z.object({ adAccountId: z.string(), name: z.string(), budget: z.number().optional(), byName: z.boolean().optional() }).strict(),
    before: [adAccountGuard('tiktok', { from: 'body' })],
    handler: async ({ deps, auth, req, body }) =>
      deps.services.jobs.submit({ auth, req }, {
        type: 'write',
        platform: 'tiktok',
        adAccount: req.ctx.account!,
        operation: body.byName ? 'test.tiktok.create-campaign-by-name' : 'test.tiktok.create-campaign',
        params: { name: body.name, ...(body.budget !== undefined ? { budget: body.budget } : {}) },
        message: 'Campaign created',
      }),
  }),
];

export function registerTestWriteOps(): void {
  for (const op of testWriteOps) {
    try {
      registerWriteOperation(op);
    } catch {
      // already registered in this module registry
    }
  }
}

export interface JobsWorld {
  app: TestApp;
  /** Bearer headers of two external users of one tenant. */
  alice: Record<string, string>;
  mallory: Record<string, string>;
  aliceToken: string;
  /** Connects a simulator advertiser to alice through the real activate endpoint. */
  connect(adAccountId: string, simUser?: string): Promise<void>;
}

/** The app (workers optional) pointed at the TikTok simulator, one tenant with its apps, two external users. */
export async function startJobsWorld(sim: RunningSim, opts: { env?: Record<string, string>; workers?: boolean } = {}): Promise<JobsWorld> {
  registerTestWriteOps();
  const sims = { tiktok: sim };
  const app = await startTestApp({
    workers: opts.workers ?? true,
    env: { ...simEnv(sims), ...opts.env },
    app: { extraRoutes: testJobRoutes },
  });
  const t = await createTenant(app);
  await configureApps(app, t.apiKey);
  const aliceToken = await externalUserToken(app, t.apiKey, 'alice-ext');
  const malloryToken = await externalUserToken(app, t.apiKey, 'mallory-ext');
  return {
    app,
    alice: { authorization: `Bearer ${aliceToken}` },
    mallory: { authorization: `Bearer ${malloryToken}` },
    aliceToken,
    connect: async (adAccountId, simUser = 'alice') => {
      // One gateway user holds accounts of several simulator users here; a dialog connection per
      // simulator user would replace the user's TikTok grant each time, so each gets its own
      // caller-supplied token (scopes are not what these tests are about).
      await connectAccount(app, sims, { platform: 'tiktok', token: aliceToken, adAccountId, simUser, via: 'token' });
    },
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function until<T>(fn: () => Promise<T | undefined | false>, timeoutMs = 15_000, stepMs = 100): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('condition not met in time');
    await sleep(stepMs);
  }
}

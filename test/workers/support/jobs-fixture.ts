import { z } from '../../../shared/infra/zod-openapi';
import { eventually } from '../../helpers/eventually';
import { defineRoute, type RouteSpec } from '../../../api/routes/route';
import { adAccountGuard } from '../../../api/middleware/ad-account-guard';

/** The test-only operations `testJobRoutes` submit: a world with those routes takes them as `writeOperations`. */
export { testWriteOps } from './test-write-ops';

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
    // Documented as a real write route is: the job's answers (200, 202) and its outcomes as errors.
    job: 'write',
    response: { schema: z.record(z.unknown()) },
    errors: [403, 404, 409, 422, 502, 504],
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

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function until<T>(fn: () => Promise<T | undefined | false>, timeoutMs = 15_000, stepMs = 100): Promise<T> {
  const v = await eventually(fn, (x) => !!x, timeoutMs, stepMs);
  if (!v) throw new Error('condition not met in time');
  return v;
}

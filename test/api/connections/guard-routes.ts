import { defineRoute, type RouteSpec } from '../../../api/routes/route';
import { adAccountGuard } from '../../../api/middleware/ad-account-guard';
import { z } from '../../../shared/infra/zod-openapi';

/** What the guard answers of a route: the account it let through, or why not (403, 404). */
const guarded = { response: { schema: z.record(z.unknown()) }, errors: [403, 404] };

/** One guarded read per platform, standing in for the platform surfaces in these tests. */
export const guardedRoutes: RouteSpec[] = (['facebook', 'tiktok', 'google'] as const).map((platform) =>
  defineRoute({
    method: 'get',
    path: `/__test/${platform}/guarded`,
    operationId: `testGuarded_${platform}`,
    summary: 'Guarded',
    tags: ['Test'],
    auth: 'external',
    query: z.object({ adAccountId: z.string() }),
    ...guarded,
    before: [adAccountGuard(platform, { from: 'query' })],
    handler: async ({ req }) => ({ data: req.ctx.account }),
  }),
);

/** A guarded platform read through the real token service and client (the path every surface uses). */
export const accountReadRoutes: RouteSpec[] = (['facebook', 'tiktok', 'google'] as const).map((platform) =>
  defineRoute({
    method: 'get',
    path: `/__test/${platform}/account`,
    operationId: `testAccountRead_${platform}`,
    summary: 'Account read',
    tags: ['Test'],
    auth: 'external',
    query: z.object({ adAccountId: z.string() }),
    ...guarded,
    before: [adAccountGuard(platform, { from: 'query' })],
    handler: async ({ req, deps, em }) => {
      const acc = req.ctx.account!;
      const s = deps.services;
      const app = await s.tenantApps.getDecrypted(em, acc.tenantId, platform);
      const data = await s.platforms.get(platform).operations.fetchAccount({
        app: app!,
        token: await s.platformAuth.tokenSource(acc.connectionId),
        platformAccountId: acc.platformAccountId,
        managerId: acc.loginCustomerId ?? null,
      });
      return { data };
    },
  }),
);

/** A guarded write-style route reading adAccountId from the body. */
export const bodyGuardedRoute: RouteSpec = defineRoute({
  method: 'post',
  path: '/__test/tiktok/guarded-body',
  operationId: 'testGuardedBody',
  summary: 'Guarded (body)',
  tags: ['Test'],
  auth: 'external',
  body: z.object({ adAccountId: z.string(), name: z.string() }).strict(),
  ...guarded,
  before: [adAccountGuard('tiktok', { from: 'body' })],
  handler: async ({ req }) => ({ data: req.ctx.account }),
});

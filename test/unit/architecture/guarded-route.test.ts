import { z } from 'zod';
import { guardedRoute, writeRoute, type GuardedContext } from '../../../api/routes/guarded-route';
import type { HandlerContext } from '../../../api/routes/route';
import { defineWriteOperation } from '../../../shared/platforms/core/write-operation';
import { campaignStatus, createCampaignGroup } from '../../../shared/platforms/linkedin/operations/write-operations';
import { StatusChangeDto } from '../../../shared/platforms/linkedin/operations/write.dto';

const IdParams = z.object({ id: z.string() });
const route = {
  from: 'body',
  method: 'post',
  path: '/api/v1/linkedin/campaigns/{id}/status',
  operationId: 'typeTest',
  summary: 'Campaign status updated',
  tags: ['Test'],
  auth: 'external',
  params: IdParams,
  body: StatusChangeDto,
} as const satisfies Record<string, unknown>;
const spec = { ...route, tags: [...route.tags] };

// The params a route builds are the operation's params schema input, checked where the route is written.
writeRoute({ ...spec, op: campaignStatus, toParams: ({ params, body }) => ({ id: params.id, dto: body }) });
writeRoute({ ...spec, op: campaignStatus, toParams: async ({ params, body }) => ({ id: params.id, dto: body }) });
// @ts-expect-error — a key the operation needs is missing
writeRoute({ ...spec, op: campaignStatus, toParams: ({ body }) => ({ dto: body }) });
// @ts-expect-error — a value of the wrong type
writeRoute({ ...spec, op: campaignStatus, toParams: ({ body }) => ({ id: 7, dto: body }) });
// @ts-expect-error — a key the (strict) params schema would refuse in the worker
writeRoute({ ...spec, op: campaignStatus, toParams: ({ params, body }) => ({ id: params.id, dto: body, validateOnly: true }) });
// @ts-expect-error — the same, one level down
writeRoute({ ...spec, op: campaignStatus, toParams: async ({ params, body }) => ({ id: params.id, dto: { ...body, note: 'x' } }) });
// @ts-expect-error — another operation's params (the body where `{ dto }` is expected)
writeRoute({ ...spec, op: createCampaignGroup, toParams: ({ body }) => body });

const account = { id: 'acc-1', tenantId: 't-1', platform: 'linkedin', platformAccountId: '508000001', connectionId: 'c-1', ownerId: 'u-1', grantedScopes: [] };
const caller = { request: jest.fn() };

function contextOf(input: { params?: unknown; query?: unknown; body?: unknown }, guarded = true) {
  const submit = jest.fn(async () => ({ data: { ok: true }, status: 200, message: 'done', job: { id: 'j-1', pollUrl: '/api/v1/jobs/j-1' } }));
  const ctx = {
    req: { ctx: guarded ? { account, caller } : {}, method: 'PUT', originalUrl: '/api/v1/x/42?dryRun=false', headers: {} },
    deps: { services: { safeWrites: { submit } } },
    auth: { kind: 'external-user', tenantId: 't-1', userId: 'u-1' },
    ...input,
  } as unknown as HandlerContext<undefined, undefined, undefined>;
  return { ctx, submit };
}

describe('guardedRoute', () => {
  it('runs the ad-account guard before the handler, which gets the account and its caller', async () => {
    let seen: Pick<GuardedContext, 'account' | 'caller'> | undefined;
    const r = guardedRoute({
      platform: 'linkedin', from: 'query', method: 'get', path: '/x', operationId: 'x', summary: 'X', tags: ['Test'], auth: 'external',
      handler: async (c) => {
        seen = { account: c.account, caller: c.caller };
        return { data: null };
      },
    });
    expect(r.before).toHaveLength(1);
    await r.handler(contextOf({}).ctx);
    expect(seen).toEqual({ account, caller });
  });

  it('runs `check` before the guard, with the validated input', () => {
    const check = jest.fn();
    const r = guardedRoute({
      platform: 'google', from: 'query', method: 'get', path: '/x', operationId: 'x', summary: 'X', tags: ['Test'], auth: 'external',
      query: z.object({ adAccountId: z.string() }),
      check,
      handler: async () => ({ data: null }),
    });
    expect(r.before).toHaveLength(2);
    const next = jest.fn();
    const valid = { params: {}, query: { adAccountId: '1' }, body: undefined };
    r.before![0]!({ valid } as never, {} as never, next);
    expect(check).toHaveBeenCalledWith(valid);
    expect(next).toHaveBeenCalled();
  });

  it('refuses to run a handler the guard did not run for', async () => {
    const r = guardedRoute({ platform: 'linkedin', from: 'query', method: 'get', path: '/x', operationId: 'x', summary: 'X', tags: ['Test'], auth: 'external', handler: async () => ({ data: null }) });
    await expect(r.handler(contextOf({}, false).ctx)).rejects.toMatchObject({ code: 'INTERNAL' });
  });
});

describe('writeRoute', () => {
  it("is a write job of the operation's platform: the job is named by the operation, with the params toParams builds", async () => {
    const r = writeRoute({ ...spec, op: campaignStatus, toParams: ({ params, body }) => ({ id: params.id, dto: body }) });
    expect(r.job).toBe('write');
    expect(r.before).toHaveLength(1);
    const body = { adAccountId: '508000001', status: 'PAUSED' as const };
    const { ctx, submit } = contextOf({ params: { id: '42' }, body });
    expect(await r.handler(ctx)).toMatchObject({ data: { ok: true } });
    expect(submit).toHaveBeenCalledWith(
      expect.objectContaining({
        auth: ctx.auth,
        req: ctx.req,
        surface: 'rest',
        account,
        caller,
        op: campaignStatus,
        params: { id: '42', dto: body },
        message: 'Campaign status updated',
        request: { method: 'PUT', path: '/api/v1/x/42', query: {}, body },
        dryRun: false,
      }),
    );
  });

  it('takes its message from the request when given one', async () => {
    const r = writeRoute({ ...spec, op: campaignStatus, toParams: ({ params, body }) => ({ id: params.id, dto: body }), message: ({ body }) => `Now ${body.status}` });
    const { ctx, submit } = contextOf({ params: { id: '42' }, body: { adAccountId: '508000001', status: 'ACTIVE' } });
    await r.handler(ctx);
    expect(submit).toHaveBeenCalledWith(expect.objectContaining({ message: 'Now ACTIVE' }));
  });

  it('refuses an operation of no listed platform when the route is defined', () => {
    const stray = defineWriteOperation({ name: 'nowhere.write', platform: 'nowhere', kind: 'update', params: z.object({}), run: async () => null });
    expect(() => writeRoute({ ...spec, op: stray, toParams: () => ({}) })).toThrow(/no listed platform/);
  });
});

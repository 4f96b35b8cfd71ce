import { z } from 'zod';
import { createOnce, type WireHooks } from '../../../shared/platforms/core/create-once';
import { parseCreatedTime } from '../../../shared/platforms/core/create-lookup';
import { defineWriteOperation, type WriteContext } from '../../../shared/platforms/core/write-operation';

/*
 * Test-only TikTok writes that exercise the pipeline's crash safety both ways: by the platform's own
 * idempotency key (request_id) and by looking the object up by the name the job set.
 */

const Params = z.object({ name: z.string(), budget: z.number().default(100) }).strict();
type P = z.infer<typeof Params>;
type Campaign = { campaign_id: string; campaign_name: string };

const create = (ctx: WriteContext, p: P, wire: WireHooks, requestId?: string) =>
  ctx.caller.request<Campaign>({
    method: 'POST',
    path: 'campaign/create/',
    body: {
      advertiser_id: ctx.account.platformAccountId,
      campaign_name: p.name,
      objective_type: 'TRAFFIC',
      budget_mode: 'BUDGET_MODE_DAY',
      budget: p.budget,
      ...(requestId ? { request_id: requestId } : {}),
    },
    kind: 'write',
    idempotent: requestId !== undefined,
    wire,
  });

/** Completions per job id, per process (the two-workers test reads it). */
export const completions = new Map<string, number>();

export const createCampaignWithRequestId = defineWriteOperation<P>({
  name: 'test.tiktok.create-campaign',
  platform: 'tiktok',
  kind: 'create',
  exactlyOnce: { idempotencyKey: 'request_id' },
  params: Params,
  run: async (ctx, p) => {
    const c = await createOnce(ctx, 'campaign', { create: (rid, wire) => create(ctx, p, wire, rid) });
    completions.set(ctx.jobId, (completions.get(ctx.jobId) ?? 0) + 1);
    return { campaignId: c.campaign_id, name: c.campaign_name };
  },
});

export const createCampaignFoundByName = defineWriteOperation<P>({
  name: 'test.tiktok.create-campaign-by-name',
  platform: 'tiktok',
  kind: 'create',
  exactlyOnce: { lookup: 'the campaign name' },
  params: Params,
  run: async (ctx, p) => {
    const c = await createOnce<Campaign>(ctx, 'campaign', {
      create: (_rid, wire, [name = p.name]) => create(ctx, { ...p, name }, wire),
      lookup: {
        names: [p.name],
        maxName: 512,
        fields: () => ({ campaign: 'TRAFFIC' }),
        find: async ([name = p.name]) => {
          const page = await ctx.caller.request<{ list: (Campaign & { create_time?: string })[] }>({
            method: 'GET',
            path: 'campaign/get/',
            query: { advertiser_id: ctx.account.platformAccountId, filtering: { campaign_name: name }, page_size: 10 },
            kind: 'read',
          });
          return [page.list.filter((x) => x.campaign_name === name).map((x) => ({ id: x.campaign_id, createdAt: parseCreatedTime(x.create_time), data: x }))];
        },
        idsOf: (r) => [r.campaign_id],
        resultOf: ([found]) => found?.data as Campaign,
      },
    });
    return { campaignId: c.campaign_id, name: c.campaign_name };
  },
});

export const testWriteOps = [createCampaignWithRequestId, createCampaignFoundByName];

import { z } from 'zod';
import { AppError } from '../../../errors/app-error';
import { createOnce, stepName } from '../../core/create-once';
import { defineWriteOperation, type WriteContext, type WriteOperation } from '../../core/write-operation';
import { CreateSocialCampaignDto, ObjectiveParams, StatusUpdateDto } from '../dto/campaign.dto';
import { CreateAdCloneDto, CreateSocialAds } from '../dto/ad.dto';
import { CreateLookalikeAudienceDto } from '../dto/audience.dto';
import { CreateCustomConversionDto, CreatePixelDto } from '../dto/pixel.dto';
import { CreateLeadFormDto } from '../dto/lead-form.dto';
import { InsightsQueryDto } from '../dto/insights.dto';
import { createCampaignCall, statusUpdateCall } from './campaigns';
import { cloneAdCall, copyName, createAdCall, createCreativeCall } from './ads';
import { createLookalikeCall } from './audiences';
import { createCustomConversionCall, createPixelCall } from './pixels';
import { createLeadFormCall, pageTokenCall } from './lead-forms';
import { graphCaller, type GraphCaller } from './caller';
import { act, get, type GraphCall, type GraphList } from './graph-call';
import { runInsightsReport } from './insights-report';

type Created = { id: string };

/** The job's Graph caller, and its ad account's id (shared by every Meta write file). */
export const callerOf = (ctx: WriteContext) => graphCaller(ctx.caller);

/**
 * Where a crash lookup searches: the parent's edge, and whether Meta documents `filtering` on it
 * (campaigns, ad sets and ads edges do; adcreatives, customaudiences, adspixels, customconversions
 * and a Page's leadgen_forms do not, and Graph ignores parameters it doesn't know there).
 */
interface Lookup {
  edge: string;
  filtering: boolean;
  token?: string;
}

/** Enough for any account's recent objects; past it the lookup cannot answer "not there". */
const LOOKUP_PAGES = 20;

/**
 * After a crash between "calling" and "done": the object an earlier attempt created, found by its
 * exact (job-step tagged) name. The match is always made here, on the names read back, so an edge
 * that ignores `filtering` only costs more pages.
 */
export async function findByName(graph: GraphCaller, l: Lookup, name: string): Promise<Created | undefined> {
  let after: string | undefined;
  for (let page = 0; page < LOOKUP_PAGES; page++) {
    const params: Record<string, unknown> = { fields: 'id,name', limit: 100, after };
    if (l.filtering) params.filtering = [{ field: 'name', operator: 'EQUAL', value: name }];
    const r = await graph.call<GraphList<{ id: string; name?: string }>>(get(l.edge, params), { kind: 'read', token: l.token });
    const hit = r.data?.find((o) => o.name === name);
    if (hit) return { id: String(hit.id) };
    after = r.paging?.cursors?.after;
    if (!r.paging?.next || !after) return undefined;
  }
  throw new AppError('PLATFORM_UNAVAILABLE', `Could not confirm whether an earlier attempt created "${name}" in ${l.edge}: not retrying the create`);
}

/**
 * A create that runs at most once across retries and crashes: the object gets the step's tagged
 * name, and a retry looks that name up before creating again.
 */
export function createNamed(ctx: WriteContext, step: string, graph: GraphCaller, c: GraphCall, lookup: Lookup) {
  const name = stepName(ctx.jobId, step, c.params.name ?? step);
  const call: GraphCall = { ...c, params: { ...c.params, name } };
  return createOnce<Created>(ctx, step, {
    create: async (_rid, wire) => {
      const r = await graph.call<Created>(call, { token: lookup.token, wire });
      if (!r?.id) throw new AppError('PLATFORM_UNAVAILABLE', 'Meta did not return the new object id');
      return { id: String(r.id) };
    },
    find: () => findByName(graph, lookup, name),
  });
}

export const accountId = (ctx: WriteContext) => ctx.account.platformAccountId;

export const createCampaign = defineWriteOperation({
  name: 'facebook.create-campaign',
  platform: 'facebook',
  kind: 'create',
  exactlyOnce: { lookup: 'the tagged name in act_{id}/campaigns' },
  params: z.object({ objective: ObjectiveParams.shape.objective, campaign: CreateSocialCampaignDto }),
  run: (ctx, p) =>
    createNamed(ctx, 'campaign', callerOf(ctx), createCampaignCall(accountId(ctx), p.objective, p.campaign), { edge: `${act(accountId(ctx))}/campaigns`, filtering: true }),
});

/** Status changes are idempotent on Meta's side: setting the same status twice is harmless. */
export const updateStatus = defineWriteOperation({
  name: 'facebook.update-status',
  platform: 'facebook',
  kind: 'update',
  params: z.object({ objectId: z.string(), status: StatusUpdateDto.shape.status }),
  run: async (ctx, p) => {
    const r = await callerOf(ctx).call<{ success?: boolean }>(statusUpdateCall(p.objectId, p));
    if (r?.success === false) throw new AppError('PLATFORM_REJECTED', 'Meta did not apply the status change');
    return { success: true, id: p.objectId, status: p.status };
  },
});

export const createAd = defineWriteOperation({
  name: 'facebook.create-ad',
  platform: 'facebook',
  kind: 'create',
  exactlyOnce: { lookup: 'the tagged names in act_{id}/adcreatives and act_{id}/ads' },
  params: z.object({ ad: CreateSocialAds }),
  run: async (ctx, { ad }) => {
    const graph = callerOf(ctx);
    const acct = accountId(ctx);
    let creativeId = ad.creative.creative_id;
    const creativeCall = createCreativeCall(acct, ad);
    if (creativeCall) {
      creativeId = (await createNamed(ctx, 'creative', graph, creativeCall, { edge: `${act(acct)}/adcreatives`, filtering: false })).id;
    }
    const created = await createNamed(ctx, 'ad', graph, createAdCall(acct, ad, creativeId!), { edge: `${act(acct)}/ads`, filtering: true });
    return { id: created.id, creative_id: creativeId };
  },
});

export const cloneAd = defineWriteOperation({
  name: 'facebook.clone-ad',
  platform: 'facebook',
  kind: 'create',
  exactlyOnce: { lookup: 'the tagged copy name in act_{id}/ads' },
  params: z.object({ adId: z.string(), sourceName: z.string(), clone: CreateAdCloneDto }),
  run: async (ctx, p) => {
    const graph = callerOf(ctx);
    // The copy is named by rename_options: the suffix carries the step's tag so the lookup can find it.
    const clone = { ...p.clone, rename_suffix: stepName(ctx.jobId, 'copy', p.clone.rename_suffix ?? ' - Copy') };
    const copy = await createOnce<{ copied_ad_id: string }>(ctx, 'copy', {
      create: async (_rid, wire) => {
        const r = await graph.call<{ copied_ad_id?: string }>(cloneAdCall(p.adId, clone), { wire });
        if (!r?.copied_ad_id) throw new AppError('PLATFORM_UNAVAILABLE', 'Meta did not return the copied ad id');
        return { copied_ad_id: String(r.copied_ad_id) };
      },
      find: async () => {
        const hit = await findByName(graph, { edge: `${act(accountId(ctx))}/ads`, filtering: true }, copyName(p.sourceName, clone));
        return hit ? { copied_ad_id: hit.id } : undefined;
      },
    });
    return copy;
  },
});

export const createLookalike = defineWriteOperation({
  name: 'facebook.create-lookalike',
  platform: 'facebook',
  kind: 'create',
  exactlyOnce: { lookup: 'the tagged name in act_{id}/customaudiences' },
  params: z.object({ audience: CreateLookalikeAudienceDto }),
  run: (ctx, { audience }) =>
    createNamed(ctx, 'audience', callerOf(ctx), createLookalikeCall(accountId(ctx), audience), { edge: `${act(accountId(ctx))}/customaudiences`, filtering: false }),
});

export const createPixel = defineWriteOperation({
  name: 'facebook.create-pixel',
  platform: 'facebook',
  kind: 'create',
  exactlyOnce: { lookup: 'the tagged name in act_{id}/adspixels' },
  params: z.object({ pixel: CreatePixelDto }),
  run: (ctx, { pixel }) => createNamed(ctx, 'pixel', callerOf(ctx), createPixelCall(accountId(ctx), pixel), { edge: `${act(accountId(ctx))}/adspixels`, filtering: false }),
});

export const createCustomConversion = defineWriteOperation({
  name: 'facebook.create-custom-conversion',
  platform: 'facebook',
  kind: 'create',
  exactlyOnce: { lookup: 'the tagged name in act_{id}/customconversions' },
  params: z.object({ conversion: CreateCustomConversionDto }),
  run: (ctx, { conversion }) =>
    createNamed(ctx, 'conversion', callerOf(ctx), createCustomConversionCall(accountId(ctx), conversion), { edge: `${act(accountId(ctx))}/customconversions`, filtering: false }),
});

/** Lead forms are page objects: the page token is fetched in the worker with the user's token, never stored. */
export const createLeadForm = defineWriteOperation({
  name: 'facebook.create-lead-form',
  platform: 'facebook',
  kind: 'create',
  exactlyOnce: { lookup: 'the tagged name in {page}/leadgen_forms' },
  params: z.object({ form: CreateLeadFormDto }),
  run: async (ctx, { form }) => {
    const graph = callerOf(ctx);
    const page = await graph.call<{ access_token?: string }>(pageTokenCall(form.pageId), { kind: 'read' });
    if (!page.access_token) throw new AppError('FORBIDDEN', `No page access token for page ${form.pageId}`);
    return createNamed(ctx, 'form', graph, createLeadFormCall(form), { edge: `${form.pageId}/leadgen_forms`, filtering: false, token: page.access_token });
  },
});

export const insightsReport = defineWriteOperation({
  name: 'facebook.insights-report',
  platform: 'facebook',
  kind: 'report',
  params: z.object({ query: InsightsQueryDto }),
  run: (ctx, { query }) => runInsightsReport(ctx, callerOf(ctx), query),
});

export const facebookWriteOperations: readonly WriteOperation[] = [
  createCampaign, updateStatus, createAd, cloneAd, createLookalike, createPixel, createCustomConversion, createLeadForm, insightsReport,
];

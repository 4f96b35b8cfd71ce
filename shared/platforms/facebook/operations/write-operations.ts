import { z } from 'zod';
import { AppError } from '../../../errors/app-error';
import { createOnce } from '../../core/create-once';
import { createNamed, creativesLookup, findNamed, idLookup, NAME_MAX, type MetaLookup } from './create-lookup';
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
import { graphCaller } from './caller';
import { act } from './graph-call';
import { runInsightsReport } from './insights-report';
import { metaCreateSpend } from './spend';

/** The job's Graph caller, and its ad account's id (shared by every Meta write file). */
export const callerOf = (ctx: WriteContext) => graphCaller(ctx.caller);

export const accountId = (ctx: WriteContext) => ctx.account.platformAccountId;

export const createCampaign = defineWriteOperation({
  name: 'facebook.create-campaign',
  platform: 'facebook',
  kind: 'create',
  exactlyOnce: { lookup: 'the name, objective and created_time in act_{id}/campaigns' },
  params: z.object({ objective: ObjectiveParams.shape.objective, campaign: CreateSocialCampaignDto }),
  spend: (p) => metaCreateSpend(p.campaign),
  run: (ctx, p) =>
    createNamed(ctx, 'campaign', callerOf(ctx), createCampaignCall(accountId(ctx), p.objective, p.campaign), { edge: `${act(accountId(ctx))}/campaigns`, filtering: true, timeField: 'created_time', same: ['objective'] }, NAME_MAX.object),
});

/** Status changes are idempotent on Meta's side: setting the same status twice is harmless. */
export const updateStatus = defineWriteOperation({
  name: 'facebook.update-status',
  platform: 'facebook',
  kind: 'update',
  targets: (p) => [p.objectId],
  params: z.object({ objectId: z.string(), status: StatusUpdateDto.shape.status }),
  spend: (p) => ({ activates: p.status === 'ACTIVE' }),
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
  exactlyOnce: { lookup: 'the name and story spec in act_{id}/adcreatives; the name, ad set and created_time in act_{id}/ads' },
  params: z.object({ ad: CreateSocialAds }),
  spend: ({ ad }) => ({ createsActive: ad.status === 'ACTIVE' }),
  run: async (ctx, { ad }) => {
    const graph = callerOf(ctx);
    const acct = accountId(ctx);
    let creativeId = ad.creative.creative_id;
    const creativeCall = createCreativeCall(acct, ad);
    if (creativeCall) {
      creativeId = (await createNamed(ctx, 'creative', graph, creativeCall, creativesLookup(acct), NAME_MAX.object)).id;
    }
    const created = await createNamed(ctx, 'ad', graph, createAdCall(acct, ad, creativeId!), { edge: `${act(acct)}/ads`, filtering: true, timeField: 'created_time', same: ['adset_id'] }, NAME_MAX.object);
    return { id: created.id, creative_id: creativeId };
  },
});

export const cloneAd = defineWriteOperation({
  name: 'facebook.clone-ad',
  platform: 'facebook',
  kind: 'create',
  exactlyOnce: { lookup: 'the copy name, source_ad_id and created_time in act_{id}/ads' },
  params: z.object({ adId: z.string(), sourceName: z.string(), clone: CreateAdCloneDto }),
  // A copy that keeps its source's status may deliver at once: only PAUSED is known not to.
  spend: (p) => ({ createsActive: p.clone.status_option !== 'PAUSED' }),
  run: async (ctx, p) => {
    const graph = callerOf(ctx);
    const ads: MetaLookup = { edge: `${act(accountId(ctx))}/ads`, filtering: true, timeField: 'created_time', same: ['source_ad_id'] };
    // Meta names the copy from rename_options: a tagged copy carries the tag at the end of its suffix.
    const lookup = idLookup(copyName(p.sourceName, p.clone), NAME_MAX.object, { copyOf: p.adId }, (name) => findNamed(graph, ads, name, { source_ad_id: p.adId }));
    const copy = await createOnce(ctx, 'copy', {
      create: async (_rid, wire, [name]) => {
        const suffix = (p.clone.rename_suffix ?? ' - Copy') + (name ?? '').slice(copyName(p.sourceName, p.clone).length);
        const r = await graph.call<{ copied_ad_id?: string }>(cloneAdCall(p.adId, { ...p.clone, rename_suffix: suffix }), { wire });
        if (!r?.copied_ad_id) throw new AppError('PLATFORM_UNAVAILABLE', 'Meta did not return the copied ad id');
        return { id: String(r.copied_ad_id) };
      },
      lookup,
    });
    return { copied_ad_id: copy.id };
  },
});

export const createLookalike = defineWriteOperation({
  name: 'facebook.create-lookalike',
  platform: 'facebook',
  kind: 'create',
  exactlyOnce: { lookup: 'the name, subtype and time_created in act_{id}/customaudiences' },
  params: z.object({ audience: CreateLookalikeAudienceDto }),
  run: (ctx, { audience }) =>
    createNamed(ctx, 'audience', callerOf(ctx), createLookalikeCall(accountId(ctx), audience), { edge: `${act(accountId(ctx))}/customaudiences`, filtering: false, timeField: 'time_created', same: ['subtype'] }, NAME_MAX.object),
});

export const createPixel = defineWriteOperation({
  name: 'facebook.create-pixel',
  platform: 'facebook',
  kind: 'create',
  exactlyOnce: { lookup: 'the name and creation_time in act_{id}/adspixels' },
  params: z.object({ pixel: CreatePixelDto }),
  run: (ctx, { pixel }) =>
    createNamed(ctx, 'pixel', callerOf(ctx), createPixelCall(accountId(ctx), pixel), { edge: `${act(accountId(ctx))}/adspixels`, filtering: false, timeField: 'creation_time' }, NAME_MAX.pixel),
});

export const createCustomConversion = defineWriteOperation({
  name: 'facebook.create-custom-conversion',
  platform: 'facebook',
  kind: 'create',
  exactlyOnce: { lookup: 'the name, event type and creation_time in act_{id}/customconversions' },
  params: z.object({ conversion: CreateCustomConversionDto }),
  run: (ctx, { conversion }) =>
    createNamed(
      ctx,
      'conversion',
      callerOf(ctx),
      createCustomConversionCall(accountId(ctx), conversion),
      { edge: `${act(accountId(ctx))}/customconversions`, filtering: false, timeField: 'creation_time', same: ['custom_event_type'] },
      NAME_MAX.object,
    ),
});

/** Lead forms are page objects: the page token is fetched in the worker with the user's token, never stored. */
export const createLeadForm = defineWriteOperation({
  name: 'facebook.create-lead-form',
  platform: 'facebook',
  kind: 'create',
  exactlyOnce: { lookup: 'the name and created_time in {page}/leadgen_forms' },
  params: z.object({ form: CreateLeadFormDto }),
  run: async (ctx, { form }) => {
    const graph = callerOf(ctx);
    const page = await graph.call<{ access_token?: string }>(pageTokenCall(form.pageId), { kind: 'read' });
    if (!page.access_token) throw new AppError('FORBIDDEN', `No page access token for page ${form.pageId}`);
    return createNamed(ctx, 'form', graph, createLeadFormCall(form), { edge: `${form.pageId}/leadgen_forms`, filtering: false, token: page.access_token, timeField: 'created_time' }, NAME_MAX.form);
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

import { z } from 'zod';
import { AppError } from '../../../errors/app-error';
import { createOnce } from '../../../domain/jobs/create-once';
import { defineWriteOperation, type WriteContext, type WriteOperation } from '../../../domain/jobs/write-operation.types';
import { CreateSocialCampaignDto, ObjectiveParams, StatusUpdateDto, type CreateSocialCampaign, type ObjectiveSegment } from '../dto/campaign.dto';
import { CreateAdCloneDto, CreateSocialAds, type CreateAdClone, type CreateSocialAd } from '../dto/ad.dto';
import { CreateLookalikeAudienceDto, type CreateLookalikeAudience } from '../dto/audience.dto';
import { CreateCustomConversionDto, CreatePixelDto, type CreateCustomConversion, type CreatePixel } from '../dto/pixel.dto';
import { CreateLeadFormDto, type CreateLeadForm } from '../dto/lead-form.dto';
import { InsightsQueryDto, type InsightsQuery } from '../dto/insights.dto';
import { createCampaignCall, statusUpdateCall } from './campaigns';
import { cloneAdCall, copyName, createAdCall, createCreativeCall } from './ads';
import { createLookalikeCall } from './audiences';
import { createCustomConversionCall, createPixelCall } from './pixels';
import { createLeadFormCall, pageTokenCall } from './lead-forms';
import { facebookCaller, type GraphCaller } from './caller';
import { act, get, type GraphList } from './graph-call';
import { runInsightsReport } from './insights-report';

type Created = { id: string };

const callerOf = (ctx: WriteContext) => facebookCaller(ctx.services, ctx.account);

/** After a crash between "calling" and "done": the object a previous attempt created, found by its exact name. */
async function findByName(graph: GraphCaller, edge: string, name: string, token?: string): Promise<Created | undefined> {
  const r = await graph.call<GraphList<{ id: string }>>(
    get(edge, { fields: 'id', limit: 5, filtering: [{ field: 'name', operator: 'EQUAL', value: name }] }),
    { kind: 'read', token },
  );
  const hit = r.data?.[0];
  return hit ? { id: hit.id } : undefined;
}

/** A create that runs at most once across retries and crashes (looked up by name on a retry). */
function createNamed(ctx: WriteContext, step: string, graph: GraphCaller, c: Parameters<GraphCaller['call']>[0], edge: string, name: string, token?: string) {
  return createOnce<Created>(ctx, step, {
    create: async () => {
      const r = await graph.call<Created>(c, { token });
      if (!r?.id) throw new AppError('PLATFORM_UNAVAILABLE', 'Meta did not return the new object id');
      return { id: String(r.id) };
    },
    find: () => findByName(graph, edge, name, token),
  });
}

const accountId = (ctx: WriteContext) => ctx.account.platformAccountId;

const createCampaign = defineWriteOperation<{ objective: ObjectiveSegment; campaign: CreateSocialCampaign }>({
  name: 'facebook.create-campaign',
  platform: 'facebook',
  params: z.object({ objective: ObjectiveParams.shape.objective, campaign: CreateSocialCampaignDto }),
  run: (ctx, p) =>
    createNamed(ctx, 'campaign', callerOf(ctx), createCampaignCall(accountId(ctx), p.objective, p.campaign), `${act(accountId(ctx))}/campaigns`, p.campaign.name),
});

/** Status changes are idempotent on Meta's side: setting the same status twice is harmless. */
const updateStatus = defineWriteOperation<{ objectId: string; status: z.infer<typeof StatusUpdateDto>['status'] }>({
  name: 'facebook.update-status',
  platform: 'facebook',
  params: z.object({ objectId: z.string(), status: StatusUpdateDto.shape.status }),
  run: async (ctx, p) => {
    const r = await callerOf(ctx).call<{ success?: boolean }>(statusUpdateCall(p.objectId, p));
    if (r?.success === false) throw new AppError('PLATFORM_REJECTED', 'Meta did not apply the status change');
    return { success: true, id: p.objectId, status: p.status };
  },
});

const createAd = defineWriteOperation<{ ad: CreateSocialAd }>({
  name: 'facebook.create-ad',
  platform: 'facebook',
  params: z.object({ ad: CreateSocialAds }),
  run: async (ctx, { ad }) => {
    const graph = callerOf(ctx);
    const acct = accountId(ctx);
    let creativeId = ad.creative.creative_id;
    const creativeCall = createCreativeCall(acct, ad);
    if (creativeCall) {
      creativeId = (await createNamed(ctx, 'creative', graph, creativeCall, `${act(acct)}/adcreatives`, creativeCall.params.name!)).id;
    }
    const created = await createNamed(ctx, 'ad', graph, createAdCall(acct, ad, creativeId!), `${act(acct)}/ads`, ad.name);
    return { id: created.id, creative_id: creativeId };
  },
});

const cloneAd = defineWriteOperation<{ adId: string; sourceName: string; clone: CreateAdClone }>({
  name: 'facebook.clone-ad',
  platform: 'facebook',
  params: z.object({ adId: z.string(), sourceName: z.string(), clone: CreateAdCloneDto }),
  run: async (ctx, p) => {
    const graph = callerOf(ctx);
    const copy = await createOnce<{ copied_ad_id: string }>(ctx, 'copy', {
      create: async () => {
        const r = await graph.call<{ copied_ad_id?: string }>(cloneAdCall(p.adId, p.clone));
        if (!r?.copied_ad_id) throw new AppError('PLATFORM_UNAVAILABLE', 'Meta did not return the copied ad id');
        return { copied_ad_id: String(r.copied_ad_id) };
      },
      find: async () => {
        const hit = await findByName(graph, `${act(accountId(ctx))}/ads`, copyName(p.sourceName, p.clone));
        return hit ? { copied_ad_id: hit.id } : undefined;
      },
    });
    return copy;
  },
});

const createLookalike = defineWriteOperation<{ audience: CreateLookalikeAudience }>({
  name: 'facebook.create-lookalike',
  platform: 'facebook',
  params: z.object({ audience: CreateLookalikeAudienceDto }),
  run: (ctx, { audience }) =>
    createNamed(ctx, 'audience', callerOf(ctx), createLookalikeCall(accountId(ctx), audience), `${act(accountId(ctx))}/customaudiences`, audience.name),
});

const createPixel = defineWriteOperation<{ pixel: CreatePixel }>({
  name: 'facebook.create-pixel',
  platform: 'facebook',
  params: z.object({ pixel: CreatePixelDto }),
  run: (ctx, { pixel }) => createNamed(ctx, 'pixel', callerOf(ctx), createPixelCall(accountId(ctx), pixel), `${act(accountId(ctx))}/adspixels`, pixel.name),
});

const createCustomConversion = defineWriteOperation<{ conversion: CreateCustomConversion }>({
  name: 'facebook.create-custom-conversion',
  platform: 'facebook',
  params: z.object({ conversion: CreateCustomConversionDto }),
  run: (ctx, { conversion }) =>
    createNamed(ctx, 'conversion', callerOf(ctx), createCustomConversionCall(accountId(ctx), conversion), `${act(accountId(ctx))}/customconversions`, conversion.name),
});

/** Lead forms are page objects: the page token is fetched in the worker with the user's token, never stored. */
const createLeadForm = defineWriteOperation<{ form: CreateLeadForm }>({
  name: 'facebook.create-lead-form',
  platform: 'facebook',
  params: z.object({ form: CreateLeadFormDto }),
  run: async (ctx, { form }) => {
    const graph = callerOf(ctx);
    const page = await graph.call<{ access_token?: string }>(pageTokenCall(form.pageId), { kind: 'read' });
    if (!page.access_token) throw new AppError('FORBIDDEN', `No page access token for page ${form.pageId}`);
    return createNamed(ctx, 'form', graph, createLeadFormCall(form), `${form.pageId}/leadgen_forms`, form.name, page.access_token);
  },
});

const insightsReport = defineWriteOperation<{ query: InsightsQuery }>({
  name: 'facebook.insights-report',
  platform: 'facebook',
  params: z.object({ query: InsightsQueryDto }),
  run: (ctx, { query }) => runInsightsReport(ctx, callerOf(ctx), query),
});

export const facebookWriteOperations: WriteOperation[] = [
  createCampaign, updateStatus, createAd, cloneAd, createLookalike, createPixel, createCustomConversion, createLeadForm, insightsReport,
];

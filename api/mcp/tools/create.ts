import type { AnyZodObject, ZodTypeAny } from 'zod';
import { z } from '../../../shared/infra/zod-openapi';
import { routeOf } from '../route-call';
import { defineTool } from '../tool-kit';
import { Confirm, runWriteRoute, WriteToolResult } from '../write-tool';

const CREATE_PLATFORMS = ['facebook', 'tiktok', 'linkedin'] as const;
type CreatePlatform = (typeof CREATE_PLATFORMS)[number];

/**
 * The REST create route of each platform, and the status field that keeps a new campaign from
 * delivering. Meta creates PAUSED and LinkedIn DRAFT unless told otherwise; TikTok's default is to
 * run, so the tool asks for DISABLE unless the arguments name a status.
 */
const CREATES: Record<CreatePlatform, { operationId: string; statusKey: string; paused?: string }> = {
  facebook: { operationId: 'facebookCreateCampaign', statusKey: 'status' },
  tiktok: { operationId: 'createTiktokSmartCampaign', statusKey: 'operationStatus', paused: 'DISABLE' },
  linkedin: { operationId: 'createLinkedinCampaignGroup', statusKey: 'status' },
};

function fieldsOf(schema: ZodTypeAny | undefined): string[] {
  if (schema instanceof z.ZodEffects) return fieldsOf((schema as z.ZodEffects<ZodTypeAny>).innerType());
  return schema instanceof z.ZodObject ? Object.keys((schema as AnyZodObject).shape).filter((k) => k !== 'adAccountId') : [];
}

const fieldList = CREATE_PLATFORMS.map((p) => `${p}: ${fieldsOf(routeOf(CREATES[p].operationId).body).join(', ')}`).join('; ');

export const createCampaign = defineTool({
  name: 'create_campaign',
  title: 'Create a campaign',
  description:
    'Creates a campaign (a Meta campaign, a TikTok Smart+ campaign, a LinkedIn campaign group) that does not deliver until activated, unless `campaign` names an active status and the tenant allows it. ' +
    'Without confirm it only previews (Meta validates it too) and returns confirmToken; call again with the same arguments and confirm to create it.',
  input: z
    .object({
      platform: z.enum(CREATE_PLATFORMS),
      adAccountId: z.string().min(1).max(64).describe('An account of list_ad_accounts'),
      campaign: z.object({}).passthrough().describe(`The fields of the platform's REST create route, checked by its schema — ${fieldList}`),
      confirm: Confirm,
    })
    .strict(),
  output: WriteToolResult,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  run: async (args, call) => {
    const create = CREATES[args.platform];
    const campaign = args.campaign as Record<string, unknown>;
    const status = campaign[create.statusKey] === undefined && create.paused ? { [create.statusKey]: create.paused } : {};
    const body = { ...campaign, ...status, adAccountId: args.adAccountId };
    return runWriteRoute(call, 'create_campaign', args, create.operationId, { body });
  },
});

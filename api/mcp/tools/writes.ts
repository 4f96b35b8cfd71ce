import { z } from '../../../shared/infra/zod-openapi';
import { AppError } from '../../../shared/errors/app-error';
import type { RouteInput } from '../route-call';
import { defineTool, type ToolHints } from '../tool-kit';
import { bodyEnum, Confirm, runWriteRoute, WriteToolResult } from '../write-tool';

const LEVELS = ['campaign', 'adset', 'ad'] as const;
type Level = (typeof LEVELS)[number];
const STATUS_PLATFORMS = ['facebook', 'google', 'tiktok', 'linkedin'] as const;
type StatusPlatform = (typeof STATUS_PLATFORMS)[number];

interface StatusTarget {
  operationId: string;
  input: (a: { adAccountId: string; id: string; status: string }) => RouteInput;
}

const byPathId = (operationId: string, param = 'id'): StatusTarget => ({
  operationId,
  input: ({ adAccountId, id, status }) => ({ params: { [param]: id }, body: { adAccountId, status } }),
});
const tiktok = (level: string): StatusTarget => ({
  operationId: 'updateTiktokAssetsStatus',
  input: ({ adAccountId, id, status }) => ({ body: { adAccountId, level, ids: [id], status } }),
});

/**
 * The REST status route of each platform and level. LinkedIn's campaign groups are its campaigns and
 * its campaigns its ad sets, as in the unified report; Google's ad groups and ads have no status route.
 */
const STATUS_ROUTES: Record<StatusPlatform, Partial<Record<Level, StatusTarget>>> = {
  facebook: { campaign: byPathId('facebookUpdateCampaignStatus'), adset: byPathId('facebookUpdateAdSetStatus'), ad: byPathId('facebookUpdateAdStatus') },
  google: { campaign: byPathId('googleSetCampaignStatus', 'campaignId') },
  tiktok: { campaign: tiktok('campaign'), adset: tiktok('adgroup'), ad: tiktok('ad') },
  linkedin: { campaign: byPathId('updateLinkedinCampaignGroupStatus'), adset: byPathId('updateLinkedinCampaignStatus') },
};

const statusValues = STATUS_PLATFORMS.map((p) => `${p}: ${bodyEnum(Object.values(STATUS_ROUTES[p])[0]!.operationId, 'status').join(', ')}`).join('; ');
const WRITE_HINTS = (destructive: boolean): ToolHints => ({ readOnlyHint: false, destructiveHint: destructive, idempotentHint: true, openWorldHint: true });

export const updateStatus = defineTool({
  name: 'update_status',
  title: 'Change a status',
  description:
    "Pauses, activates, archives or deletes a campaign, ad set (Google/TikTok ad group, LinkedIn campaign) or ad, with the platform's own status values. " +
    'Without confirm it only previews the change and returns confirmToken; call again with the same arguments and confirm to make it. The tenant\'s guardrails apply.',
  input: z
    .object({
      platform: z.enum(STATUS_PLATFORMS),
      adAccountId: z.string().min(1).max(64).describe('An account of list_ad_accounts'),
      level: z.enum(LEVELS).default('campaign'),
      id: z.string().min(1).max(64).describe("The object's platform id"),
      status: z.string().min(1).max(40).describe(`The platform's own value — ${statusValues}`),
      confirm: Confirm,
    })
    .strict(),
  output: WriteToolResult,
  // Deleting or removing is final; setting a status twice changes nothing more.
  annotations: WRITE_HINTS(true),
  run: async (args, call) => {
    const target = STATUS_ROUTES[args.platform][args.level];
    if (!target) {
      throw new AppError('VALIDATION_FAILED', `${args.platform} has no status change for level ${args.level}`, {
        details: [{ path: 'level', message: `one of ${Object.keys(STATUS_ROUTES[args.platform]).join(', ')} on ${args.platform}` }],
      });
    }
    return runWriteRoute(call, 'update_status', args, target.operationId, target.input(args));
  },
});

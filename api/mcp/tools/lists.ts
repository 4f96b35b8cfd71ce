import { z } from '../../../shared/infra/zod-openapi';
import { PLATFORMS } from '../../../shared/platforms';
import { callRoute, type RouteInput } from '../route-call';
import { defineTool, type ToolSpec } from '../tool-kit';
import type { Level } from '../platform-mcp';
import { levelWords, platformMcp } from '../platforms';

/** Where each platform's list status filter is, and which platforms have none. */
const statusFilters = PLATFORMS.map((p) => `${p}: ${platformMcp[p].lists.campaign.statusFilter ?? 'none'}`).join('; ');

const ListInput = z
  .object({
    platform: z.enum(PLATFORMS),
    adAccountId: z.string().min(1).max(64).describe('An account of list_ad_accounts'),
    status: z.string().min(1).max(500).optional().describe(`Comma list of the platform's own status values (${statusFilters})`),
    limit: z.number().int().min(1).max(100).optional().describe('Page size'),
    cursor: z.string().min(1).max(2000).optional().describe('nextCursor of the previous page'),
  })
  .strict();

const ListOutput = z.object({
  platform: z.enum(PLATFORMS),
  nextCursor: z.string().nullable().describe('Pass as cursor for the next page; null on the last'),
  result: z.unknown().describe("The page as the REST list route answers it, in the platform's own field names and status values"),
});

function listTool(level: Level, name: string, title: string, plural: string): ToolSpec {
  const what = levelWords(level, plural);
  return defineTool({
    name,
    title,
    description: `One page of an ad account's ${what}, as the platform lists them (its own fields and status values), through the same route as the REST surface.`,
    input: ListInput,
    output: ListOutput,
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    run: async (args, call) => {
      const target = platformMcp[args.platform].lists[level];
      const input: RouteInput = { query: target.query(args) };
      const data = (await callRoute(call, target.operationId, input)).data as Record<string, unknown>;
      const nextCursor = target.next(data, args);
      return { data: { platform: args.platform, nextCursor, result: data }, summary: `A page of ${plural} on ${args.platform}${nextCursor ? '; more with cursor = nextCursor' : ''}` };
    },
  });
}

export const listCampaigns = listTool('campaign', 'list_campaigns', 'List campaigns', 'campaigns');
export const listAdSets = listTool('adset', 'list_ad_sets', 'List ad sets', 'ad sets');
export const listAds = listTool('ad', 'list_ads', 'List ads', 'ads');

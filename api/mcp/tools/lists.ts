import { z } from '../../../shared/infra/zod-openapi';
import { AppError } from '../../../shared/errors/app-error';
import { PLATFORMS, type Platform } from '../../../shared/platforms';
import { callRoute, type RouteInput } from '../route-call';
import { defineTool, type ToolSpec } from '../tool-kit';

type Level = 'campaign' | 'adset' | 'ad';

interface ListArgs {
  adAccountId: string;
  status?: string;
  limit?: number;
  cursor?: string;
}

/** One platform's list route for a level, and how the tool's paging and status filter map onto its query. */
interface ListTarget {
  operationId: string;
  query: (a: ListArgs) => Record<string, unknown>;
  /** The cursor of the next page in the route's answer (null on the last page). */
  next: (data: Record<string, unknown>, a: ListArgs) => string | null;
}

const at = (v: unknown, ...path: string[]): unknown => path.reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), v);
const text = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

const meta = (operationId: string): ListTarget => ({
  operationId,
  query: (a) => ({ adAccountId: a.adAccountId, limit: a.limit, after: a.cursor, effectiveStatus: a.status }),
  next: (d) => (at(d, 'paging', 'hasNext') === true ? text(at(d, 'paging', 'cursors', 'after')) : null),
});
const google = (level: string): ListTarget => ({
  operationId: 'googleAssets',
  query: (a) => ({ adAccountId: a.adAccountId, level, statuses: a.status, limit: a.limit, pageToken: a.cursor }),
  next: (d) => text(at(d, 'paging', 'nextPageToken')),
});
const tiktok = (level: string): ListTarget => ({
  operationId: 'readTiktokAssets',
  query: (a) => {
    // TikTok filters by status inside its own `filtering` object, which the REST route takes as is; the tool does not build it.
    if (a.status !== undefined) throw new AppError('VALIDATION_FAILED', 'status is not a filter on TikTok lists', { details: [{ path: 'status', message: 'not supported on tiktok' }] });
    if (a.cursor !== undefined && !/^\d{1,6}$/.test(a.cursor)) throw new AppError('VALIDATION_FAILED', 'TikTok pages are numbered', { details: [{ path: 'cursor', message: 'a page number' }] });
    return { adAccountId: a.adAccountId, level, page: a.cursor === undefined ? undefined : Number(a.cursor), pageSize: a.limit };
  },
  next: (d, a) => {
    const page = Number(at(d, 'page_info', 'page') ?? a.cursor ?? 1);
    const total = Number(at(d, 'page_info', 'total_page') ?? page);
    return page < total ? String(page + 1) : null;
  },
});
const linkedin = (operationId: string, statusKey: string): ListTarget => ({
  operationId,
  query: (a) => ({ adAccountId: a.adAccountId, [statusKey]: a.status, pageSize: a.limit, pageToken: a.cursor }),
  next: (d) => text(at(d, 'metadata', 'nextPageToken')),
});

const TARGETS: Record<Level, Record<Platform, ListTarget>> = {
  campaign: { facebook: meta('facebookListCampaigns'), google: google('campaign'), tiktok: tiktok('campaign'), linkedin: linkedin('readLinkedinCampaignGroups', 'status') },
  adset: { facebook: meta('facebookListAdSets'), google: google('ad_group'), tiktok: tiktok('adgroup'), linkedin: linkedin('readLinkedinCampaigns', 'status') },
  ad: { facebook: meta('facebookListAds'), google: google('ad'), tiktok: tiktok('ad'), linkedin: linkedin('readLinkedinCreatives', 'intendedStatus') },
};

const ListInput = z
  .object({
    platform: z.enum(PLATFORMS),
    adAccountId: z.string().min(1).max(64).describe('An account of list_ad_accounts'),
    status: z.string().min(1).max(500).optional().describe("Comma list of the platform's own status values (Meta effective_status, Google status, LinkedIn status); not on TikTok"),
    limit: z.number().int().min(1).max(100).optional().describe('Page size'),
    cursor: z.string().min(1).max(2000).optional().describe('nextCursor of the previous page'),
  })
  .strict();

const ListOutput = z.object({
  platform: z.enum(PLATFORMS),
  nextCursor: z.string().nullable().describe('Pass as cursor for the next page; null on the last'),
  result: z.unknown().describe("The page as the REST list route answers it, in the platform's own field names and status values"),
});

function listTool(level: Level, name: string, title: string, what: string): ToolSpec {
  return defineTool({
    name,
    title,
    description: `One page of an ad account's ${what}, as the platform lists them (its own fields and status values), through the same route as the REST surface.`,
    input: ListInput,
    output: ListOutput,
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    run: async (args, call) => {
      const target = TARGETS[level][args.platform];
      const input: RouteInput = { query: target.query(args) };
      const data = (await callRoute(call, target.operationId, input)).data as Record<string, unknown>;
      const nextCursor = target.next(data, args);
      return { data: { platform: args.platform, nextCursor, result: data }, summary: `A page of ${what} on ${args.platform}${nextCursor ? '; more with cursor = nextCursor' : ''}` };
    },
  });
}

export const listCampaigns = listTool('campaign', 'list_campaigns', 'List campaigns', 'campaigns (LinkedIn campaign groups)');
export const listAdSets = listTool('adset', 'list_ad_sets', 'List ad sets', 'ad sets (Google and TikTok ad groups, LinkedIn campaigns)');
export const listAds = listTool('ad', 'list_ads', 'List ads', 'ads (LinkedIn creatives)');

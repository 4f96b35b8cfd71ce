import { AppError } from '../../../shared/errors/app-error';
import { at, type ListTarget, type PlatformMcp, type StatusTarget } from '../../mcp/platform-mcp';

const list = (level: string): ListTarget => ({
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

const status = (level: string): StatusTarget => ({
  operationId: 'updateTiktokAssetsStatus',
  input: ({ adAccountId, id, status }) => ({ body: { adAccountId, level, ids: [id], status } }),
});

/** TikTok's routes behind the MCP tools. Its campaigns run unless told otherwise, so a new one is asked for DISABLE. */
export const tiktokMcp: PlatformMcp = {
  levelNames: { adset: 'ad group' },
  lists: { campaign: list('campaign'), adset: list('adgroup'), ad: list('ad') },
  status: { campaign: status('campaign'), adset: status('adgroup'), ad: status('ad') },
  budget: {
    routes: { campaign: 'updateTiktokAsset', adset: 'updateTiktokAsset' },
    fields: ['budget'],
    unit: "in currency units; the object's budget mode (daily or total) stays",
    input: ({ adAccountId, level, id }, fields) => ({ params: { level: level === 'adset' ? 'adgroup' : 'campaign', id }, body: { adAccountId, ...fields } }),
  },
  create: { operationId: 'createTiktokSmartCampaign', what: 'a Smart+ campaign', statusKey: 'operationStatus', paused: 'DISABLE' },
};

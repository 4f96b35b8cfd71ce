/**
 * The tools on TikTok and LinkedIn, as the Meta and Google ones are tested: reads answer what the
 * REST routes answer; status, budget and create writes preview first and run once confirmed; the
 * tenant's guardrails refuse a budget over the limit through MCP; the audit says it came through MCP.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { useWorld } from '../../world';
import { ALICE_US as TT, qs } from '../tiktok/fixtures';
import { setGuardrails } from '../safe-writes/support';
import { closeClients, mcpClient, toolErrorOf } from './support';

const LI = '508000001';
type Rec = Record<string, any>;

const w = useWorld({ platforms: ['tiktok', 'linkedin'], workers: true, env: { WRITE_SYNC_TIMEOUT_MS: '15000' } }, async (w) => {
  await w.connect('tiktok', { adAccountId: TT, via: 'token' });
  await w.connect('linkedin', { adAccountId: LI });
});
let alice: Client;
beforeAll(async () => {
  alice = await mcpClient(w.url, w.user.headers);
});
afterAll(closeClients);
beforeEach(() => setGuardrails(w, null));

const call = (name: string, args: Record<string, unknown>) => alice.callTool({ name, arguments: args }) as Promise<CallToolResult>;
type WriteResult = { dryRun: boolean; confirmToken?: string; preview?: { requests: unknown[] }; jobId?: string; state?: string; result?: Rec };
const structured = (r: CallToolResult) => {
  expect(r.isError ? r.content : undefined).toBeUndefined();
  return r.structuredContent as WriteResult;
};

/** A dry run that sends nothing that changes anything, then the same call confirmed: the write's result. */
async function previewThenRun(tool: string, args: Record<string, unknown>, writes: () => Promise<unknown[]>): Promise<WriteResult> {
  await w.clearSims();
  const preview = structured(await call(tool, args));
  expect(preview).toEqual(expect.objectContaining({ dryRun: true, confirmToken: expect.any(String) }));
  expect(await writes()).toEqual([]);
  const ran = structured(await call(tool, { ...args, confirm: preview.confirmToken }));
  expect(ran).toEqual(expect.objectContaining({ dryRun: false, state: 'completed', jobId: expect.any(String) }));
  expect((await writes()).length).toBeGreaterThan(0);
  return ran;
}

const tiktokWrites = async (what: string) => (await w.sims.tiktok!.calls(`/${what}/`)).filter((c) => c.method === 'POST');
const linkedinWrites = async () => (await w.sims.linkedin!.calls(`/rest/adAccounts/${LI}/`)).filter((c) => c.method === 'POST');
const tiktokCampaigns = async () =>
  (await w.call('GET', `/api/v1/tiktok/assets?${qs({ adAccountId: TT, level: 'campaign', fields: JSON.stringify(['campaign_id', 'budget_mode', 'budget', 'operation_status']), filter: { primary_status: 'STATUS_NOT_DELETE' }, pageSize: 50 })}`)).body.data
    .list as Rec[];
const linkedinCampaigns = async () => (await w.call('GET', `/api/v1/linkedin/campaigns?adAccountId=${LI}`)).body.data.elements as Rec[];

describe('reads on TikTok and LinkedIn', () => {
  it('list_ad_accounts names both accounts', async () => {
    const items = (structured(await call('list_ad_accounts', {})) as unknown as { items: Rec[] }).items;
    expect(items.map((a) => `${a.platform}:${a.adAccountId}`).sort()).toEqual([`linkedin:${LI}`, `tiktok:${TT}`]);
  });

  it.each([
    ['list_campaigns', 'tiktok', TT, `/api/v1/tiktok/assets?adAccountId=${TT}&level=campaign&pageSize=2`],
    ['list_ad_sets', 'tiktok', TT, `/api/v1/tiktok/assets?adAccountId=${TT}&level=adgroup&pageSize=2`],
    ['list_ads', 'tiktok', TT, `/api/v1/tiktok/assets?adAccountId=${TT}&level=ad&pageSize=2`],
    ['list_campaigns', 'linkedin', LI, `/api/v1/linkedin/campaign-groups?adAccountId=${LI}&pageSize=2`],
    ['list_ad_sets', 'linkedin', LI, `/api/v1/linkedin/campaigns?adAccountId=${LI}&pageSize=2`],
    ['list_ads', 'linkedin', LI, `/api/v1/linkedin/creatives?adAccountId=${LI}&pageSize=2`],
  ])('%s on %s: the REST list route\'s page', async (tool, platform, adAccountId, rest) => {
    const page = structured(await call(tool, { platform, adAccountId, limit: 2 })) as unknown as { platform: string; nextCursor: string | null; result: unknown };
    expect(page.platform).toBe(platform);
    expect(page.result).toEqual((await w.call('GET', rest)).body.data);
  });
});

describe('update_status', () => {
  it('a TikTok campaign: preview, then campaign/status/update once confirmed', async () => {
    const c = (await tiktokCampaigns()).find((x) => x.operation_status === 'ENABLE') ?? (await tiktokCampaigns())[0]!;
    const status = c.operation_status === 'ENABLE' ? 'DISABLE' : 'ENABLE';
    await previewThenRun('update_status', { platform: 'tiktok', adAccountId: TT, id: c.campaign_id, status }, () => tiktokWrites('campaign/status/update'));
    expect((await tiktokCampaigns()).find((x) => x.campaign_id === c.campaign_id)!.operation_status).toBe(status);
  });

  it('a LinkedIn campaign (the ad set level): preview, then the PARTIAL_UPDATE once confirmed', async () => {
    const c = (await linkedinCampaigns()).find((x) => x.status === 'ACTIVE' || x.status === 'PAUSED')!;
    const status = c.status === 'ACTIVE' ? 'PAUSED' : 'ACTIVE';
    const ran = await previewThenRun('update_status', { platform: 'linkedin', adAccountId: LI, level: 'adset', id: String(c.id), status }, linkedinWrites);
    expect(ran.result).toEqual(expect.objectContaining({ id: String(c.id), status }));
    expect((await linkedinCampaigns()).find((x) => x.id === c.id)!.status).toBe(status);
  });
});

describe('update_budget', () => {
  it('a TikTok daily-budget campaign: preview, then campaign/update with the new budget', async () => {
    const c = (await tiktokCampaigns()).find((x) => x.budget_mode === 'BUDGET_MODE_DAY')!;
    await previewThenRun('update_budget', { platform: 'tiktok', adAccountId: TT, id: c.campaign_id, budget: 80 }, () => tiktokWrites('campaign/update'));
    expect((await tiktokCampaigns()).find((x) => x.campaign_id === c.campaign_id)!.budget).toBe(80);
  });

  it("a LinkedIn campaign's daily budget, through the new REST budget route", async () => {
    const c = (await linkedinCampaigns()).find((x) => x.status !== 'ARCHIVED')!;
    const dailyBudget = { amount: '61.00', currencyCode: 'USD' };
    await previewThenRun('update_budget', { platform: 'linkedin', adAccountId: LI, level: 'adset', id: String(c.id), dailyBudget }, linkedinWrites);
    expect((await linkedinCampaigns()).find((x) => x.id === c.id)!.dailyBudget).toEqual(dailyBudget);
  });

  it("another platform's field, or a level without a budget route, is VALIDATION_FAILED naming it, with nothing sent", async () => {
    await w.clearSims();
    const foreign = toolErrorOf(await call('update_budget', { platform: 'tiktok', adAccountId: TT, id: '1', dailyBudget: { amount: '1.00', currencyCode: 'USD' } }));
    expect(foreign).toEqual(expect.objectContaining({ code: 'VALIDATION_FAILED', statusCode: 400 }));
    const level = toolErrorOf(await call('update_budget', { platform: 'google', adAccountId: '1', level: 'adset', id: '1', amount: '5' }));
    expect(level.code).toBe('VALIDATION_FAILED');
    expect(await tiktokWrites('campaign/update')).toEqual([]);
  });

  it("over the tenant's maxDailyBudget: GUARDRAIL_EXCEEDED as over REST, nothing sent", async () => {
    await setGuardrails(w, { maxDailyBudget: { USD: '100' } });
    const c = (await tiktokCampaigns()).find((x) => x.budget_mode === 'BUDGET_MODE_DAY')!;
    await w.clearSims();
    const e = toolErrorOf(await call('update_budget', { platform: 'tiktok', adAccountId: TT, id: c.campaign_id, budget: 250 }));
    expect(e).toEqual(expect.objectContaining({ code: 'GUARDRAIL_EXCEEDED', statusCode: 422 }));
    expect(await tiktokWrites('campaign/update')).toEqual([]);
    const audit = (await w.call('GET', '/api/v1/audit?limit=100')).body.data.items as Rec[];
    expect(audit.find((a) => a.surface === 'mcp' && a.operation === 'tiktok.assets.update' && a.outcome !== 'completed' && a.outcome !== 'dry_run')).toBeDefined();
  });
});

describe('create_campaign on LinkedIn', () => {
  it('previews, then creates the campaign group as DRAFT', async () => {
    const name = `MCP group ${Date.now()}`;
    const campaign = { name, runSchedule: { start: 1798761600000 }, totalBudget: { amount: '300.00', currencyCode: 'USD' } };
    const ran = await previewThenRun('create_campaign', { platform: 'linkedin', adAccountId: LI, campaign }, linkedinWrites);
    expect(ran.result).toEqual(expect.objectContaining({ name }));
    const groups = (await w.call('GET', `/api/v1/linkedin/campaign-groups?adAccountId=${LI}`)).body.data.elements as Rec[];
    expect(groups.filter((g) => g.name === name).map((g) => g.status)).toEqual(['DRAFT']);
  });
});

describe('the audit trail', () => {
  it('records the TikTok and LinkedIn writes as MCP writes of the user', async () => {
    const items = ((await w.call('GET', '/api/v1/audit?limit=100')).body.data.items as Rec[]).filter((a) => a.surface === 'mcp' && a.outcome === 'completed');
    expect(items.map((a) => a.operation)).toEqual(expect.arrayContaining(['tiktok.assets.update', 'linkedin.campaign.budget', 'linkedin.campaign-group.create']));
    for (const a of items) expect(a.principal).toEqual(expect.objectContaining({ kind: 'external-user', externalUserId: w.user.externalUserId }));
  });
});

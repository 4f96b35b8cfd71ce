/**
 * Write tools over MCP: safe by default (a call without `confirm` is a dry run that changes nothing
 * and returns a token bound to the tool, its arguments and the user), the same call with the token
 * runs once as a job, and the audit trail names the user and the MCP surface.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { budgetsOf } from '../../simulators/google/state';
import { useWorld } from '../../world';
import { FB_ENV } from '../facebook/fixtures';
import { closeClients, connectUsers, FB, GG, mcpClient, metaCampaign, toolErrorOf } from './support';

const w = useWorld({ platforms: ['facebook', 'google'], workers: true, env: { ...FB_ENV, WRITE_SYNC_TIMEOUT_MS: '15000' } }, connectUsers);
let alice: Client;
beforeAll(async () => {
  alice = await mcpClient(w.url, w.user.headers);
});
afterAll(closeClients);

const call = (c: Client, name: string, args: Record<string, unknown>) => c.callTool({ name, arguments: args }) as Promise<CallToolResult>;
type WriteResult = { dryRun: boolean; confirmToken?: string; preview?: { requests: unknown[] }; jobId?: string; state?: string; result?: unknown };
const structured = (r: CallToolResult) => {
  expect(r.isError ? r.content : undefined).toBeUndefined();
  return r.structuredContent as WriteResult;
};
const metaStatus = (id: string) => String(w.sims.facebook!.raw.state.store.nodes.get(id)!.data.status);

describe('update_status on a Meta campaign', () => {
  it('without confirm: a dry run, nothing sent that changes anything, a confirmToken; with it: the write runs once', async () => {
    const id = metaCampaign(w, FB);
    const target = metaStatus(id) === 'PAUSED' ? 'ACTIVE' : 'PAUSED';
    const before = metaStatus(id);
    const args = { platform: 'facebook', adAccountId: FB, id, status: target };

    const preview = structured(await call(alice, 'update_status', args));
    expect(preview).toEqual(expect.objectContaining({ dryRun: true, confirmToken: expect.any(String) }));
    expect(preview.preview!.requests.length).toBeGreaterThan(0);
    expect(metaStatus(id)).toBe(before);

    const ran = structured(await call(alice, 'update_status', { ...args, confirm: preview.confirmToken }));
    expect(ran).toEqual(expect.objectContaining({ dryRun: false, state: 'completed', jobId: expect.any(String) }));
    expect(metaStatus(id)).toBe(target);

    const job = await call(alice, 'get_job', { jobId: ran.jobId });
    expect(job.structuredContent).toEqual(expect.objectContaining({ id: ran.jobId, state: 'completed' }));

    const again = toolErrorOf(await call(alice, 'update_status', { ...args, confirm: preview.confirmToken }));
    expect(again).toEqual(expect.objectContaining({ code: 'CONFIRMATION_REQUIRED', statusCode: 409, confirmToken: expect.any(String) }));
    expect(again.message).toContain('already been used');
  });

  it("a token is good only for the arguments it previewed, and only for that user's call", async () => {
    const id = metaCampaign(w, FB);
    const args = { platform: 'facebook', adAccountId: FB, id, status: 'PAUSED' };
    const { confirmToken } = structured(await call(alice, 'update_status', args));
    const other = toolErrorOf(await call(alice, 'update_status', { ...args, status: 'ARCHIVED', confirm: confirmToken }));
    expect(other.code).toBe('CONFIRMATION_REQUIRED');
    const viaKey = await mcpClient(w.url, { 'x-api-key': w.apiKey, 'x-external-user-id': 'someone-else' });
    // Another user of the tenant is stopped by the guard before the token is looked at.
    expect(toolErrorOf(await call(viaKey, 'update_status', { ...args, confirm: confirmToken })).code).toBe('AD_ACCOUNT_NOT_OWNED');
    expect(metaStatus(id)).not.toBe('ARCHIVED');
  });

  it('the audit trail names the user and the MCP surface for the dry run and the write', async () => {
    const r = await w.call('GET', '/api/v1/audit?limit=100');
    expect(r.status).toBe(200);
    const mine = (r.body.data.items as Array<{ surface: string; outcome: string; principal: { kind: string; externalUserId?: string } }>).filter((a) => a.surface === 'mcp');
    expect(mine.map((a) => a.outcome)).toEqual(expect.arrayContaining(['dry_run', 'completed']));
    for (const a of mine) expect(a.principal).toEqual(expect.objectContaining({ kind: 'external-user', externalUserId: w.user.externalUserId }));
  });

  it('a level the platform has no status route for is refused before anything is sent', async () => {
    const e = toolErrorOf(await call(alice, 'update_status', { platform: 'google', adAccountId: GG, level: 'ad', id: '1', status: 'PAUSED' }));
    expect(e).toEqual(expect.objectContaining({ code: 'VALIDATION_FAILED', statusCode: 400 }));
  });
});

describe('create_campaign on Meta', () => {
  it('previews (validated by Meta), then creates the campaign PAUSED', async () => {
    const name = `MCP campaign ${Date.now()}`;
    const args = { platform: 'facebook', adAccountId: FB, campaign: { name, objective: 'OUTCOME_TRAFFIC', special_ad_categories: [], daily_budget: 2500 } };
    const preview = structured(await call(alice, 'create_campaign', args));
    expect(preview.dryRun).toBe(true);
    const made = () => [...w.sims.facebook!.raw.state.store.nodes.values()].filter((n) => n.type === 'campaign' && n.data.name === name);
    expect(made()).toEqual([]);
    const ran = structured(await call(alice, 'create_campaign', { ...args, confirm: preview.confirmToken }));
    expect(ran.state).toBe('completed');
    expect(made().map((n) => n.data.status)).toEqual(['PAUSED']);
  });

  it("the route's schema checks the platform fields", async () => {
    const e = toolErrorOf(await call(alice, 'create_campaign', { platform: 'facebook', adAccountId: FB, campaign: { objective: 'NOT_ONE' } }));
    expect(e).toEqual(expect.objectContaining({ code: 'VALIDATION_FAILED', statusCode: 400 }));
  });
});

describe('update_budget on a Google campaign', () => {
  it('previews, then sets the amount; the REST schema refuses amount and amountMicros together', async () => {
    const g = w.sims.google!.raw.state;
    const campaign = g.account(GG).campaigns[0]!;
    const args = { platform: 'google', adAccountId: GG, id: String(campaign.id), amount: '12.34' };
    const preview = structured(await call(alice, 'update_budget', args));
    expect(preview.dryRun).toBe(true);
    const ran = structured(await call(alice, 'update_budget', { ...args, confirm: preview.confirmToken }));
    expect(ran.state).toBe('completed');
    expect(budgetsOf(g.account(GG)).map((b) => String(b.amountMicros))).toContain('12340000');
    const both = toolErrorOf(await call(alice, 'update_budget', { ...args, amountMicros: '1000000' }));
    expect(both.code).toBe('VALIDATION_FAILED');
  });
});

describe('update_budget on a Meta campaign', () => {
  it("previews, then sets daily_budget in the currency's minor unit", async () => {
    const id = [...w.sims.facebook!.raw.state.store.nodes.values()].find((n) => n.type === 'campaign' && n.acct === FB && Number(n.data.daily_budget ?? 0) > 0)!.id;
    const args = { platform: 'facebook', adAccountId: FB, id, daily_budget: 4321 };
    const preview = structured(await call(alice, 'update_budget', args));
    expect(preview.dryRun).toBe(true);
    expect(String(w.sims.facebook!.raw.state.store.nodes.get(id)!.data.daily_budget)).not.toBe('4321');
    const ran = structured(await call(alice, 'update_budget', { ...args, confirm: preview.confirmToken }));
    expect(ran.state).toBe('completed');
    expect(String(w.sims.facebook!.raw.state.store.nodes.get(id)!.data.daily_budget)).toBe('4321');
  });
});

describe('a write that outlasts the wait', () => {
  it('answers with the job id (pending); get_job follows it', async () => {
    const id = metaCampaign(w, FB);
    const later = await mcpClient(w.url, { ...w.user.headers, prefer: 'respond-async' });
    const args = { platform: 'facebook', adAccountId: FB, id, status: 'PAUSED' };
    const { confirmToken } = structured(await call(later, 'update_status', args));
    const ran = structured(await call(later, 'update_status', { ...args, confirm: confirmToken }));
    expect(ran).toEqual(expect.objectContaining({ dryRun: false, state: 'pending', jobId: expect.any(String) }));
    const job = await call(alice, 'get_job', { jobId: ran.jobId });
    expect(job.structuredContent).toEqual(expect.objectContaining({ id: ran.jobId }));
  });
});

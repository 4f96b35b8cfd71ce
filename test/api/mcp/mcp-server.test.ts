/**
 * POST /mcp driven by the SDK's own client: the credentials of the REST surface, the tool list with
 * every annotation, each read tool, and the answers REST gives for an account the caller may not use.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createTenant } from '../../helpers/identity';
import { forge } from '../identity/support';
import { pastWeek } from '../reports/support';
import { useWorld } from '../../world';
import { FB_ENV } from '../facebook/fixtures';
import { closeClients, connectUsers, FB, FB_BOB, GG, mcpClient, toolErrorOf } from './support';

const w = useWorld({ platforms: ['facebook', 'google'], env: FB_ENV }, connectUsers);
let alice: Client;
beforeAll(async () => {
  alice = await mcpClient(w.url, w.user.headers);
});
afterAll(closeClients);

const call = (c: Client, name: string, args: Record<string, unknown>) => c.callTool({ name, arguments: args }) as Promise<CallToolResult>;
const EXPECTED_TOOLS = ['create_campaign', 'get_job', 'get_performance', 'google_ads_search', 'list_ad_accounts', 'list_ad_sets', 'list_ads', 'list_campaigns', 'list_jobs', 'update_budget', 'update_status'];

describe('credentials: exactly those of the REST surface', () => {
  it('a Bearer access token of the external user, or the tenant key with x-external-user-id, act as that user', async () => {
    const viaKey = await mcpClient(w.url, { 'x-api-key': w.apiKey, 'x-external-user-id': w.user.externalUserId });
    for (const c of [alice, viaKey]) {
      const r = await call(c, 'list_ad_accounts', {});
      expect((r.structuredContent as { items: Array<{ adAccountId: string }> }).items.map((a) => a.adAccountId).sort()).toEqual([FB, GG].sort());
    }
  });

  it.each([
    ['no credential', {}],
    ['a bad token', { authorization: 'Bearer not-a-token' }],
    ['an expired token', 'expired'],
    ["another tenant's key without a user", 'otherKey'],
  ])('%s: 401 with WWW-Authenticate naming the resource metadata, which is served', async (_what, given) => {
    let headers: Record<string, string> = given as Record<string, string>;
    if (given === 'expired') headers = { authorization: `Bearer ${forge(w.app, { sub: 'x', tid: w.tenant.tenantId, typ: 'access', ext: 'u', exp: Math.floor(Date.now() / 1000) - 10 })}` };
    if (given === 'otherKey') headers = { 'x-api-key': 'agw_not_a_real_key' };
    const r = await fetch(`${w.url}/mcp`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(r.status).toBe(401);
    const challenge = r.headers.get('www-authenticate') ?? '';
    expect(challenge).toMatch(/^Bearer resource_metadata="([^"]+)"$/);
    const metadataUrl = /resource_metadata="([^"]+)"/.exec(challenge)![1]!;
    const doc = await fetch(new URL(new URL(metadataUrl).pathname, w.url));
    expect(doc.status).toBe(200);
    expect(await doc.json()).toEqual(expect.objectContaining({ resource: expect.stringMatching(/\/mcp$/), authorization_servers: [expect.any(String)], bearer_methods_supported: ['header'] }));
  });

  it("another tenant's key naming this tenant's user reaches none of this user's accounts", async () => {
    const other = await createTenant(w.app);
    const c = await mcpClient(w.url, { 'x-api-key': other.apiKey, 'x-external-user-id': w.user.externalUserId });
    expect((await call(c, 'list_ad_accounts', {})).structuredContent).toEqual({ items: [] });
    const e = toolErrorOf(await call(c, 'google_ads_search', { adAccountId: GG, query: 'SELECT campaign.id FROM campaign' }));
    expect(e.code).toBe('AD_ACCOUNT_NOT_FOUND');
  });
});

describe('servers are reused between requests, never shared by two', () => {
  it("concurrent calls of two users each see only their own user's accounts", async () => {
    const bob = await mcpClient(w.url, { 'x-api-key': w.apiKey, 'x-external-user-id': 'bob-ext' });
    const mine = (r: CallToolResult) => (r.structuredContent as { items: Array<{ adAccountId: string }> }).items.map((a) => a.adAccountId).sort();
    const calls: Array<{ who: string; c: Client }> = Array.from({ length: 12 }, (_, i) => (i % 2 ? { who: 'bob', c: bob } : { who: 'alice', c: alice }));
    const answers = await Promise.all(calls.map(async ({ who, c }) => [who, mine(await call(c, 'list_ad_accounts', {}))] as const));
    for (const [who, ids] of answers) expect(ids).toEqual(who === 'bob' ? [FB_BOB] : [FB, GG].sort());
  });
});

describe('tools/list', () => {
  it('lists the curated tools, each with input and output schemas and every annotation set', async () => {
    const { tools } = await alice.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(EXPECTED_TOOLS);
    for (const t of tools) {
      expect(t.inputSchema.type).toBe('object');
      expect(t.outputSchema?.type).toBe('object');
      expect(t.annotations).toEqual(expect.objectContaining({ readOnlyHint: expect.any(Boolean), destructiveHint: expect.any(Boolean), idempotentHint: expect.any(Boolean), openWorldHint: expect.any(Boolean) }));
    }
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    expect(byName.update_status!.annotations).toEqual(expect.objectContaining({ readOnlyHint: false, destructiveHint: true }));
    expect(byName.get_performance!.annotations).toEqual(expect.objectContaining({ readOnlyHint: true, destructiveHint: false }));
    // The REST route's own schema, credentials left out.
    expect(Object.keys(byName.get_performance!.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(['adAccountIds', 'from', 'to', 'level', 'metrics']));
    expect(Object.keys(byName.get_performance!.inputSchema.properties ?? {})).not.toContain('token');
    expect(Object.keys(byName.update_status!.inputSchema.properties ?? {})).toContain('confirm');
  });
});

describe('read tools', () => {
  it('list_ad_accounts: the caller\'s activated accounts with currency and time zone', async () => {
    const r = await call(alice, 'list_ad_accounts', { platform: 'google' });
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent).toEqual({ items: [expect.objectContaining({ platform: 'google', adAccountId: GG, currency: 'USD', timezone: expect.any(String) })] });
    expect((r.content as Array<{ text: string }>)[0]!.text).toBe('1 activated ad account');
  });

  it('get_performance: the unified report of the REST route', async () => {
    const range = pastWeek();
    const r = await call(alice, 'get_performance', { adAccountIds: `facebook:act_${FB},google:${GG}`, ...range, granularity: 'total' });
    expect(r.isError).toBeFalsy();
    const data = r.structuredContent as { rows: Array<{ platform: string; currency: string }>; errors: unknown[] };
    expect(data.errors).toEqual([]);
    expect(new Set(data.rows.map((row) => row.platform))).toEqual(new Set(['facebook', 'google']));
    const rest = await w.call('GET', `/api/v1/reports?adAccountIds=${encodeURIComponent(`facebook:act_${FB},google:${GG}`)}&from=${range.from}&to=${range.to}&granularity=total`);
    expect(r.structuredContent).toEqual(rest.body.data);
  });

  it('google_ads_search: GAQL checked locally first (INVALID_QUERY, no call to Google), then run', async () => {
    w.sims.google!.clearCalls();
    const bad = toolErrorOf(await call(alice, 'google_ads_search', { adAccountId: GG, query: 'SELECT campaign.id FROM' }));
    expect(bad.code).toBe('INVALID_QUERY');
    expect(await w.sims.google!.calls()).toEqual([]);
    const r = await call(alice, 'google_ads_search', { adAccountId: GG, query: 'SELECT campaign.id, campaign.status FROM campaign' });
    expect(r.isError).toBeFalsy();
    expect((r.structuredContent as { data: Array<{ campaign: { id: string } }> }).data.length).toBeGreaterThan(0);
  });

  it.each([
    ['list_campaigns', 'facebook', FB, 'data'],
    ['list_ad_sets', 'facebook', FB, 'data'],
    ['list_ads', 'facebook', FB, 'data'],
    ['list_campaigns', 'google', GG, 'data'],
    ['list_ad_sets', 'google', GG, 'data'],
  ])('%s on %s: a page as the REST list route answers it, paged by nextCursor', async (tool, platform, adAccountId, items) => {
    const first = await call(alice, tool, { platform, adAccountId, limit: 1 });
    expect(first.isError).toBeFalsy();
    const page = first.structuredContent as { platform: string; nextCursor: string | null; result: Record<string, unknown[]> };
    expect(page.platform).toBe(platform);
    expect(page.result[items]!.length).toBe(1);
    if (page.nextCursor) {
      const second = (await call(alice, tool, { platform, adAccountId, limit: 1, cursor: page.nextCursor })).structuredContent as typeof page;
      expect(second.result[items]).not.toEqual(page.result[items]);
    }
  });

  it("list_campaigns filters by the platform's own status values", async () => {
    const r = await call(alice, 'list_campaigns', { platform: 'facebook', adAccountId: FB, status: 'PAUSED' });
    const rows = (r.structuredContent as { result: { data: Array<{ effective_status?: string; status?: string }> } }).result.data;
    for (const row of rows) expect(row.effective_status ?? row.status).toBe('PAUSED');
    const bad = toolErrorOf(await call(alice, 'list_campaigns', { platform: 'facebook', adAccountId: FB, status: 'NOPE' }));
    expect(bad.code).toBe('VALIDATION_FAILED');
  });

  it('list_jobs and get_job: the caller\'s own jobs, as GET /api/v1/jobs answers', async () => {
    const r = await call(alice, 'list_jobs', { limit: 5 });
    expect(r.isError).toBeFalsy();
    const rest = await w.call('GET', '/api/v1/jobs?limit=5');
    expect(r.structuredContent).toEqual(rest.body.data);
    const missing = toolErrorOf(await call(alice, 'get_job', { jobId: '00000000-0000-4000-8000-000000000000' }));
    expect(missing).toEqual(expect.objectContaining({ code: 'JOB_NOT_FOUND', statusCode: 404 }));
  });
});

describe("an account the caller may not use: REST's answer as a tool error, no platform call", () => {
  it("another user's account: AD_ACCOUNT_NOT_OWNED, with REST's message", async () => {
    w.sims.facebook!.clearCalls();
    const tool = toolErrorOf(await call(alice, 'update_status', { platform: 'facebook', adAccountId: FB_BOB, id: '1', status: 'PAUSED' }));
    const rest = await w.call('POST', '/api/v1/facebook/campaigns/1/status', { body: { adAccountId: FB_BOB, status: 'PAUSED' } });
    expect(tool).toEqual(expect.objectContaining({ code: rest.body.error.code, message: rest.body.message, statusCode: rest.status }));
    expect(tool.code).toBe('AD_ACCOUNT_NOT_OWNED');
    const report = toolErrorOf(await call(alice, 'get_performance', { adAccountIds: `facebook:${FB_BOB}`, ...pastWeek() }));
    expect(report.code).toBe('AD_ACCOUNT_NOT_OWNED');
    expect(await w.sims.facebook!.calls()).toEqual([]);
  });
});

describe('metrics', () => {
  it('counts each tool call by tool and outcome', async () => {
    await call(alice, 'list_ad_accounts', {});
    await call(alice, 'get_job', { jobId: '00000000-0000-4000-8000-000000000000' });
    const text = await w.app.infra.metrics!.registry.metrics();
    expect(text).toMatch(/mcp_tool_call_duration_seconds_count\{tool="list_ad_accounts",outcome="ok"\} [1-9]/);
    expect(text).toMatch(/mcp_tool_call_duration_seconds_count\{tool="get_job",outcome="JOB_NOT_FOUND"\} [1-9]/);
  });
});

describe('malformed calls', () => {
  it('arguments the schema refuses are a tool error naming the field; an unknown tool too', async () => {
    const r = await call(alice, 'get_performance', { from: 'yesterday', to: '2026-01-01', nope: 1 });
    expect(r.isError).toBe(true);
    expect((r.content as Array<{ text: string }>)[0]!.text).toMatch(/Input validation error/);
    const unknown = await call(alice, 'no_such_tool', {});
    expect(unknown.isError).toBe(true);
  });
});

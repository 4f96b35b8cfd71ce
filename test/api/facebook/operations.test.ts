import { ACCOUNTS } from '../../simulators/facebook';
import { useWorld } from '../../world';
import { FB_ENV } from './fixtures';

const A1 = ACCOUNTS.alice[0];

describe('the Meta operations catalog and execute', () => {
  const w = useWorld({ platform: 'facebook', workers: true, env: FB_ENV }, async (w) => {
    await w.connect('facebook', { adAccountId: `act_${ACCOUNTS.alice[0]}` });
  });

  const execute = (operation: string, params: Record<string, unknown>, headers?: Record<string, string>) =>
    w.call('POST', '/api/v1/facebook/operations/execute', { body: { operation, params }, headers });

  it('lists every route of the surface with its method, path, kind and input JSON Schema', async () => {
    const r = await w.call('GET', '/api/v1/facebook/operations');
    expect(r.status).toBe(200);
    const ops = r.body.data.operations as { operation: string; method: string; path: string; kind: string; input: any }[];
    const byId: Record<string, any> = Object.fromEntries(ops.map((o) => [o.operation, o]));
    expect(ops.length).toBe(55);
    expect(byId.facebookUpdateAdSet).toMatchObject({ method: 'PATCH', path: '/api/v1/facebook/adsets/{id}', kind: 'write' });
    expect(byId.facebookListCampaigns).toMatchObject({ method: 'GET', path: '/api/v1/facebook/campaigns', kind: 'read' });
    expect(byId.facebookListCampaigns.input.properties).toMatchObject({ adAccountId: { type: 'string' }, limit: expect.any(Object), fields: expect.any(Object) });
    expect(byId.facebookListCampaigns.input.required).toEqual(['adAccountId']);
    expect(byId.facebookCreateCampaign).toMatchObject({ method: 'POST', path: '/api/v1/facebook/campaigns', kind: 'write' });
    const campaignInput = JSON.stringify(byId.facebookCreateCampaign.input);
    expect(campaignInput).toContain('"objective"');
    expect(byId.facebookCreateCampaign.input.properties.special_ad_categories).toMatchObject({ type: 'array' });
    expect(byId.facebookImportAdAccount.kind).toBe('import');
    expect(byId.facebookTargetingSearch.kind).toBe('read');
    expect(ops.every((o) => o.input && typeof o.input === 'object')).toBe(true);
    expect(byId.facebookListOperations).toBeUndefined();
  });

  it('executes a read by name through the same handler', async () => {
    const r = await execute('facebookListCampaigns', { adAccountId: `act_${A1}`, limit: 1, fields: 'id,name' });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Campaigns fetched');
    expect(r.body.data.data).toEqual([{ id: expect.any(String), name: expect.any(String) }]);
    expect((await w.sim.calls('/campaigns'))[0]!.query).toMatchObject({ fields: 'id,name', limit: '1' });
  });

  it('executes a write with path parameters through the job pipeline', async () => {
    const r = await execute('facebookCreateCampaign', { objective: 'sales', adAccountId: A1, name: 'Via execute', special_ad_categories: [], is_adset_budget_sharing_enabled: false });
    expect(r.status).toBe(200);
    expect(r.body.data.id).toEqual(expect.any(String));
    expect((await w.sim.calls('/campaigns')).find((c) => c.method === 'POST')!.body.objective).toBe('OUTCOME_SALES');
    const a = await execute('facebookCreateCampaign', { objective: 'sales', adAccountId: A1, name: 'Async via execute', special_ad_categories: [], is_adset_budget_sharing_enabled: false }, { prefer: 'respond-async' });
    expect(a.status).toBe(202);
    expect(a.headers.get('location')).toBe(a.body.data.pollUrl);
    let state = a.body.data.status;
    for (let i = 0; i < 100 && state !== 'completed'; i++) {
      await new Promise((res) => setTimeout(res, 50));
      state = (await w.call('GET', a.body.data.pollUrl)).body.data.state;
    }
    expect(state).toBe('completed');
  });

  it('validates params like the route does, and refuses unknown operations', async () => {
    const bad = await execute('facebookCreateCampaign', { objective: 'sales', adAccountId: A1, name: 'x', special_ad_categories: [] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.map((d: { path: string }) => d.path)).toContain('body.is_adset_budget_sharing_enabled');
    const unknown = await execute('facebookDropTables', { adAccountId: A1 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('NOT_FOUND');
    const noBody = await w.call('POST', '/api/v1/facebook/operations/execute', { body: { params: {} } });
    expect(noBody.status).toBe(400);
    expect(await w.sim.calls()).toHaveLength(0);
  });

  it('the import runs as a job and stores the account level by level', async () => {
    const r = await w.call('GET', `/api/v1/facebook/import-ad-account?adAccountId=${A1}`);
    expect(r.status).toBe(200);
    expect(r.body.data.counts).toMatchObject({ campaign: expect.any(Number), adset: expect.any(Number), ad: expect.any(Number), adspixel: 1, customconversion: 2 });
    expect(r.body.data.counts.ad).toBeGreaterThanOrEqual(12);
    const team = await w.call('GET', `/api/v1/alice-ext/facebook/import-ad-account?adAccountId=${A1}`, { as: { 'x-api-key': w.apiKey } });
    expect(team.status).toBe(200);
    expect(team.body.data.counts.campaign).toBe(r.body.data.counts.campaign);
  });
});

import { createHmac, randomUUID } from 'node:crypto';
import { CheckpointStore } from '../../../shared/domain/jobs/checkpoint-store';
import { writeOperationNamed } from '../../../shared/platforms';
import type { WriteContext } from '../../../shared/platforms/core/write-operation';
import { ACCOUNTS, PAGES } from '../../simulators/facebook';
import { useWorld } from '../../world';
import { FB_ENV, GRAPH_VERSION } from './fixtures';

/** Every Graph call carries appsecret_proof of its token (the tenant's app secret is known). */
const proofOf = (token: string) => createHmac('sha256', 'sim-app-secret').update(token).digest('hex');

const A1 = ACCOUNTS.alice[0];
let n = 0;
const uniq = (what: string) => `${what} ${Date.now()}-${++n}`;

describe('Meta writes run as jobs and send what Meta requires', () => {
  const w = useWorld({ platform: 'facebook', workers: true, env: FB_ENV }, async (w) => {
    const aliceAccount = await w.connect('facebook', { adAccountId: `act_${ACCOUNTS.alice[0]}` });
    await w.connect('facebook', { adAccountId: ACCOUNTS.alice[1]!, through: aliceAccount });
    return { aliceAccount };
  });

  const node = (id: string) => w.sim.raw.state.store.get(id)?.data as Record<string, unknown> | undefined;
  const firstId = async (path: string) => (await w.call('GET', path)).body.data.data[0].id as string;
  const postsTo = async (part: string) => (await w.sim.calls(part)).filter((c) => c.method === 'POST');

  it.each([
    ['lead', 'OUTCOME_LEADS'],
    ['awareness', 'OUTCOME_AWARENESS'],
    ['traffic', 'OUTCOME_TRAFFIC'],
    ['engagement', 'OUTCOME_ENGAGEMENT'],
    ['sales', 'OUTCOME_SALES'],
  ])('POST /campaigns/%s creates an %s campaign, PAUSED by default, and answers 200 with its id', async (segment, objective) => {
    const name = uniq(`C ${segment}`);
    const r = await w.call('POST', `/api/v1/facebook/campaigns/${segment}`, {
      body: { adAccountId: `act_${A1}`, name, special_ad_categories: [], is_adset_budget_sharing_enabled: false },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, message: 'Campaign created', data: { id: expect.stringMatching(/^\d+$/) } });
    const [post] = await postsTo(`/act_${A1}/campaigns`);
    expect(post!.body).toEqual({
      name: name, objective, status: 'PAUSED', special_ad_categories: '[]', is_adset_budget_sharing_enabled: 'false', access_token: w.aliceAccount.platformToken, appsecret_proof: proofOf(w.aliceAccount.platformToken),
    });
    expect(node(r.body.data.id)).toMatchObject({ name: name, objective, status: 'PAUSED', account_id: A1 });
  });

  it('sends a campaign budget in minor units with the bid strategy, and status ACTIVE when asked', async () => {
    const name = uniq('CBO');
    const r = await w.call('POST', '/api/v1/facebook/campaigns/traffic', {
      body: { adAccountId: A1, name, status: 'ACTIVE', special_ad_categories: ['NONE'], daily_budget: 2500, bid_strategy: 'LOWEST_COST_WITHOUT_CAP' },
    });
    expect(r.status).toBe(200);
    const [post] = await postsTo('/campaigns');
    expect(post!.body).toMatchObject({ daily_budget: '2500', bid_strategy: 'LOWEST_COST_WITHOUT_CAP', status: 'ACTIVE', special_ad_categories: '["NONE"]' });
    expect(post!.body.is_adset_budget_sharing_enabled).toBeUndefined();
  });

  it.each([
    [{ special_ad_categories: [] }, 'body.is_adset_budget_sharing_enabled'],
    [{ is_adset_budget_sharing_enabled: true }, 'body.special_ad_categories'],
    [{ special_ad_categories: [], daily_budget: 10.5 }, 'body.daily_budget'],
    [{ special_ad_categories: [], daily_budget: 100, lifetime_budget: 100 }, 'body.lifetime_budget'],
    [{ special_ad_categories: [], is_adset_budget_sharing_enabled: true, bid_strategy: 'CHEAPEST' }, 'body.bid_strategy'],
  ])('refuses %j with 400 naming %s, before any job or Meta call', async (extra, path) => {
    const r = await w.call('POST', '/api/v1/facebook/campaigns/lead', { body: { adAccountId: A1, name: 'x', ...extra } });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('VALIDATION_FAILED');
    expect(r.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
    expect(await w.sim.calls()).toHaveLength(0);
  });

  it('an unknown objective segment is no route of the document: 404 ROUTE_NOT_FOUND, and nothing reaches Meta', async () => {
    const r = await w.call('POST', '/api/v1/facebook/campaigns/conversions', { body: { adAccountId: A1, name: 'x', special_ad_categories: [], is_adset_budget_sharing_enabled: true } });
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('ROUTE_NOT_FOUND');
    expect(await w.sim.calls()).toHaveLength(0);
  });

  it('with Prefer: respond-async answers 202 with the poll URL, and the job completes with the id', async () => {
    const r = await w.call('POST', '/api/v1/facebook/campaigns/awareness', {
      headers: { prefer: 'respond-async' },
      body: { adAccountId: A1, name: uniq('Async'), special_ad_categories: [], is_adset_budget_sharing_enabled: true },
    });
    expect(r.status).toBe(202);
    expect(r.headers.get('location')).toBe(r.body.data.pollUrl);
    let job: { state: string; result?: { id: string } } | undefined;
    for (let i = 0; i < 100 && job?.state !== 'completed'; i++) {
      job = (await w.call('GET', r.body.data.pollUrl)).body.data;
      if (job?.state !== 'completed') await new Promise((res) => setTimeout(res, 100));
    }
    expect(job).toMatchObject({ state: 'completed', platform: 'facebook', operation: 'facebook.create-campaign', result: { id: expect.any(String) } });
  });

  it.each([
    ['campaigns', 'campaign'],
    ['adsets', 'adset'],
    ['ads', 'ad'],
  ])('POST /%s/{id}/status sets the status with POST /{id}', async (segment) => {
    const id = await firstId(`/api/v1/facebook/${segment}?adAccountId=${A1}&limit=1&fields=id`);
    await w.sim.clear();
    const r = await w.call('POST', `/api/v1/facebook/${segment}/${id}/status`, { body: { adAccountId: A1, status: 'ARCHIVED' } });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ success: true, id, status: 'ARCHIVED' });
    const calls = await w.sim.calls(`/${id}`);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([`GET /${GRAPH_VERSION}/${id}`, `POST /${GRAPH_VERSION}/${id}`]);
    expect(calls[1]!.body).toEqual({ status: 'ARCHIVED', access_token: w.aliceAccount.platformToken, appsecret_proof: proofOf(w.aliceAccount.platformToken) });
    expect(node(id)!.status).toBe('ARCHIVED');
    await w.call('POST', `/api/v1/facebook/${segment}/${id}/status`, { body: { adAccountId: A1, status: 'ACTIVE' } });
  });

  it('DELETED through the same status route: the ad is gone from the list', async () => {
    const adset = await firstId(`/api/v1/facebook/adsets?adAccountId=${A1}&limit=1&fields=id`);
    const creative = await firstId(`/api/v1/facebook/creatives?adAccountId=${A1}&limit=1&fields=id`);
    const made = await w.call('POST', '/api/v1/facebook/ads', { body: { adAccountId: A1, name: uniq('Doomed ad'), adset_id: adset, creative: { creative_id: creative } } });
    const id = made.body.data.id as string;
    const r = await w.call('POST', `/api/v1/facebook/ads/${id}/status`, { body: { adAccountId: A1, status: 'DELETED' } });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ success: true, id, status: 'DELETED' });
    const listed = await w.call('GET', `/api/v1/facebook/ads?adAccountId=${A1}&fields=id&limit=100`);
    expect(listed.body.data.data.map((a: { id: string }) => a.id)).not.toContain(id);
  });

  it('a status change for an object of another ad account answers 404 and writes nothing', async () => {
    const other = await firstId(`/api/v1/facebook/ads?adAccountId=${ACCOUNTS.alice[1]}&limit=1&fields=id`);
    await w.sim.clear();
    const r = await w.call('POST', `/api/v1/facebook/ads/${other}/status`, { body: { adAccountId: A1, status: 'PAUSED' } });
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('NOT_FOUND');
    expect(await postsTo(`/${other}`)).toHaveLength(0);
    expect((await w.call('POST', `/api/v1/facebook/ads/${other}/status`, { body: { adAccountId: A1, status: 'RUNNING' } })).status).toBe(400);
  });

  it('creates an ad from an existing creative, PAUSED by default', async () => {
    const adset = await firstId(`/api/v1/facebook/adsets?adAccountId=${A1}&limit=1&fields=id`);
    const creative = await firstId(`/api/v1/facebook/creatives?adAccountId=${A1}&limit=1&fields=id`);
    await w.sim.clear();
    const name = uniq('Ad');
    const r = await w.call('POST', '/api/v1/facebook/ads', { body: { adAccountId: A1, name, adset_id: adset, creative: { creative_id: creative } } });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ id: expect.any(String), creative_id: creative });
    const [post] = await postsTo(`/act_${A1}/ads`);
    expect(post!.body).toEqual({ name: name, adset_id: adset, creative: JSON.stringify({ creative_id: creative }), status: 'PAUSED', access_token: w.aliceAccount.platformToken, appsecret_proof: proofOf(w.aliceAccount.platformToken) });
    expect(node(r.body.data.id)).toMatchObject({ name: name, adset_id: adset, status: 'PAUSED' });
  });

  it('creates the creative first when the ad gives a story spec', async () => {
    const adset = await firstId(`/api/v1/facebook/adsets?adAccountId=${A1}&limit=1&fields=id`);
    await w.sim.clear();
    const spec = { page_id: PAGES.alice[0], link_data: { link: 'https://example.test/new', message: 'New', call_to_action: { type: 'SHOP_NOW' } } };
    const r = await w.call('POST', '/api/v1/facebook/ads', { body: { adAccountId: A1, name: uniq('Inline'), adset_id: adset, creative: { object_story_spec: spec } } });
    expect(r.status).toBe(200);
    const posts = (await w.sim.calls(`/act_${A1}/`)).filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.path)).toEqual([`/${GRAPH_VERSION}/act_${A1}/adcreatives`, `/${GRAPH_VERSION}/act_${A1}/ads`]);
    expect(JSON.parse(posts[0]!.body.object_story_spec!)).toEqual(spec);
    expect(node(r.body.data.id)!.creative).toEqual({ id: r.body.data.creative_id });
  });

  it('an ad set of another account is refused with 404 before the job', async () => {
    const other = await firstId(`/api/v1/facebook/adsets?adAccountId=${ACCOUNTS.alice[1]}&limit=1&fields=id`);
    const r = await w.call('POST', '/api/v1/facebook/ads', { body: { adAccountId: A1, name: 'x', adset_id: other, creative: { creative_id: '1' } } });
    expect(r.status).toBe(404);
    expect(r.body.message).toContain(`Ad set ${other}`);
  });

  it('clones an ad through /{ad}/copies and answers copied_ad_id', async () => {
    const ad = await firstId(`/api/v1/facebook/ads?adAccountId=${A1}&limit=1&fields=id`);
    await w.sim.clear();
    const r = await w.call('POST', `/api/v1/facebook/ads/${ad}/clone`, { body: { adAccountId: A1, rename_suffix: ' (copy B)' } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ message: 'Ad copied', data: { copied_ad_id: expect.any(String) } });
    const [post] = await postsTo(`/${ad}/copies`);
    expect(JSON.parse(String(post!.body.rename_options))).toEqual({ rename_suffix: ' (copy B)' });
    expect(String(node(r.body.data.copied_ad_id)!.name)).toMatch(/ \(copy B\)$/);
  });

  it('creates a lookalike from a custom audience of the account', async () => {
    const audiences = (await w.call('GET', `/api/v1/facebook/audiences/custom?adAccountId=${A1}&fields=id,subtype`)).body.data.data;
    const source = audiences.find((a: { subtype: string }) => a.subtype === 'CUSTOM').id;
    await w.sim.clear();
    const r = await w.call('POST', '/api/v1/facebook/audiences/lookalike', {
      body: { adAccountId: A1, name: uniq('LAL'), origin_audience_id: source, lookalike_spec: { ratio: 0.03, country: 'GB' } },
    });
    expect(r.status).toBe(200);
    const [post] = await postsTo('/customaudiences');
    expect(post!.body).toMatchObject({ subtype: 'LOOKALIKE', origin_audience_id: source, lookalike_spec: '{"ratio":0.03,"country":"GB","type":"custom_ratio"}' });
    expect(node(r.body.data.id)).toMatchObject({ subtype: 'LOOKALIKE', origin_audience_id: source });
  });

  it('creates a pixel and a custom conversion on it', async () => {
    const p = await w.call('POST', '/api/v1/facebook/pixels', { body: { adAccountId: A1, name: uniq('Pixel') } });
    expect(p.status).toBe(200);
    expect(p.body.message).toBe('Pixel created');
    const pixelId = p.body.data.id;
    const c = await w.call('POST', '/api/v1/facebook/custom-conversions', {
      body: { adAccountId: A1, name: uniq('Conv'), event_source_id: pixelId, custom_event_type: 'LEAD', rule: { url: { i_contains: 'thanks' } }, default_conversion_value: 5 },
    });
    expect(c.status).toBe(200);
    const [post] = await postsTo('/customconversions');
    expect(post!.body).toMatchObject({ event_source_id: pixelId, custom_event_type: 'LEAD', rule: '{"url":{"i_contains":"thanks"}}', default_conversion_value: '5' });
    const read = await w.call('GET', `/api/v1/facebook/custom-conversions/${c.body.data.id}?adAccountId=${A1}&fields=id,pixel`);
    expect(read.body.data.pixel).toEqual({ id: pixelId });
    const bad = await w.call('POST', '/api/v1/facebook/custom-conversions', {
      body: { adAccountId: A1, name: 'x', event_source_id: pixelId, custom_event_type: 'LEAD', rule: { url: { i_contains: 'a' }, event: { eq: 'b' } } },
    });
    expect(bad.status).toBe(400);
  });

  it('creates a lead form with the page token fetched in the worker', async () => {
    const name = uniq('Form');
    const r = await w.call('POST', '/api/v1/facebook/lead-form', {
      body: { adAccountId: A1, pageId: PAGES.alice[1], name, questions: [{ type: 'FULL_NAME' }, { type: 'EMAIL' }], privacy_policy: { url: 'https://example.test/privacy' } },
    });
    expect(r.status).toBe(200);
    const [post] = await postsTo(`/${PAGES.alice[1]}/leadgen_forms`);
    expect(post!.body).toMatchObject({ name: name, questions: '[{"type":"FULL_NAME"},{"type":"EMAIL"}]', privacy_policy: '{"url":"https://example.test/privacy"}' });
    // the page's own token, not the user's (the simulator refuses user tokens on lead forms)
    expect(post!.body.access_token).toEqual(expect.any(String));
    expect(post!.body.access_token).not.toBe(w.aliceAccount.platformToken);
    const list = await w.call('GET', `/api/v1/facebook/lead-form?adAccountId=${A1}&pageId=${PAGES.alice[1]}`);
    expect(list.body.data.data[0]).toEqual({ id: r.body.data.id, name: name, status: 'ACTIVE', locale: 'EN_US', leads_count: 0, created_time: expect.any(String) });
  });

  it('the same Idempotency-Key and body replays the first outcome without a second campaign', async () => {
    const body = { adAccountId: A1, name: uniq('Idem'), special_ad_categories: [], is_adset_budget_sharing_enabled: true };
    const first = await w.call('POST', '/api/v1/facebook/campaigns/lead', { body, headers: { 'idempotency-key': `k-${n}` } });
    const again = await w.call('POST', '/api/v1/facebook/campaigns/lead', { body, headers: { 'idempotency-key': `k-${n}` } });
    expect(again.body.data).toEqual(first.body.data);
    expect(await postsTo('/campaigns')).toHaveLength(1);
  });

  it('a retried job whose first attempt crashed after Meta accepted the campaign finds it by its exact name, created time and claim instead of creating a second', async () => {
    const name = uniq('Crash');
    const rows = (await w.app.infra.orm.em.getConnection().execute('select tenant_id from ad_accounts where id = ?', [w.aliceAccount.id])) as { tenant_id: string }[];
    const run = async (jobId: string) => {
      const account = { id: w.aliceAccount.id, tenantId: rows[0]!.tenant_id, platform: 'facebook', platformAccountId: A1, connectionId: w.aliceAccount.connectionId };
      const ctx = {
        jobId, attempt: 1, log: w.app.infra.logger, checkpoint: new CheckpointStore(w.app.infra.orm, jobId), config: w.app.infra.config,
        account, caller: w.app.services.callerFor(account), requestId: () => '1', progress: async () => undefined,
        entities: { upsert: async () => undefined, pruneUnseen: async () => 0 },
        ...w.app.services.jobs.creates.forJob(jobId, account),
      } as WriteContext;
      const params = { objective: 'lead', campaign: { adAccountId: A1, name, status: 'PAUSED', special_ad_categories: [], is_adset_budget_sharing_enabled: true } };
      return (await writeOperationNamed('facebook.create-campaign')!.run(ctx, params)) as { id: string };
    };
    const jobId = randomUUID();
    const first = await run(jobId);
    // what a crash between Meta's answer and the "done" checkpoint leaves behind, once the in-flight window has passed
    const store = new CheckpointStore(w.app.infra.orm, jobId);
    const { sentAt: _sent, ...mark } = (await store.get<Record<string, unknown>>('campaign'))!;
    await store.set('campaign', mark);
    await w.sim.clear();
    expect(await run(jobId)).toEqual(first);
    expect(await postsTo('/campaigns')).toHaveLength(0);
    expect((await w.sim.calls('/campaigns'))[0]!.query.filtering).toBe(JSON.stringify([{ field: 'name', operator: 'EQUAL', value: node(first.id)!.name }]));
    // another job with the same name never takes this one's campaign for its own: it creates
    const other = await run(randomUUID());
    expect(await postsTo('/campaigns')).toHaveLength(1);
    expect(other.id).not.toBe(first.id);
    expect(node(other.id)!.name).toEqual(name);
  });
});

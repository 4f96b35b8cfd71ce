import { ACCOUNTS } from '../../simulators/facebook';
import { useWorld, type World } from '../../world';
import type { JsonResponse } from '../../world/app';
import { FB_ENV } from '../facebook/fixtures';
import { ALICE_US, BOB_BIKES } from '../tiktok/fixtures';
import { aliceAndBob, G } from '../google/fixtures';
import { setGuardrails } from '../safe-writes/support';

/*
 * Proxied writes on every platform: a job through the safe-write layer, sent once, replayed under
 * its Idempotency-Key, refused before any call or job for another user's account, and a platform
 * error passed on with the platform's own error object in `error.platform`.
 */

const jobsOf = async (w: World) => (await w.call('GET', '/api/v1/jobs')).body.data.items as { id: string; operation: string }[];

function expectProxiedJob(r: JsonResponse) {
  expect(r.status).toBe(200);
  expect(r.body.jobId).toMatch(/^[0-9a-f-]{36}$/);
  expect(r.headers.get('proxy-write-delivery')).toBe('at-most-once');
}

describe('Meta proxy: writes', () => {
  const A = ACCOUNTS.alice[0]!;
  const B = ACCOUNTS.bob[0]!;
  const P = '/api/v1/facebook/proxy';
  const w = useWorld({ platform: 'facebook', workers: true, env: { ...FB_ENV, HTTP_MAX_RETRIES: '1' } }, async (w) => {
    await w.connect('facebook', { adAccountId: `act_${A}` });
    const bob = await w.userFor('bob-ext');
    await w.connect('facebook', { adAccountId: B, as: bob, simUser: 'bob' });
  });

  it('creates an ad label (not wrapped) as a job, sent once; the label reads back', async () => {
    const r = await w.call('POST', `${P}/act_${A}/adlabels`, { body: { name: 'Proxied' } });
    expectProxiedJob(r);
    expect(r.body.data.id).toMatch(/^\d+$/);
    expect((await w.sim.calls('/adlabels')).filter((c) => c.method === 'POST')).toHaveLength(1);
    const list = await w.call('GET', `${P}/act_${A}/adlabels`);
    expect(list.body.data.data.map((l: { name: string }) => l.name)).toContain('Proxied');
    expect((await jobsOf(w)).map((j) => j.operation)).toContain('facebook.proxyWrite');
  });

  it('an Idempotency-Key replays the first outcome without a second platform call', async () => {
    const headers = { 'idempotency-key': `label-${Date.now()}` };
    const first = await w.call('POST', `${P}/act_${A}/adlabels`, { body: { name: 'Once' }, headers });
    const again = await w.call('POST', `${P}/act_${A}/adlabels`, { body: { name: 'Once' }, headers });
    expectProxiedJob(first);
    expect(again.status).toBe(200);
    expect(again.body.jobId).toBe(first.body.jobId);
    expect(again.body.data).toEqual(first.body.data);
    expect((await w.sim.calls('/adlabels')).filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('another user’s account: 403, no platform call and no job', async () => {
    const before = (await jobsOf(w)).length;
    const r = await w.call('POST', `${P}/act_${B}/adlabels`, { body: { name: 'Not mine' } });
    expect([r.status, r.body.error.code]).toEqual([403, 'AD_ACCOUNT_NOT_OWNED']);
    expect(await w.sim.calls()).toHaveLength(0);
    expect(await jobsOf(w)).toHaveLength(before);
  });

  it('a refused write is the usual envelope with Meta’s error object in error.platform', async () => {
    const r = await w.call('POST', `${P}/act_${A}/adlabels`, { body: {} });
    expect([r.status, r.body.error.code]).toEqual([422, 'PLATFORM_REJECTED']);
    expect(r.body.error.platform).toMatchObject({ code: 100, message: expect.any(String) });
    expect(r.body.jobId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a platform error on a read carries error.platform too', async () => {
    await w.sim.injectError({ path: '/adlabels', code: 100, count: 1 });
    const r = await w.call('GET', `${P}/act_${A}/adlabels`);
    expect(r.status).toBe(422);
    expect(r.body.error.platform).toMatchObject({ code: 100 });
  });

  it('a 5xx after the write left is not resent: 409 CREATE_UNCONFIRMED, one call', async () => {
    await w.sim.fault({ path: '/adlabels', count: 3, status: 500, body: { error: { message: 'An unknown error occurred', type: 'OAuthException', code: 1, is_transient: true } } });
    const r = await w.call('POST', `${P}/act_${A}/adlabels`, { body: { name: 'Maybe' } });
    expect([r.status, r.body.error.code]).toEqual([409, 'CREATE_UNCONFIRMED']);
    expect((await w.sim.calls('/adlabels')).filter((c) => c.method === 'POST')).toHaveLength(1);
    await w.sim.clearFaults();
  });

  it('a tenant that confirms activations confirms every proxied write; the audit trail names the proxy', async () => {
    await setGuardrails(w, { requireConfirmation: ['activate'] });
    try {
      const body = { name: 'Confirmed' };
      const asked = await w.call('POST', `${P}/act_${A}/adlabels`, { body });
      expect([asked.status, asked.body.error.code]).toEqual([409, 'CONFIRMATION_REQUIRED']);
      expect((await w.sim.calls('/adlabels')).filter((c) => c.method === 'POST')).toHaveLength(0);
      const done = await w.call('POST', `${P}/act_${A}/adlabels`, { body, headers: { confirm: asked.body.error.confirmToken } });
      expectProxiedJob(done);
    } finally {
      await setGuardrails(w, null);
    }
    const audit = await w.call('GET', '/api/v1/audit?limit=100');
    const proxied = (audit.body.data.items as { surface: string; operation: string; outcome: string }[]).filter((x) => x.surface === 'proxy');
    expect(proxied.map((x) => x.outcome)).toContain('confirmation_required');
    expect(proxied.every((x) => x.operation === 'facebook.proxyWrite')).toBe(true);
  });

  it('dryRun=true sends nothing and creates no job', async () => {
    const before = (await jobsOf(w)).length;
    const r = await w.call('POST', `${P}/act_${A}/adlabels?dryRun=true`, { body: { name: 'Dry' } });
    expect(r.status).toBe(200);
    expect(r.body.data.valid).toBe(true);
    expect((await w.sim.calls('/adlabels')).filter((c) => c.method === 'POST' && c.body?.name === 'Dry')).toHaveLength(0);
    expect(await jobsOf(w)).toHaveLength(before);
  });
});

describe('TikTok proxy: writes', () => {
  const P = '/api/v1/tiktok/proxy';
  const w = useWorld({ platform: 'tiktok', workers: true, env: { HTTP_MAX_RETRIES: '1' } }, async (w) => {
    await w.connect('tiktok', { adAccountId: ALICE_US, via: 'token' });
    const bob = await w.userFor('bob-ext');
    await w.connect('tiktok', { adAccountId: BOB_BIKES, as: bob, simUser: 'bob', via: 'token' });
  });
  const campaignIds = async () => {
    const r = await w.call('GET', `${P}/campaign/get/?advertiser_id=${ALICE_US}&page_size=1`);
    return [String(r.body.data.list[0].campaign_id)];
  };

  it('a status update as a job, sent once, with an Idempotency-Key replay', async () => {
    const body = { advertiser_id: ALICE_US, campaign_ids: await campaignIds(), operation_status: 'DISABLE' };
    const headers = { 'idempotency-key': `tt-${Date.now()}` };
    const first = await w.call('POST', `${P}/campaign/status/update/`, { body, headers });
    expectProxiedJob(first);
    const again = await w.call('POST', `${P}/campaign/status/update/`, { body, headers });
    expect(again.body.jobId).toBe(first.body.jobId);
    expect(await w.sim.calls('/campaign/status/update/')).toHaveLength(1);
  });

  it('another user’s advertiser in the body: 403, no call and no job', async () => {
    const before = (await jobsOf(w)).length;
    const r = await w.call('POST', `${P}/campaign/status/update/`, { body: { advertiser_id: BOB_BIKES, campaign_ids: ['1'], operation_status: 'DISABLE' } });
    expect([r.status, r.body.error.code]).toEqual([403, 'AD_ACCOUNT_NOT_OWNED']);
    expect(await w.sim.calls()).toHaveLength(0);
    expect(await jobsOf(w)).toHaveLength(before);
  });

  it('a platform error carries TikTok’s code, message and request_id in error.platform', async () => {
    await w.sim.injectError({ code: 40002, path: '/campaign/status/update/', count: 1, message: 'bad status' });
    const r = await w.call('POST', `${P}/campaign/status/update/`, { body: { advertiser_id: ALICE_US, campaign_ids: await campaignIds(), operation_status: 'DISABLE' } });
    expect([r.status, r.body.error.code]).toEqual([422, 'PLATFORM_REJECTED']);
    expect(r.body.error.platform).toMatchObject({ code: 40002, message: 'bad status', request_id: expect.any(String) });
  });
});

describe('Google proxy: writes', () => {
  const P = '/api/v1/google/proxy';
  const w = useWorld({ platform: 'google', workers: true, env: { HTTP_MAX_RETRIES: '1' } }, aliceAndBob);
  const firstCampaign = async () => {
    const r = await w.call('POST', `${P}/customers/${G.aliceUs}/googleAds:search`, { body: { query: 'SELECT campaign.id FROM campaign' } });
    return String(r.body.data.results[0].campaign.id);
  };
  const pause = (customer: string, id: string) => ({ operations: [{ update: { resourceName: `customers/${customer}/campaigns/${id}`, status: 'PAUSED' }, updateMask: 'status' }] });

  it('campaigns:mutate as a job, sent once, with an Idempotency-Key replay', async () => {
    const body = pause(G.aliceUs, await firstCampaign());
    const headers = { 'idempotency-key': `g-${Date.now()}` };
    const first = await w.call('POST', `${P}/customers/${G.aliceUs}/campaigns:mutate`, { body, headers });
    expectProxiedJob(first);
    expect(first.body.data.results).toHaveLength(1);
    const again = await w.call('POST', `${P}/customers/${G.aliceUs}/campaigns:mutate`, { body, headers });
    expect(again.body.jobId).toBe(first.body.jobId);
    expect((await w.sim.calls(':mutate')).filter((c) => c.path.endsWith('/campaigns:mutate'))).toHaveLength(1);
  });

  it('a resource name of another user’s customer in the body: 403, no call and no job', async () => {
    const before = (await jobsOf(w)).length;
    const r = await w.call('POST', `${P}/customers/${G.aliceUs}/campaigns:mutate`, { body: pause(G.bobBikes, '1') });
    expect([r.status, r.body.error.code]).toEqual([403, 'AD_ACCOUNT_NOT_OWNED']);
    expect(await w.sim.calls()).toHaveLength(0);
    expect(await jobsOf(w)).toHaveLength(before);
  });

  it('a refused mutate carries Google’s error object in error.platform', async () => {
    const r = await w.call('POST', `${P}/customers/${G.aliceUs}/campaigns:mutate`, { body: pause(G.aliceUs, '999999999') });
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.body.error.platform).toMatchObject({ code: expect.any(Number), message: expect.any(String) });
  });
});

describe('LinkedIn proxy: writes', () => {
  const P = '/api/v1/linkedin/proxy';
  const US = '508000001';
  const BOB = '508000011';
  const w = useWorld({ platform: 'linkedin', workers: true, env: { HTTP_MAX_RETRIES: '1' } }, async (w) => {
    await w.connect('linkedin', { adAccountId: US });
    const bob = await w.userFor('bob-ext');
    await w.connect('linkedin', { adAccountId: BOB, as: bob, simUser: 'bob' });
  });
  const group = (account: string, name: string) => ({ account: `urn:li:sponsoredAccount:${account}`, name, status: 'DRAFT', runSchedule: { start: 1798761600000 } });

  it('creates a campaign group as a job, sent once, with an Idempotency-Key replay', async () => {
    const headers = { 'idempotency-key': `li-${Date.now()}` };
    const first = await w.call('POST', `${P}/adAccounts/${US}/adCampaignGroups`, { body: group(US, 'Proxied group'), headers });
    expectProxiedJob(first);
    const again = await w.call('POST', `${P}/adAccounts/${US}/adCampaignGroups`, { body: group(US, 'Proxied group'), headers });
    expect(again.body.jobId).toBe(first.body.jobId);
    expect((await w.sim.calls(`/adAccounts/${US}/adCampaignGroups`)).filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('another user’s account: 403, no call and no job', async () => {
    const before = (await jobsOf(w)).length;
    const r = await w.call('POST', `${P}/adAccounts/${BOB}/adCampaignGroups`, { body: group(BOB, 'Not mine') });
    expect([r.status, r.body.error.code]).toEqual([403, 'AD_ACCOUNT_NOT_OWNED']);
    expect(await w.sim.calls()).toHaveLength(0);
    expect(await jobsOf(w)).toHaveLength(before);
  });

  it('a refused create carries LinkedIn’s error body in error.platform', async () => {
    const r = await w.call('POST', `${P}/adAccounts/${US}/adCampaignGroups`, { body: { ...group(US, 'Bad'), status: 'NOPE' } });
    expect([r.status, r.body.error.code]).toEqual([422, 'PLATFORM_REJECTED']);
    expect(r.body.error.platform).toMatchObject({ status: expect.any(Number) });
  });
});

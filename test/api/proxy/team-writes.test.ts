import { ACCOUNTS } from '../../simulators/facebook';
import { createTenant } from '../../helpers/identity';
import { useWorld, type SimPlatform, type World } from '../../world';
import { FB_ENV } from '../facebook/fixtures';
import { ALICE_US, BOB_BIKES } from '../tiktok/fixtures';
import { aliceAndBob, G } from '../google/fixtures';

/*
 * Proxied writes on the team surface (`/api/v1/{teamId}/{platform}/proxy/{path}`, x-api-key, the
 * team as the external user) behave as their main-surface twins on every platform; and the job of a
 * refused proxied write shows the platform's error object exactly as the write's own answer did.
 */

const jobsOf = async (w: World) => (await w.call('GET', '/api/v1/jobs')).body.data.items as { id: string }[];

/** One platform's write through the proxy: the path and body for the caller's own account, and for another user's. */
interface TeamWriteCase {
  platform: SimPlatform;
  env?: Record<string, string>;
  setup(w: World): Promise<object | void>;
  /** The write on the caller's account (`body` may read through the proxy first, as a real caller would). */
  mine(w: World): Promise<{ path: string; body: Record<string, unknown> }>;
  /** The same write naming another user's account. */
  theirs: { path: string; body: Record<string, unknown> };
  /** Which simulator calls are the write itself. */
  sent: { path: string; method: string };
}

const FB_A = ACCOUNTS.alice[0]!;
const FB_B = ACCOUNTS.bob[0]!;
const LI_US = '508000001';
const LI_BOB = '508000011';
const googlePause = (customer: string, id: string) => ({ operations: [{ update: { resourceName: `customers/${customer}/campaigns/${id}`, status: 'PAUSED' }, updateMask: 'status' }] });
const linkedInGroup = (account: string, name: string) => ({ account: `urn:li:sponsoredAccount:${account}`, name, status: 'DRAFT', runSchedule: { start: 1798761600000 } });

const CASES: TeamWriteCase[] = [
  {
    platform: 'facebook',
    env: FB_ENV,
    setup: async (w) => {
      await w.connect('facebook', { adAccountId: `act_${FB_A}` });
      await w.connect('facebook', { adAccountId: FB_B, as: await w.userFor('bob-ext'), simUser: 'bob' });
    },
    mine: async () => ({ path: `act_${FB_A}/adlabels`, body: { name: 'Team label' } }),
    theirs: { path: `act_${FB_B}/adlabels`, body: { name: 'Not mine' } },
    sent: { path: '/adlabels', method: 'POST' },
  },
  {
    platform: 'tiktok',
    setup: async (w) => {
      await w.connect('tiktok', { adAccountId: ALICE_US, via: 'token' });
      await w.connect('tiktok', { adAccountId: BOB_BIKES, as: await w.userFor('bob-ext'), simUser: 'bob', via: 'token' });
    },
    mine: async (w) => {
      const r = await w.call('GET', `/api/v1/tiktok/proxy/campaign/get/?advertiser_id=${ALICE_US}&page_size=1`);
      return { path: 'campaign/status/update/', body: { advertiser_id: ALICE_US, campaign_ids: [String(r.body.data.list[0].campaign_id)], operation_status: 'DISABLE' } };
    },
    theirs: { path: 'campaign/status/update/', body: { advertiser_id: BOB_BIKES, campaign_ids: ['1'], operation_status: 'DISABLE' } },
    sent: { path: '/campaign/status/update/', method: 'POST' },
  },
  {
    platform: 'google',
    setup: (w) => aliceAndBob(w as World<'google'>),
    mine: async (w) => {
      const r = await w.call('POST', `/api/v1/google/proxy/customers/${G.aliceUs}/googleAds:search`, { body: { query: 'SELECT campaign.id FROM campaign' } });
      return { path: `customers/${G.aliceUs}/campaigns:mutate`, body: googlePause(G.aliceUs, String(r.body.data.results[0].campaign.id)) };
    },
    theirs: { path: `customers/${G.bobBikes}/campaigns:mutate`, body: googlePause(G.bobBikes, '1') },
    sent: { path: '/campaigns:mutate', method: 'POST' },
  },
  {
    platform: 'linkedin',
    setup: async (w) => {
      await w.connect('linkedin', { adAccountId: LI_US });
      await w.connect('linkedin', { adAccountId: LI_BOB, as: await w.userFor('bob-ext'), simUser: 'bob' });
    },
    mine: async () => ({ path: `adAccounts/${LI_US}/adCampaignGroups`, body: linkedInGroup(LI_US, 'Team group') }),
    theirs: { path: `adAccounts/${LI_BOB}/adCampaignGroups`, body: linkedInGroup(LI_BOB, 'Not mine') },
    sent: { path: '/adCampaignGroups', method: 'POST' },
  },
];

describe.each(CASES)('$platform proxy: team-surface writes', (c) => {
  const w = useWorld({ platform: c.platform, workers: true, env: { ...c.env, HTTP_MAX_RETRIES: '1' } }, c.setup);
  const team = () => `/api/v1/${encodeURIComponent(w.user.externalUserId)}/${c.platform}/proxy`;
  const key = (apiKey = w.apiKey) => ({ as: { 'x-api-key': apiKey } });
  const sent = async () => (await w.sim.calls(c.sent.path)).filter((call) => call.method === c.sent.method);

  it('a write through the team surface runs as a job, sent once; the job is the team’s', async () => {
    const { path, body } = await c.mine(w);
    const r = await w.call('POST', `${team()}/${path}`, { body, ...key() });
    expect(r.status).toBe(200);
    expect(r.body.jobId).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.headers.get('proxy-write-delivery')).toBe('at-most-once');
    const calls = await sent();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toMatchObject(body);
    expect((await jobsOf(w)).map((j) => j.id)).toContain(r.body.jobId);
  });

  it('another user’s account: the same 403 as the main surface, no call and no job', async () => {
    const before = (await jobsOf(w)).length;
    const viaTeam = await w.call('POST', `${team()}/${c.theirs.path}`, { body: c.theirs.body, ...key() });
    const viaRest = await w.call('POST', `/api/v1/${c.platform}/proxy/${c.theirs.path}`, { body: c.theirs.body });
    expect([viaTeam.status, viaTeam.body.error.code]).toEqual([403, 'AD_ACCOUNT_NOT_OWNED']);
    expect([viaTeam.status, viaTeam.body.error.code]).toEqual([viaRest.status, viaRest.body.error.code]);
    expect(await w.sim.calls()).toHaveLength(0);
    expect(await jobsOf(w)).toHaveLength(before);
  });

  it('another tenant’s key: refused as on the main surface, no call and no job', async () => {
    const { path, body } = await c.mine(w);
    await w.sim.clearCalls();
    const other = await createTenant(w.app);
    const before = (await jobsOf(w)).length;
    const viaTeam = await w.call('POST', `${team()}/${path}`, { body, ...key(other.apiKey) });
    const viaRest = await w.call('POST', `/api/v1/${c.platform}/proxy/${path}?externalUserId=${encodeURIComponent(w.user.externalUserId)}`, { body, ...key(other.apiKey) });
    expect([401, 403, 404]).toContain(viaTeam.status);
    expect([viaTeam.status, viaTeam.body.error.code]).toEqual([viaRest.status, viaRest.body.error.code]);
    expect(await w.sim.calls()).toHaveLength(0);
    expect(await jobsOf(w)).toHaveLength(before);
  });
});

describe('Meta proxy: the job of a refused team-surface write', () => {
  const w = useWorld({ platform: 'facebook', workers: true, env: { ...FB_ENV, HTTP_MAX_RETRIES: '1' } }, async (w) => {
    await w.connect('facebook', { adAccountId: `act_${FB_A}` });
  });
  const team = () => `/api/v1/${encodeURIComponent(w.user.externalUserId)}/facebook/proxy`;

  it('GET /jobs/{id} of a refused proxied write shows the same error.platform as the write’s answer', async () => {
    const r = await w.call('POST', `${team()}/act_${FB_A}/adlabels`, { body: {}, as: { 'x-api-key': w.apiKey } });
    expect([r.status, r.body.error.code]).toEqual([422, 'PLATFORM_REJECTED']);
    expect(r.body.error.platform).toMatchObject({ code: 100, message: expect.any(String) });
    // The team is the external user: the job is read as that user.
    const job = await w.call('GET', `/api/v1/jobs/${r.body.jobId}`);
    expect(job.status).toBe(200);
    expect(job.body.data.state).toBe('failed');
    expect(job.body.data.error).toMatchObject({ code: 'PLATFORM_REJECTED' });
    expect(job.body.data.error.platform).toEqual(r.body.error.platform);
    expect(JSON.stringify(job.body.data.error.platform)).not.toMatch(/access_token|appsecret_proof/);
  });
});

import { http } from '../helpers/test-app';
import { ACCOUNTS, PAGES } from '../simulators/facebook';
import { listKey } from '../simulators/facebook/model/store';
import type { Entity } from '../simulators/tiktok/store';
import { creative } from '../api/tiktok/fixtures';
import { startCrashWorld, type CrashWorld } from './support/crash-world';

const FB = ACCOUNTS.alice[0]!;
const TT = '7000000000000000012';
let n = 0;
const uniq = (what: string) => `${what} ${Date.now()}-${++n}`;

/*
 * Creates without a platform idempotency key (every Meta create, TikTok ad/create and
 * smart_plus/ad/create): the platform accepts the create, then the worker process is SIGKILLed
 * before our "done" checkpoint (the simulator holds its answer back). A new worker takes the job
 * over; it must find the object by its job-step name instead of creating a second one.
 */
describe('a create without an idempotency key, crashed between the platform accepting it and our checkpoint', () => {
  let w: CrashWorld;
  beforeAll(async () => {
    w = await startCrashWorld({ facebook: `act_${FB}`, tiktok: TT });
  }, 90_000);
  afterAll(async () => {
    await w.close();
  });


  const async = () => ({ ...w.alice, prefer: 'respond-async' });
  const fbNamed = (list: string, name: string) => w.fb.state.store.list(list).items.filter((o) => o.data.name === name);
  const ttNamed = (store: Map<string, Entity>, name: string) => [...store.values()].filter((e) => e.name === name);

  it('Meta campaign: exactly one campaign, and the job answers its id', async () => {
    const name = uniq('Crash campaign');
    const { job, creates } = await w.crashAfterAccept(w.fb, /\/act_\d+\/campaigns$/, () =>
      http(w.app.url, 'POST', '/api/v1/facebook/campaigns/traffic', {
        headers: async(),
        body: { adAccountId: `act_${FB}`, name, special_ad_categories: [], is_adset_budget_sharing_enabled: false },
      }),
    );
    expect(job.state).toBe('completed');
    const found = fbNamed(listKey.account(FB, 'campaigns'), name);
    expect(found).toHaveLength(1);
    expect(job.result.id).toBe(found[0]!.id);
    expect(creates).toBe(1);
  }, 400_000);

  it('Meta lead form: exactly one form on the page (whose list has no name filter), and the job answers its id', async () => {
    const name = uniq('Crash form');
    const page = PAGES.alice[1]!;
    const { job, creates } = await w.crashAfterAccept(w.fb, new RegExp(`/${page}/leadgen_forms$`), () =>
      http(w.app.url, 'POST', '/api/v1/facebook/lead-form', {
        headers: async(),
        body: { adAccountId: `act_${FB}`, pageId: page, name, questions: [{ type: 'EMAIL' }], privacy_policy: { url: 'https://example.test/privacy' } },
      }),
    );
    expect(job.state).toBe('completed');
    const found = fbNamed(listKey.node(page, 'leadgen_forms'), name);
    expect(found).toHaveLength(1);
    expect(job.result.id).toBe(found[0]!.id);
    expect(creates).toBe(1);
  }, 400_000);

  it('TikTok ad (ad/create): exactly one ad in the ad group, and the job answers its id', async () => {
    const adgroup = [...w.tt.state.adgroups.byId.values()].find((g) => g.advertiserId === TT && g.status === 'ENABLE')!;
    const name = uniq('Crash ad');
    const { job, creates } = await w.crashAfterAccept(w.tt, /\/ad\/create\/$/, () =>
      http(w.app.url, 'POST', '/api/v1/tiktok/assets', { headers: async(), body: { adAccountId: TT, ad: { adgroupId: adgroup.id, creatives: [creative(name)] } } }),
    );
    expect(job.state).toBe('completed');
    const found = ttNamed(w.tt.state.ads.byId, name);
    expect(found).toHaveLength(1);
    expect(found[0]!.parentId).toBe(adgroup.id);
    expect(job.result.ad_ids).toEqual([found[0]!.id]);
    expect(creates).toBe(1);
  }, 400_000);

  it('TikTok Smart+ ad (smart_plus/ad/create): exactly one Smart+ ad, and the job answers its id', async () => {
    const adgroup = [...w.tt.state.spAdgroups.byId.values()].find((g) => g.advertiserId === TT)!;
    const name = uniq('Crash smart ad');
    const { job, creates } = await w.crashAfterAccept(w.tt, /\/smart_plus\/ad\/create\/$/, () =>
      http(w.app.url, 'POST', '/api/v1/tiktok/smart/ads', {
        headers: async(),
        body: {
          adAccountId: TT, adgroupId: adgroup.id, adName: name,
          creativeList: [{ creativeInfo: { adFormat: 'SINGLE_VIDEO', identityType: 'CUSTOMIZED_USER', identityId: '7000001', videoInfo: { videoId: 'v9' } } }],
        },
      }),
    );
    expect(job.state).toBe('completed');
    const found = ttNamed(w.tt.state.spAds.byId as Map<string, Entity>, name);
    expect(found).toHaveLength(1);
    expect(job.result.smart_plus_ad_id).toBe(found[0]!.id);
    expect(creates).toBe(1);
  }, 400_000);
});

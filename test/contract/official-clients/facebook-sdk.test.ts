/**
 * Meta's own Node client (facebook-nodejs-business-sdk, installed) judging the Graph simulator.
 * The SDK has no base-URL option: its host is the static getter FacebookAdsApi.GRAPH
 * (src/api.js), which this test redefines to the simulator's address. The newest SDK on the npm
 * registry (24.0.1) still speaks v24.0, which Meta retired on 2026-11-10: run as published it gets
 * Meta's deprecated-version answer, and with its VERSION getter set to the gateway's version it
 * judges the rest.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const sdk = require('facebook-nodejs-business-sdk');
import { ACCOUNTS, wellKnownToken } from '../../simulators/facebook';
import { simPerFile } from '../facebook/fb-client';
import { GRAPH_VERSION } from '../../api/facebook/fixtures';

const { FacebookAdsApi, AdAccount, Campaign, User } = sdk;
const ACT = `act_${ACCOUNTS.alice[0]}`;

describe('facebook-nodejs-business-sdk against the Graph simulator', () => {
  const { sim } = simPerFile();
  let graph: PropertyDescriptor | undefined;
  let version: PropertyDescriptor | undefined;
  const speak = (v: string | undefined) => Object.defineProperty(FacebookAdsApi, 'VERSION', v ? { get: () => v, configurable: true } : version!);
  beforeAll(() => {
    graph = Object.getOwnPropertyDescriptor(FacebookAdsApi, 'GRAPH');
    version = Object.getOwnPropertyDescriptor(FacebookAdsApi, 'VERSION');
    Object.defineProperty(FacebookAdsApi, 'GRAPH', { get: () => sim.baseUrl, configurable: true });
    FacebookAdsApi.init(wellKnownToken('alice'));
  });
  afterAll(() => {
    if (graph) Object.defineProperty(FacebookAdsApi, 'GRAPH', graph);
    if (version) Object.defineProperty(FacebookAdsApi, 'VERSION', version);
  });

  it('as published (v24.0, retired) gets the deprecated-version error (#2635)', async () => {
    speak(undefined);
    expect(FacebookAdsApi.VERSION).toBe('v24.0');
    await expect(new AdAccount(ACT).read(['name'])).rejects.toMatchObject({ name: 'FacebookRequestError', response: expect.objectContaining({ code: 2635 }) });
  });

  it('reads, pages, creates, changes status, reads insights and parses errors', async () => {
    speak(GRAPH_VERSION);
    const me = new User('me');
    const accounts = await me.getAdAccounts(['account_id', 'name']);
    expect(accounts.map((a: { account_id: string }) => a.account_id)).toContain(ACCOUNTS.alice[0]);

    const account = new AdAccount(ACT);
    const read = await account.read(['name', 'currency', 'account_status']);
    expect(read._data).toMatchObject({ id: ACT, currency: 'USD', account_status: 1 });

    const page1 = await account.getCampaigns(['name', 'status'], { limit: 2 });
    expect(page1).toHaveLength(2);
    expect(page1.hasNext()).toBe(true);
    // The SDK's cursor refills itself in place on next(): keep the first page's ids first.
    const firstIds = page1.map((c: { id: string }) => c.id);
    const page2 = await page1.next();
    expect(page2.length).toBeGreaterThan(0);
    expect(firstIds).not.toContain(page2[0].id);

    const created = await account.createCampaign([], { name: 'SDK campaign', objective: 'OUTCOME_TRAFFIC', status: 'PAUSED', special_ad_categories: [], is_adset_budget_sharing_enabled: false });
    expect(created.id).toMatch(/^\d+$/);
    const campaign = new Campaign(created.id);
    await campaign.update([], { status: 'ACTIVE' });
    expect((await campaign.get(['status']))._data.status).toBe('ACTIVE');

    const adsets = await account.getAdSets(['name'], { limit: 5 });
    expect(adsets.length).toBeGreaterThan(0);
    const ads = await account.getAds(['name'], { limit: 5 });
    expect(ads.length).toBeGreaterThan(0);
    const pixels = await account.getAdsPixels(['name', 'creation_time']);
    expect(pixels[0]._data).toMatchObject({ name: expect.any(String), creation_time: expect.any(String) });

    const insights = await account.getInsights(['impressions', 'spend'], { date_preset: 'last_7d' });
    expect(insights[0]._data).toMatchObject({ impressions: expect.any(String), spend: expect.any(String) });

    await expect(account.read(['no_such_field'])).rejects.toMatchObject({ name: 'FacebookRequestError', status: 400, response: expect.objectContaining({ code: 100 }) });
  });
});

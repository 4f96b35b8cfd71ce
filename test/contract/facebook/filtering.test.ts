import { ACCOUNTS, PAGES } from '../../simulators/facebook';
import { simPerFile } from './fb-client';

const ACT = `act_${ACCOUNTS.alice[0]}`;
const nobody = [{ field: 'name', operator: 'EQUAL', value: 'no object has this name' }];

/*
 * Meta documents `filtering` (list of {field, operator, value}) only on some edges: the ad account's
 * campaigns, adsets and ads (https://developers.facebook.com/docs/marketing-api/reference/ad-account/campaigns/,
 * …/ad-account/adsets/, …/ad-account/ads/), insights, and customaudiences (facebook-python-business-sdk
 * facebook_business/adobjects/adaccount.py lists `filtering` in the param_types of get_campaigns,
 * get_ad_sets, get_ads, get_insights and get_custom_audiences). get_ad_creatives has no params,
 * get_ads_pixels only sort_by, get_custom_conversions none, and page.py get_lead_gen_forms none. Graph
 * ignores a parameter an edge doesn't take, so there the list comes back unfiltered.
 */
describe('facebook simulator: filtering only where Meta documents it', () => {
  const { fb } = simPerFile();

  it.each(['campaigns', 'adsets', 'ads', 'customaudiences'])('%s honours filtering', async (edge) => {
    const all = await fb.get(`${ACT}/${edge}`, { fields: 'id,name' });
    expect(all.body.data.length).toBeGreaterThan(0);
    const none = await fb.get(`${ACT}/${edge}`, { fields: 'id,name', filtering: nobody });
    expect(none.status).toBe(200);
    expect(none.body.data).toEqual([]);
    const one = all.body.data[0];
    const same = await fb.get(`${ACT}/${edge}`, { fields: 'id,name', filtering: [{ field: 'name', operator: 'EQUAL', value: one.name }] });
    expect(same.body.data.map((o: { id: string }) => o.id)).toContain(one.id);
  });

  it.each(['adcreatives', 'adspixels', 'customconversions'])('%s ignores filtering and answers the unfiltered list', async (edge) => {
    const all = await fb.get(`${ACT}/${edge}`, { fields: 'id,name' });
    expect(all.body.data.length).toBeGreaterThan(0);
    const filtered = await fb.get(`${ACT}/${edge}`, { fields: 'id,name', filtering: nobody });
    expect(filtered.status).toBe(200);
    expect(filtered.body.data).toEqual(all.body.data);
  });

  it('a page\'s leadgen_forms ignore filtering (with a page token)', async () => {
    const page = await fb.get(PAGES.alice[0], { fields: 'access_token' });
    const token = page.body.access_token as string;
    expect(token).toEqual(expect.any(String));
    const all = await fb.get(`${PAGES.alice[0]}/leadgen_forms`, { fields: 'id,name', access_token: token });
    expect(all.body.data.length).toBeGreaterThan(0);
    const filtered = await fb.get(`${PAGES.alice[0]}/leadgen_forms`, { fields: 'id,name', filtering: nobody, access_token: token });
    expect(filtered.body.data).toEqual(all.body.data);
  });

  it('a malformed filtering is still refused where the edge takes it', async () => {
    const bad = await fb.get(`${ACT}/campaigns`, { filtering: [{ field: 'name', operator: 'LIKE', value: 'x' }] });
    expect(bad.status).toBe(400);
  });
});

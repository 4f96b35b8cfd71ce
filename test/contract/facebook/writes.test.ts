import { ACCOUNTS, PAGES, wellKnownToken } from '../../simulators/facebook';
import { FbClient, mintToken, simPerFile } from './fb-client';

const ACT = `act_${ACCOUNTS.alice[1]}`;

describe('facebook simulator: writes are stored and visible to later reads', () => {
  const campaignParams = { objective: 'OUTCOME_LEADS', status: 'PAUSED', special_ad_categories: [], is_adset_budget_sharing_enabled: false };
  const { sim, fb } = simPerFile();

  it('creates a campaign (form-encoded, JSON inside fields) and finds it by name with filtering EQUAL', async () => {
    const created = await fb.post(`${ACT}/campaigns`, { name: 'gw-job-123', ...campaignParams });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ id: expect.stringMatching(/^\d+$/) });
    const read = await fb.get(created.body.id, { fields: 'id,account_id,name,objective,status,effective_status,special_ad_categories' });
    expect(read.body).toEqual({ id: created.body.id, account_id: ACCOUNTS.alice[1], name: 'gw-job-123', objective: 'OUTCOME_LEADS', status: 'PAUSED', effective_status: 'PAUSED', special_ad_categories: [] });
    const found = await fb.get(`${ACT}/campaigns`, { filtering: [{ field: 'name', operator: 'EQUAL', value: 'gw-job-123' }], fields: 'id,name' });
    expect(found.body.data).toEqual([{ id: created.body.id, name: 'gw-job-123' }]);
    const none = await fb.get(`${ACT}/campaigns`, { filtering: [{ field: 'name', operator: 'EQUAL', value: 'gw-job-999' }] });
    expect(none.body).toEqual({ data: [] });
  });

  it('accepts a JSON body as well as form encoding', async () => {
    const res = await fetch(`${sim.baseUrl}/v25.0/${ACT}/campaigns`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${wellKnownToken('alice')}` },
      body: JSON.stringify({ name: 'json body', ...campaignParams }),
    });
    expect(res.status).toBe(200);
    const { id } = JSON.parse(await res.text());
    expect((await fb.get(id, { fields: 'name' })).body.name).toBe('json body');
  });

  it('rejects invalid creates with the real error shapes', async () => {
    const noObjective = await fb.post(`${ACT}/campaigns`, { name: 'x', status: 'PAUSED', special_ad_categories: [] });
    expect(noObjective.status).toBe(400);
    expect(noObjective.body.error).toMatchObject({ code: 100, type: 'OAuthException' });
    const badEnum = await fb.post(`${ACT}/campaigns`, { ...campaignParams, name: 'x', objective: 'LINK_CLICKS' });
    expect(badEnum.body.error.message).toMatch(/^\(#100\) Param objective must be one of \{OUTCOME_APP_PROMOTION/);
    const noSharing = await fb.post(`${ACT}/campaigns`, { name: 'x', objective: 'OUTCOME_LEADS', status: 'PAUSED', special_ad_categories: [] });
    expect(noSharing.body.error).toMatchObject({ code: 100, error_user_msg: 'Must specify True or False in is_adset_budget_sharing_enabled field' });
    expect(JSON.parse(noSharing.body.error.error_data)).toEqual({ blame_field_specs: [['is_adset_budget_sharing_enabled']] });
    const validateOnly = await fb.post(`${ACT}/campaigns`, { name: 'dry-run', ...campaignParams, execution_options: ['validate_only'] });
    expect(validateOnly.body).toEqual({ success: true });
    expect((await fb.get(`${ACT}/campaigns`, { filtering: [{ field: 'name', operator: 'EQUAL', value: 'dry-run' }] })).body.data).toEqual([]);
  });

  it('builds campaign → ad set → creative → ad, enforcing CBO budget rules and same-account parents', async () => {
    const cbo = await fb.post(`${ACT}/campaigns`, { name: 'cbo', objective: 'OUTCOME_TRAFFIC', status: 'ACTIVE', special_ad_categories: ['NONE'], daily_budget: 5000 });
    const targeting = { geo_locations: { countries: ['US'] }, age_min: 21 };
    const clash = await fb.post(`${ACT}/adsets`, { name: 'as', campaign_id: cbo.body.id, billing_event: 'IMPRESSIONS', optimization_goal: 'LINK_CLICKS', targeting, daily_budget: 1000, status: 'ACTIVE' });
    expect(clash.body.error).toMatchObject({ code: 100, error_subcode: 1885621 });
    const adset = await fb.post(`${ACT}/adsets`, { name: 'as', campaign_id: cbo.body.id, billing_event: 'IMPRESSIONS', optimization_goal: 'LINK_CLICKS', targeting, status: 'ACTIVE', start_time: '2026-12-01T10:00:00+0000' });
    expect(adset.status).toBe(200);
    const readAdset = await fb.get(adset.body.id, { fields: 'campaign_id,targeting,start_time,account_id' });
    expect(readAdset.body).toEqual({ id: adset.body.id, campaign_id: cbo.body.id, targeting, start_time: '2026-12-01T11:00:00+0100', account_id: ACCOUNTS.alice[1] });

    const foreignCampaign = (await new FbClient(sim.baseUrl, wellKnownToken('alice')).get(`act_${ACCOUNTS.alice[0]}/campaigns`)).body.data[0].id;
    const foreign = await fb.post(`${ACT}/adsets`, { name: 'as', campaign_id: foreignCampaign, billing_event: 'IMPRESSIONS', optimization_goal: 'LINK_CLICKS', targeting, status: 'ACTIVE' });
    expect(foreign.body.error).toMatchObject({ code: 100 });

    const creative = await fb.post(`${ACT}/adcreatives`, { name: 'cr', object_story_spec: { page_id: PAGES.alice[0], link_data: { link: 'https://x.test', message: 'm', call_to_action: { type: 'SIGN_UP' } } } });
    expect(creative.body.id).toMatch(/^\d+$/);
    const ad = await fb.post(`${ACT}/ads`, { name: 'ad-1', adset_id: adset.body.id, creative: { creative_id: creative.body.id }, status: 'PAUSED' });
    const readAd = await fb.get(ad.body.id, { fields: 'name,adset_id,campaign_id,creative{id,call_to_action_type},effective_status' });
    expect(readAd.body).toEqual({ id: ad.body.id, name: 'ad-1', adset_id: adset.body.id, campaign_id: cbo.body.id, creative: { id: creative.body.id, call_to_action_type: 'SIGN_UP' }, effective_status: 'PAUSED' });
    expect((await fb.get(`${adset.body.id}/ads`)).body.data).toEqual([{ id: ad.body.id }]);
    expect((await fb.get(`${cbo.body.id}/ads`)).body.data).toEqual([{ id: ad.body.id }]);
  });

  it('updates status with POST /{id}, deletes with DELETE /{id} (hidden from lists, readable as DELETED)', async () => {
    const { body } = await fb.post(`${ACT}/campaigns`, { name: 'to-delete', ...campaignParams });
    expect((await fb.post(body.id, { status: 'ACTIVE' })).body).toEqual({ success: true });
    expect((await fb.get(body.id, { fields: 'status,configured_status,effective_status' })).body).toEqual({ id: body.id, status: 'ACTIVE', configured_status: 'ACTIVE', effective_status: 'ACTIVE' });
    expect((await fb.post(body.id, { status: 'RUNNING' })).body.error.code).toBe(100);
    expect((await fb.del(body.id)).body).toEqual({ success: true });
    expect((await fb.get(body.id, { fields: 'status' })).body.status).toBe('DELETED');
    const listed = await fb.get(`${ACT}/campaigns`, { filtering: [{ field: 'name', operator: 'EQUAL', value: 'to-delete' }] });
    expect(listed.body.data).toEqual([]);
    const withDeleted = await fb.get(`${ACT}/campaigns`, { effective_status: ['DELETED'] });
    expect(withDeleted.body.data).toEqual([{ id: body.id }]);
  });

  it('copies an ad, an ad set (deep) and a campaign (deep) with the real answer shapes', async () => {
    const source = (await fb.get(`${ACT}/campaigns`, { filtering: [{ field: 'name', operator: 'CONTAIN', value: 'spring' }], fields: 'id' })).body.data[0].id;
    const adsets = (await fb.get(`${source}/adsets`)).body.data;
    const ad = (await fb.get(`${adsets[0].id}/ads`)).body.data[0].id;
    const adCopy = await fb.post(`${ad}/copies`, { status_option: 'PAUSED', rename_options: { rename_suffix: ' (2)' } });
    expect(adCopy.body).toEqual({ copied_ad_id: expect.stringMatching(/^\d+$/) });
    expect((await fb.get(adCopy.body.copied_ad_id, { fields: 'name,status,adset_id' })).body).toMatchObject({ name: expect.stringMatching(/ \(2\)$/), status: 'PAUSED', adset_id: adsets[0].id });

    const setCopy = await fb.post(`${adsets[0].id}/copies`, { deep_copy: true, status_option: 'PAUSED' });
    expect(setCopy.body).toEqual({ copied_adset_id: expect.any(String), ad_object_ids: expect.any(Array) });
    expect(setCopy.body.ad_object_ids[0]).toEqual({ ad_object_type: 'ad_set', source_id: adsets[0].id, copied_id: setCopy.body.copied_adset_id });
    expect(setCopy.body.ad_object_ids.filter((o: any) => o.ad_object_type === 'ad')).toHaveLength(3);

    // the deep ad set copy above landed in the same campaign, which now has 3 ad sets
    const campCopy = await fb.post(`${source}/copies`, { deep_copy: true });
    expect(campCopy.body.copied_campaign_id).toMatch(/^\d+$/);
    const types = campCopy.body.ad_object_ids.map((o: any) => o.ad_object_type);
    expect(types.filter((t: string) => t === 'ad_set')).toHaveLength(3);
    expect((await fb.get(`${campCopy.body.copied_campaign_id}/adsets`)).body.data).toHaveLength(3);
    expect((await fb.get(`${campCopy.body.copied_campaign_id}/ads`)).body.data).toHaveLength(types.filter((t: string) => t === 'ad').length);
  });

  it('creates a lookalike from a seed audience, a pixel and a custom conversion', async () => {
    const seedAudience = (await fb.get(`${ACT}/customaudiences`, { fields: 'id,subtype' })).body.data.find((a: any) => a.subtype === 'CUSTOM').id;
    const lal = await fb.post(`${ACT}/customaudiences`, { name: 'lal 2%', subtype: 'LOOKALIKE', origin_audience_id: seedAudience, lookalike_spec: { type: 'custom_ratio', ratio: 0.02, country: 'GB' } });
    expect(lal.body).toEqual({ id: expect.any(String) });
    expect((await fb.get(lal.body.id, { fields: 'subtype,lookalike_spec,account_id' })).body).toMatchObject({ subtype: 'LOOKALIKE', lookalike_spec: { ratio: 0.02, country: 'GB' }, account_id: ACCOUNTS.alice[1] });
    const badRatio = await fb.post(`${ACT}/customaudiences`, { name: 'lal', subtype: 'LOOKALIKE', origin_audience_id: seedAudience, lookalike_spec: { ratio: 0.5, country: 'GB' } });
    expect(badRatio.body.error.code).toBe(100);

    const px = await fb.post(`${ACT}/adspixels`, { name: 'new pixel' });
    expect((await fb.get(`${ACT}/adspixels`, { fields: 'name' })).body.data[0]).toEqual({ id: px.body.id, name: 'new pixel' });
    const cc = await fb.post(`${ACT}/customconversions`, { name: 'thanks', event_source_id: px.body.id, custom_event_type: 'LEAD', rule: JSON.stringify({ url: { i_contains: 'thank-you' } }) });
    expect((await fb.get(cc.body.id, { fields: 'name,pixel,custom_event_type,rule' })).body).toEqual({ id: cc.body.id, name: 'thanks', pixel: { id: px.body.id }, custom_event_type: 'LEAD', rule: '{"url":{"i_contains":"thank-you"}}' });
  });

  it('requires the page access token for lead forms: user token → 190, page token creates and lists', async () => {
    const page = PAGES.alice[0];
    const userTry = await fb.get(`${page}/leadgen_forms`);
    expect(userTry.status).toBe(400);
    expect(userTry.body.error).toMatchObject({ code: 190, message: '(#190) This method must be called with a Page Access Token', type: 'OAuthException' });
    const pageToken = (await fb.get('me/accounts')).body.data.find((p: any) => p.id === page).access_token;
    const pf = new FbClient(sim.baseUrl, pageToken);
    const form = await pf.post(`${page}/leadgen_forms`, { name: 'Form A', questions: [{ type: 'FULL_NAME' }, { type: 'EMAIL' }], privacy_policy: { url: 'https://x.test/p', link_text: 'Privacy' }, follow_up_action_url: 'https://x.test' });
    expect(form.body).toEqual({ id: expect.any(String) });
    const list = await pf.get(`${page}/leadgen_forms`, { fields: 'id,name,status,locale,created_time,questions' });
    expect(list.body.data[0]).toMatchObject({ id: form.body.id, name: 'Form A', status: 'ACTIVE', locale: 'EN_US', created_time: expect.stringMatching(/\+0000$/) });
    expect((await pf.post(form.body.id, { status: 'ARCHIVED' })).body).toEqual({ success: true });
    expect((await pf.get(form.body.id, { fields: 'status' })).body.status).toBe('ARCHIVED');
    const otherPage = await pf.get(`${PAGES.alice[1]}/leadgen_forms`);
    expect(otherPage.body.error).toMatchObject({ code: 100, error_subcode: 33 });
    const seededForm = list.body.data.find((f: any) => f.id !== form.body.id).id;
    const leads = await pf.get(`${seededForm}/leads`, { fields: 'id,created_time,form_id,field_data' });
    expect(leads.body.data).toHaveLength(3);
    expect(leads.body.data[0].field_data[0]).toEqual({ name: 'full_name', values: [expect.any(String)] });
  });

  it('answers 294 to a write with a token lacking ads_management', async () => {
    const t = await mintToken(sim.baseUrl, { scopes: ['ads_read'] });
    const res = await new FbClient(sim.baseUrl, t.access_token).post(`${ACT}/campaigns`, { name: 'x', ...campaignParams });
    expect(res.body.error).toMatchObject({ code: 294, type: 'OAuthException' });
    expect((await new FbClient(sim.baseUrl, t.access_token).get(`${ACT}/campaigns`)).status).toBe(200);
  });
});

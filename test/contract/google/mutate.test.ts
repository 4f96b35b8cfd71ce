import { adsError, call, mintToken, mutate, search, start, type Sim } from './google-sim.helpers';

const C = '1000000001';
const names = async (sim: Sim, token: string, where = '') =>
  ((await search(sim, token, C, { query: `SELECT campaign.name, campaign.status FROM campaign ${where}` })).body.results ?? []).map(
    (r: any) => `${r.campaign.name}:${r.campaign.status}`,
  );

describe('google simulator campaigns:mutate (docs/platforms/google.md §8)', () => {
  let sim: Sim;
  let alice: string;
  beforeAll(async () => {
    sim = await start();
    alice = (await mintToken(sim, 'alice')).access_token;
  });
  afterAll(() => sim.close());
  beforeEach(() => call(sim, 'POST', '/__sim/reset'));

  it('create returns resourceNames and later searches see the campaign; update with updateMask and remove are visible too', async () => {
    const c = await mutate(sim, alice, C, { operations: [{ create: { name: 'Winter', advertisingChannelType: 'SEARCH', status: 'PAUSED', manualCpc: {} } }] });
    expect(c.status).toBe(200);
    expect(c.body).toEqual({ results: [{ resourceName: expect.stringMatching(/^customers\/1000000001\/campaigns\/\d+$/) }] });
    const rn = c.body.results[0].resourceName;
    expect(await names(sim, alice, "WHERE campaign.name = 'Winter'")).toEqual(['Winter:PAUSED']);

    const u = await mutate(sim, alice, C, { operations: [{ update: { resourceName: rn, status: 'ENABLED', name: 'Winter 2' }, updateMask: 'status,name' }] });
    expect(u.body).toEqual({ results: [{ resourceName: rn }] });
    expect(await names(sim, alice, `WHERE campaign.resource_name = '${rn}'`)).toEqual(['Winter 2:ENABLED']);

    const r = await mutate(sim, alice, C, { operations: [{ remove: rn }] });
    expect(r.body).toEqual({ results: [{ resourceName: rn }] });
    expect(await names(sim, alice, `WHERE campaign.resource_name = '${rn}'`)).toEqual(['Winter 2:REMOVED']);
    const again = await mutate(sim, alice, C, { operations: [{ update: { resourceName: rn, name: 'x' }, updateMask: 'name' }] });
    expect(adsError(again.body).errorCode).toEqual({ campaignError: 'CANNOT_MODIFY_REMOVED_CAMPAIGN' });
  });

  it('without partialFailure one bad operation fails the whole request and nothing is written', async () => {
    const before = await names(sim, alice);
    const r = await mutate(sim, alice, C, {
      operations: [{ create: { name: 'Fine', advertisingChannelType: 'SEARCH' } }, { create: { name: 'Brand', advertisingChannelType: 'SEARCH' } }],
    });
    expect(r.status).toBe(400);
    expect(adsError(r.body)).toEqual({
      errorCode: { campaignError: 'DUPLICATE_CAMPAIGN_NAME' },
      message: expect.any(String),
      trigger: { stringValue: 'Brand' },
      location: { fieldPathElements: [{ fieldName: 'operations', index: 1 }, { fieldName: 'create' }, { fieldName: 'name' }] },
    });
    expect(await names(sim, alice)).toEqual(before);
  });

  it('with partialFailure the good operations apply, failed ones return {} and partialFailureError names them', async () => {
    const r = await mutate(sim, alice, C, {
      partialFailure: true,
      operations: [{ create: { name: 'Fine', advertisingChannelType: 'SEARCH' } }, { create: { advertisingChannelType: 'SEARCH' } }],
    });
    expect(r.status).toBe(200);
    expect(r.body.results).toEqual([{ resourceName: expect.stringMatching(/campaigns\/\d+$/) }, {}]);
    expect(r.body.partialFailureError).toMatchObject({ code: 3, message: expect.stringContaining('operations[1].create.name') });
    const failure = r.body.partialFailureError.details[0];
    expect(failure['@type']).toMatch(/errors\.GoogleAdsFailure$/);
    expect(failure.errors[0]).toMatchObject({ errorCode: { requestError: 'REQUIRED_FIELD_MISSING' }, location: { fieldPathElements: [{ fieldName: 'operations', index: 1 }, { fieldName: 'create' }, { fieldName: 'name' }] } });
    expect(await names(sim, alice, "WHERE campaign.name = 'Fine'")).toEqual(['Fine:ENABLED']);
  });

  it('validateOnly checks but writes nothing; MUTABLE_RESOURCE returns the campaign', async () => {
    const v = await mutate(sim, alice, C, { validateOnly: true, operations: [{ create: { name: 'Dry', advertisingChannelType: 'DISPLAY' } }] });
    expect(v).toMatchObject({ status: 200, body: {} });
    expect(await names(sim, alice, "WHERE campaign.name = 'Dry'")).toEqual([]);
    const full = await mutate(sim, alice, C, { responseContentType: 'MUTABLE_RESOURCE', operations: [{ create: { name: 'Wet', advertisingChannelType: 'DISPLAY', targetSpend: {} } }] });
    expect(full.body.results[0].campaign).toMatchObject({ name: 'Wet', status: 'ENABLED', advertisingChannelType: 'DISPLAY', biddingStrategyType: 'TARGET_SPEND', id: expect.stringMatching(/^\d+$/), startDateTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} 00:00:00$/) });
  });

  it('update needs an updateMask, targets existing campaigns, and bad enum values are refused as invalid JSON values', async () => {
    const list = (await search(sim, alice, C, { query: 'SELECT campaign.resource_name FROM campaign' })).body.results;
    const rn = list[0].campaign.resourceName;
    const noMask = await mutate(sim, alice, C, { operations: [{ update: { resourceName: rn, name: 'x' } }] });
    expect(adsError(noMask.body).errorCode).toEqual({ fieldMaskError: 'FIELD_MASK_MISSING' });
    const missing = await mutate(sim, alice, C, { operations: [{ remove: 'customers/1000000001/campaigns/1' }] });
    expect(adsError(missing.body).errorCode).toEqual({ mutateError: 'RESOURCE_NOT_FOUND' });
    const badEnum = await mutate(sim, alice, C, { operations: [{ create: { name: 'E', advertisingChannelType: 'RADIO' } }] });
    expect(badEnum.status).toBe(400);
    expect(badEnum.body.error.details[0]['@type']).toBe('type.googleapis.com/google.rpc.BadRequest');
  });

  it('POST /__sim/reset restores the seeded campaigns', async () => {
    await mutate(sim, alice, C, { operations: [{ create: { name: 'Temp', advertisingChannelType: 'SEARCH' } }] });
    await call(sim, 'POST', '/__sim/reset');
    expect(await names(sim, alice)).toEqual(['Brand:ENABLED', 'Generic:ENABLED', 'Retargeting:PAUSED']);
  });
});

// Runs TikTok's official JS SDK (tiktok-business-api-sdk-official, an ES module jest cannot load
// here) against a simulator whose base URL is argv[2]; prints one JSON line per call.
import * as sdk from 'tiktok-business-api-sdk-official';

const [, , base, token, advertiser] = process.argv;
const client = sdk.ApiClient.instance;
client.basePath = base; // the SDK's documented host setting (src/ApiClient.js basePath)
const call = (fn) =>
  new Promise((resolve) => fn((error, data, response) => resolve({ error: error ? { status: error.status, message: String(error.message) } : null, body: response?.body ?? data })));

const campaigns = new sdk.CampaignCreationApi(client);
const adgroups = new sdk.AdgroupApi(client);
const ads = new sdk.AdApi(client);
const measurement = new sdk.MeasurementApi(client);
const out = {};
out.page1 = await call((cb) => campaigns.campaignGet(advertiser, token, { page: 1, page_size: 2 }, cb));
out.page2 = await call((cb) => campaigns.campaignGet(advertiser, token, { page: 2, page_size: 2 }, cb));
out.create = await call((cb) => campaigns.campaignCreate(token, { body: { advertiser_id: advertiser, campaign_name: 'SDK campaign', objective_type: 'TRAFFIC', budget_mode: 'BUDGET_MODE_INFINITE', request_id: String(Date.now()) } }, cb));
const id = out.create.body?.data?.campaign_id;
out.status = await call((cb) => campaigns.campaignStatusUpdate(token, { body: { advertiser_id: advertiser, campaign_ids: [id], operation_status: 'DISABLE' } }, cb));
out.readBack = await call((cb) => campaigns.campaignGet(advertiser, token, { filtering: JSON.stringify({ campaign_ids: [id] }) }, cb));
out.adgroups = await call((cb) => adgroups.adgroupGet(advertiser, token, { page_size: 5 }, cb));
out.ads = await call((cb) => ads.adGet(advertiser, token, { page_size: 5 }, cb));
out.smart = await call((cb) => campaigns.smartPlusCampaignGet(advertiser, token, {}, cb));
out.pixels = await call((cb) => measurement.pixelList(advertiser, token, {}, cb));
out.badToken = await call((cb) => campaigns.campaignGet(advertiser, 'not-a-token', {}, cb));
out.badAdvertiser = await call((cb) => campaigns.campaignGet('1', token, {}, cb));
process.stdout.write(JSON.stringify(out));

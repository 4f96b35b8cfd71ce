import { ACCOUNTS } from '../../simulators/facebook';
import { useWorld } from '../../world';
import { undocumentedAnswer } from '../../helpers/openapi-answers';
import { FB_ENV } from './fixtures';

const A1 = ACCOUNTS.alice[0];

describe('Meta answers match the served OpenAPI document', () => {
  const w = useWorld({ platform: 'facebook', workers: true, env: FB_ENV }, async (w) => {
    await w.connect('facebook', { adAccountId: `act_${A1}` });
  });
  let doc: any;
  beforeAll(async () => {
    doc = (await w.call('GET', '/api/v1/openapi.json')).body;
  });

  /** Calls the route and returns where its answer breaks its documented schema. */
  const check = async (method: string, path: string, body?: unknown) => {
    const r = await w.call(method, path, { body });
    expect(r.status).toBe(200);
    return undocumentedAnswer(doc, method, path, r);
  };

  it('insights answered directly (no job started): both URL forms', async () => {
    for (const base of ['/api/v1/facebook/insights', '/api/v1/connections/facebook/insights']) {
      const path = `${base}?adAccountId=act_${A1}&level=campaign&fields=campaign_id,impressions&datePreset=last_7d&limit=2`;
      const r = await w.call('GET', path);
      expect(r.status).toBe(200);
      expect(r.body.jobId).toBeUndefined();
      expect(await undocumentedAnswer(doc, 'GET', path, r)).toEqual([]);
    }
  });

  it('execute of a read (answered directly) and of a write (through a job)', async () => {
    const read = await w.call('POST', '/api/v1/facebook/operations/execute', { body: { operation: 'facebookListCampaigns', params: { adAccountId: `act_${A1}`, limit: 1, fields: 'id,name' } } });
    expect(read.status).toBe(200);
    expect(read.body.jobId).toBeUndefined();
    expect(await undocumentedAnswer(doc, 'POST', '/api/v1/facebook/operations/execute', read)).toEqual([]);
    const write = await w.call('POST', '/api/v1/facebook/operations/execute', {
      body: { operation: 'facebookCreateCampaign', params: { objective: 'sales', adAccountId: A1, name: 'Checked against the document', special_ad_categories: [], is_adset_budget_sharing_enabled: false } },
    });
    expect(write.status).toBe(200);
    expect(write.body.jobId).toEqual(expect.any(String));
    expect(await undocumentedAnswer(doc, 'POST', '/api/v1/facebook/operations/execute', write)).toEqual([]);
  });

  it('documents and answers POST /campaigns/{lead|awareness|traffic|engagement|sales} as served', async () => {
    for (const objective of ['lead', 'awareness', 'traffic', 'engagement', 'sales']) {
      const problems = await check('POST', `/api/v1/facebook/campaigns/${objective}`, {
        adAccountId: A1, name: `By path ${objective}`, special_ad_categories: [], is_adset_budget_sharing_enabled: false,
      });
      expect(problems).toEqual([]);
      expect(doc.paths[`/api/v1/facebook/campaigns/${objective}`].post.requestBody.content['application/json'].schema).toBeDefined();
    }
  });
});

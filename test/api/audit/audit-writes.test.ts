import { ACCOUNTS } from '../../simulators/facebook';
import { eventually } from '../../helpers/eventually';
import { startWebhookReceiver, type WebhookReceiver } from '../../helpers/webhook-receiver';
import { http, useWorld, type JsonResponse } from '../../world';
import { FB_ENV } from '../facebook/fixtures';
import { ALICE_US as TT } from '../tiktok/fixtures';
import { G, gaqlPath } from '../google/fixtures';

/*
 * Accepted writes on each platform, through the real routes, jobs, workers and simulators: one audit
 * record per job, `accepted` with its job id, then `completed` with the platform object's id or
 * `failed` with the error code, and the `write.*` webhook events carrying the record.
 */
const FB = ACCOUNTS.alice[0]!;
const LI = '508000001';
let rx: WebhookReceiver;

const w = useWorld({ workers: true, env: { ...FB_ENV, WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WRITE_SYNC_TIMEOUT_MS: '15000' } }, async (w) => {
  rx = await startWebhookReceiver();
  const hook = await http(w.app.url, 'POST', '/api/v1/tenant/webhooks', { headers: { 'x-api-key': w.apiKey }, body: { url: rx.url, events: ['write.completed', 'write.failed'] } });
  expect(hook.status).toBe(201);
  await w.connect('facebook', { adAccountId: `act_${FB}` });
  await w.connect('tiktok', { adAccountId: TT, via: 'token' });
  const google = await w.consent('google');
  await w.connect('google', { adAccountId: G.aliceUs, through: google });
  await w.connect('linkedin', { adAccountId: LI });
  return {};
});
afterAll(() => rx?.close());

const audit = (q = '') => http(w.app.url, 'GET', `/api/v1/audit${q}`, { headers: { 'x-api-key': w.apiKey } });
const recordOf = async (jobId: string) => ((await audit('?limit=100')).body.data.items as any[]).find((r) => r.jobId === jobId);

/** The job's record once its job ended (the worker ends it in the statement that finishes the job). */
async function finishedRecord(jobId: string) {
  return eventually(() => recordOf(jobId), (r) => r !== undefined && r.outcome !== 'accepted', 10_000);
}

async function expectCompleted(r: JsonResponse, platform: string, operation: string, adAccountId: string, objectId: string) {
  expect(r.status).toBe(200);
  const record = await finishedRecord(r.body.jobId);
  expect(record).toMatchObject({
    outcome: 'completed', jobId: r.body.jobId, objectId, errorCode: null, platform, operation, adAccountId, surface: 'rest',
    principal: { kind: 'external-user', externalUserId: w.user.externalUserId },
    finishedAt: expect.any(String),
  });
  expect(record.requestId).toBe(r.headers.get('x-request-id'));
  expect(Date.parse(record.finishedAt)).toBeGreaterThanOrEqual(Date.parse(record.time));
  expect(record.before).toBeUndefined();
  const event = await rx.waitFor((x) => x.json.type === 'write.completed' && x.json.data.jobId === r.body.jobId);
  expect(event.json.data).toEqual(record);
  return record;
}

async function expectFailed(r: JsonResponse, platform: string) {
  expect(r.status).toBeGreaterThanOrEqual(400);
  const job = await w.call('GET', `/api/v1/jobs/${r.body.jobId}`);
  expect(job.body.data.state).toBe('failed');
  const record = await finishedRecord(r.body.jobId);
  expect(record).toMatchObject({ outcome: 'failed', platform, errorCode: job.body.data.error.code, objectId: null, finishedAt: expect.any(String) });
  expect(record.errorCode).toBe(r.body.error.code);
  const event = await rx.waitFor((x) => x.json.type === 'write.failed' && x.json.data.jobId === r.body.jobId);
  expect(event.json.data).toEqual(record);
}

describe('Meta: a campaign status update', () => {
  it('is recorded accepted with its job, then completed with the campaign id; a refused one ends failed', async () => {
    const id = (await w.call('GET', `/api/v1/facebook/campaigns?adAccountId=${FB}&limit=1&fields=id`)).body.data.data[0].id as string;
    const r = await w.call('POST', `/api/v1/facebook/campaigns/${id}/status`, { body: { adAccountId: `act_${FB}`, status: 'PAUSED' } });
    const record = await expectCompleted(r, 'facebook', 'facebook.update-status', FB, id);
    expect(record.params).toMatchObject({ status: 'PAUSED' });

    await w.sims.facebook!.injectError({ code: 100, path: `/${id}`, method: 'POST', count: 1 });
    await expectFailed(await w.call('POST', `/api/v1/facebook/campaigns/${id}/status`, { body: { adAccountId: FB, status: 'ACTIVE' } }), 'facebook');
  }, 60_000);
});

describe('TikTok: an assets status update', () => {
  it('completes with the first of the ids it changed; an id TikTok does not know ends failed NOT_FOUND', async () => {
    const campaign = '1800000000000000011';
    const r = await w.call('POST', '/api/v1/tiktok/assets/status', { body: { adAccountId: TT, level: 'campaign', ids: [campaign], status: 'ENABLE' } });
    await expectCompleted(r, 'tiktok', 'tiktok.assets.status', TT, campaign);

    const bad = await w.call('POST', '/api/v1/tiktok/assets/status', { body: { adAccountId: TT, level: 'campaign', ids: ['1899999999999999999'], status: 'DISABLE' } });
    expect(bad.body.error.code).toBe('NOT_FOUND');
    await expectFailed(bad, 'tiktok');
  }, 60_000);
});

describe('Google: a campaign status change', () => {
  it("completes with the campaign's resource name; a campaign Google does not have ends failed", async () => {
    const rows = await w.call('GET', gaqlPath({ adAccountId: G.aliceUs, query: 'SELECT campaign.id FROM campaign ORDER BY campaign.id LIMIT 1' }));
    const id = rows.body.data.data[0].campaign.id as string;
    const r = await w.call('POST', `/api/v1/google/campaigns/${id}/status`, { body: { adAccountId: G.aliceUs, status: 'PAUSED' } });
    await expectCompleted(r, 'google', 'google.campaign.status', G.aliceUs, `customers/${G.aliceUs}/campaigns/${id}`);
    await w.call('POST', `/api/v1/google/campaigns/${id}/status`, { body: { adAccountId: G.aliceUs, status: 'ENABLED' } });

    await expectFailed(await w.call('POST', '/api/v1/google/campaigns/987654321/status', { body: { adAccountId: G.aliceUs, status: 'PAUSED' } }), 'google');
  }, 60_000);
});

describe('LinkedIn: a campaign group create', () => {
  const body = (name: string) => ({ adAccountId: LI, name, runSchedule: { start: 1798761600000 }, totalBudget: { amount: '500.00', currencyCode: 'USD' } });

  it('completes with the new group id, and an Idempotency-Key replay records nothing new', async () => {
    const key = { 'idempotency-key': `audit-li-${Date.now()}` };
    const r = await w.call('POST', '/api/v1/linkedin/campaign-groups', { body: body('Audit launch'), headers: key });
    await expectCompleted(r, 'linkedin', 'linkedin.campaign-group.create', LI, r.body.data.id);
    const before = (await audit('?platform=linkedin&limit=100')).body.data.items.length;
    const replay = await w.call('POST', '/api/v1/linkedin/campaign-groups', { body: body('Audit launch'), headers: key });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.jobId).toBe(r.body.jobId);
    const after = (await audit('?platform=linkedin&limit=100')).body.data.items as any[];
    expect(after).toHaveLength(before);
    expect(after.filter((x) => x.jobId === r.body.jobId)).toHaveLength(1);
  }, 60_000);

  it('a create LinkedIn refuses ends failed with the error code', async () => {
    await w.sims.linkedin!.injectError({ status: 400, path: `/rest/adAccounts/${LI}/adCampaignGroups`, count: 1 });
    await expectFailed(await w.call('POST', '/api/v1/linkedin/campaign-groups', { body: body('Refused launch') }), 'linkedin');
  }, 60_000);
});

describe('the record of every job', () => {
  it('exists exactly once per write job of the tenant, and never for an import', async () => {
    const imported = await w.call('POST', '/api/v1/tiktok/import-ad-account', { body: { adAccountId: TT } });
    expect(imported.status).toBe(200);
    const sql = (q: string, p: unknown[]) => w.app.infra.orm.em.fork().getConnection().execute(q, p);
    const jobs = (await sql(`select id, type from jobs where tenant_id = ?`, [w.tenant.tenantId])) as { id: string; type: string }[];
    const records = (await sql(`select job_id from audit_records where tenant_id = ?`, [w.tenant.tenantId])) as { job_id: string }[];
    expect(records.map((r) => r.job_id).sort()).toEqual(jobs.filter((j) => j.type === 'write').map((j) => j.id).sort());
    expect(records.map((r) => r.job_id)).not.toContain(imported.body.jobId);
  }, 60_000);
});

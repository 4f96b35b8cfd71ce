import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createGatewayClient, GatewayError, type GatewayClient, type GatewayClientOptions, type GatewayErrorCode, type paths } from '../../clients/typescript/src';
import { openApiDocument } from '../../api/openapi-document';
import { authorize } from '../helpers/connections';
import { startWorld, type TestApp, type World } from '../world';
import { SIM_APPS } from '../helpers/identity';
import { ACCOUNTS } from '../simulators/facebook';

/*
 * The sandbox driven only through clients/typescript, as a customer would: every gateway call goes
 * through the client; only the OAuth consent (the user's browser on the platform's dialog) is not
 * an API call. The steps build on each other, in order.
 */

const TIKTOK = '7000000000000000011';
const META = `act_${ACCOUNTS.alice[0]}`;
const GOOGLE = '1000000001';

/** The GatewayError a call fails with; anything else fails the test. */
async function failure(call: Promise<unknown>): Promise<GatewayError> {
  try {
    await call;
  } catch (e) {
    if (e instanceof GatewayError) return e;
    throw e;
  }
  throw new Error('expected a GatewayError');
}

/** A fetch that records what went over the wire. */
function recorder() {
  const sent: { method: string; path: string; status: number; idempotencyKey: string | null }[] = [];
  const send = async (r: Request) => {
    const idempotencyKey = r.headers.get('idempotency-key');
    const res = await fetch(r);
    sent.push({ method: r.method, path: new URL(r.url).pathname, status: res.status, idempotencyKey });
    return res;
  };
  return { sent, fetch: send };
}

type CampaignBody = NonNullable<paths['/api/v1/facebook/campaigns']['post']['requestBody']>['content']['application/json'];
const campaignBody = (name: string): CampaignBody => ({ adAccountId: META, name, objective: 'OUTCOME_TRAFFIC', special_ad_categories: [], is_adset_budget_sharing_enabled: false });

describe('clients/typescript drives the sandbox', () => {
  let w: World;
  let app: TestApp;
  let gw: GatewayClient;
  let apiKey: string;
  let aliceToken: string;
  let alice: GatewayClient;
  /** Alice's client with other options (a recording fetch). */
  const aliceWith = (o: Partial<GatewayClientOptions>) => createGatewayClient({ baseUrl: app.url, auth: { bearer: aliceToken }, ...o });
  let importJobId: string;

  beforeAll(async () => {
    // No tenant: the tests sign up through the client.
    w = await startWorld({ tenant: false, workers: true, env: { WRITE_SYNC_TIMEOUT_MS: '10000', RATE_LIMIT_PER_MINUTE: '100000', HTTP_MAX_RETRIES: '0' } });
    app = w.app;
    gw = createGatewayClient({ baseUrl: app.url });
  }, 60_000);
  afterAll(async () => {
    await w?.close();
  });

  const signUp = () => {
    const tag = randomBytes(4).toString('hex');
    const password = `Pw-${randomBytes(9).toString('base64url')}`;
    return gw.unwrap(gw.POST('/api/v1/tenants', { body: { email: `owner-${tag}@example.test`, password, name: `Owner ${tag}`, tenantName: `Tenant ${tag}` } }));
  };

  /** auth-url through the client, consent in the "browser", activation through the client. */
  async function connect(user: GatewayClient, platform: 'facebook' | 'tiktok' | 'google', adAccountId: string) {
    const redirectUri = new URL('/connection-result', app.url).toString();
    const { url } = await user.unwrap(user.POST('/api/v1/connections/{platform}/auth-url', { params: { path: { platform } }, body: { redirectUri } }));
    const landed = await fetch(await authorize(url, { sim_user: 'alice' }), { redirect: 'manual' });
    await landed.body?.cancel();
    expect(new URL(landed.headers.get('location') ?? 'about:blank').searchParams.get('status')).toBe('success');
    return user.unwrap(user.POST('/api/v1/connections/{platform}/activate', { params: { path: { platform } }, body: { adAccountId } }));
  }

  it('reads the OpenAPI document the types were generated from (openApiDocument(), served as is)', async () => {
    const { data } = await gw.GET('/api/v1/openapi.json'); // not enveloped: no unwrap
    expect(data).toEqual(JSON.parse(JSON.stringify(openApiDocument())));
  });

  it('signs up a tenant and configures its Meta, TikTok and Google apps with the API key', async () => {
    const signed = await signUp();
    apiKey = signed.apiKey;
    const tenant = gw.withAuth({ apiKey });
    await tenant.unwrap(tenant.POST('/api/v1/tenant/apps/facebook', { body: SIM_APPS.facebook }));
    await tenant.unwrap(tenant.POST('/api/v1/tenant/apps/tiktok', { body: SIM_APPS.tiktok }));
    await tenant.unwrap(tenant.POST('/api/v1/tenant/apps/google', { body: SIM_APPS.google }));
    expect((await tenant.unwrap(tenant.GET('/api/v1/tenant'))).id).toBe(signed.tenant.id);
  });

  it('gets an external user token and activates one account per platform through the consent dialog', async () => {
    const tenant = gw.withAuth({ apiKey });
    const tokens = await tenant.unwrap(tenant.POST('/api/v1/auth/token', { body: { externalUserId: 'alice-ext' } }));
    expect(tokens.tokenType).toBe('Bearer');
    aliceToken = tokens.accessToken;
    alice = gw.withAuth({ bearer: aliceToken });
    const activated = [await connect(alice, 'tiktok', TIKTOK), await connect(alice, 'facebook', META), await connect(alice, 'google', '100-000-0001')];
    expect(activated.map((a) => a.status)).toEqual(['active', 'active', 'active']);
    // The same user, through the API key and x-external-user-id.
    const byKey = gw.withAuth({ apiKey, externalUserId: 'alice-ext' });
    expect((await byKey.unwrap(byKey.GET('/api/v1/connections'))).items.map((c) => c.platform).sort()).toEqual(['facebook', 'google', 'tiktok']);
  });

  it('proxy(): an unwrapped read, a write as a job, and a refused path as GatewayError', async () => {
    const labels = (await alice.unwrap(alice.proxy('facebook', 'GET', `${META}/adlabels`, { query: { limit: 2 } }))) as { data: { name: string }[]; paging: { next?: string } };
    expect(labels.data.map((l) => l.name)).toEqual(['Brand', 'Promo']);
    expect(labels.paging.next).toMatch(/^\/api\/v1\/facebook\/proxy\/act_\d+\/adlabels\?/);
    const created = (await alice.waitForJob(alice.proxy('facebook', 'POST', `${META}/adlabels`, { body: { name: 'From the client' } }))) as { id: string };
    expect(created.id).toMatch(/^\d+$/);
    const refused = await failure(alice.unwrap(alice.proxy('facebook', 'GET', 'me/adaccounts')));
    expect([refused.status, refused.code]).toEqual([403, 'PROXY_PATH_NOT_ALLOWED']);
    const rows = (await alice.unwrap(alice.proxy('google', 'POST', `customers/${GOOGLE}/googleAds:search`, { body: { query: 'SELECT campaign.id FROM campaign' } }))) as { results: unknown[] };
    expect(rows.results.length).toBeGreaterThan(0);
  });

  it('reads TikTok campaigns page by page (page_info), ids as strings as TikTok sends them', async () => {
    let calls = 0;
    const ids: string[] = [];
    for await (const c of alice.paginate(({ page }) => {
      calls++;
      return alice.GET('/api/v1/tiktok/assets', { params: { query: { adAccountId: TIKTOK, level: 'campaign', page, pageSize: 5 } } });
    })) {
      if ('campaign_name' in c && c.campaign_id) ids.push(c.campaign_id);
    }
    const first = await alice.unwrap(alice.GET('/api/v1/tiktok/assets', { params: { query: { adAccountId: TIKTOK, level: 'campaign', pageSize: 5 } } }));
    expect(first.page_info.total_page).toBeGreaterThan(1);
    expect(calls).toBe(first.page_info.total_page);
    expect(ids).toHaveLength(first.page_info.total_number);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => /^180\d{16}$/.test(id))).toBe(true);
  });

  it('creates a Meta campaign at once (200), with an Idempotency-Key the client made up', async () => {
    const rec = recorder();
    const client = aliceWith({ fetch: rec.fetch });
    const created = await client.waitForJob(client.POST('/api/v1/facebook/campaigns', { body: campaignBody(`Client sync ${randomUUID()}`) }));
    const id: string = created.id;
    expect(rec.sent).toEqual([{ method: 'POST', path: '/api/v1/facebook/campaigns', status: 200, idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/) }]);
    const read = await alice.unwrap(alice.GET('/api/v1/facebook/campaigns/{id}', { params: { path: { id }, query: { adAccountId: META } } }));
    expect(read).toMatchObject({ id, status: 'PAUSED', objective: 'OUTCOME_TRAFFIC' });
  });

  it('creates a Meta campaign asynchronously (202) and waits for the job through its poll URL', async () => {
    const rec = recorder();
    const client = aliceWith({ fetch: rec.fetch });
    const name = `Client async ${randomUUID()}`;
    const created = await client.waitForJob(client.POST('/api/v1/facebook/campaigns', { params: { header: { Prefer: 'respond-async' } }, body: campaignBody(name) }), { timeoutMs: 30_000 });
    expect(rec.sent[0]).toMatchObject({ method: 'POST', status: 202 });
    const polls = rec.sent.slice(1);
    expect(polls.length).toBeGreaterThan(0);
    expect(polls.every((p) => p.method === 'GET' && /^\/api\/v1\/jobs\/[0-9a-f-]{36}$/.test(p.path) && p.status === 200)).toBe(true);
    const read = await alice.unwrap(alice.GET('/api/v1/facebook/campaigns/{id}', { params: { path: { id: created.id }, query: { adAccountId: META } } }));
    expect(read.name).toContain(name);
  });

  it('replays the first outcome for an Idempotency-Key of the caller’s own', async () => {
    const key = `client-test-${randomUUID()}`;
    const body = campaignBody(`Client keyed ${randomUUID()}`);
    const once = await alice.waitForJob(alice.POST('/api/v1/facebook/campaigns', { params: { header: { 'Idempotency-Key': key } }, body }));
    const again = await alice.POST('/api/v1/facebook/campaigns', { params: { header: { 'Idempotency-Key': key } }, body });
    expect(again.response.headers.get('idempotent-replayed')).toBe('true');
    expect(await alice.waitForJob(Promise.resolve(again))).toEqual(once);
  });

  it('runs a structured GAQL query (where as repeated "field op value" strings)', async () => {
    const answer = await alice.unwrap(
      alice.GET('/api/v1/google/gaql', {
        params: { query: { adAccountId: GOOGLE, resource: 'campaign', fields: ['campaign.id', 'campaign.name', 'campaign.status'], where: ['campaign.status = ENABLED'], orderBy: ['campaign.id ASC'] } },
      }),
    );
    expect(answer.gaqlQuery).toBe("SELECT campaign.id, campaign.name, campaign.status FROM campaign WHERE campaign.status = 'ENABLED' ORDER BY campaign.id ASC");
    const statuses = answer.data.map((row) => ('campaign' in row ? row.campaign?.status : 'failed account'));
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 'ENABLED')).toBe(true);
  });

  it('imports the TikTok account as a job, then pages its stored campaigns by cursor', async () => {
    const accepted = await alice.unwrap(alice.GET('/api/v1/tiktok/import-ad-account', { params: { query: { adAccountId: TIKTOK }, header: { Prefer: 'respond-async' } } }));
    if (!('jobId' in accepted)) throw new Error('expected a 202 with the job');
    importJobId = accepted.jobId;
    const job = await alice.waitForJob(importJobId, { timeoutMs: 60_000 });
    expect(job).toMatchObject({ id: importJobId, type: 'import', platform: 'tiktok', state: 'completed' });
    const listed = await alice.unwrap(alice.GET('/api/v1/jobs/{jobId}', { params: { path: { jobId: importJobId } } }));
    expect(listed.state).toBe('completed');

    let pages = 0;
    const ids: string[] = [];
    for await (const e of alice.paginate(({ cursor }) => {
      pages++;
      return alice.GET('/api/v1/jobs/{jobId}/entities', { params: { path: { jobId: importJobId }, query: { level: 'campaign', limit: 4, cursor } } });
    })) {
      ids.push(e.platformId);
    }
    expect(pages).toBeGreaterThan(1);
    expect(new Set(ids).size).toBe(ids.length);
    const imported = await alice.waitForJob(alice.GET('/api/v1/tiktok/import-ad-account', { params: { query: { adAccountId: TIKTOK } } }));
    expect(ids).toHaveLength(imported.counts.campaign ?? -1);
  });

  it('lists the user’s jobs two per page, writes and imports', async () => {
    let pages = 0;
    const jobs: { id: string; type: string; state: string }[] = [];
    for await (const j of alice.paginate(({ cursor }) => {
      pages++;
      return alice.GET('/api/v1/jobs', { params: { query: { limit: 2, cursor } } });
    })) {
      jobs.push({ id: j.id, type: j.type, state: j.state });
    }
    expect(pages).toBeGreaterThan(1);
    expect(jobs.map((j) => j.id)).toContain(importJobId);
    expect(new Set(jobs.map((j) => j.type))).toEqual(new Set(['write', 'import']));
    expect(jobs.every((j) => j.state === 'completed')).toBe(true);
  });

  it('pages the user’s connections one at a time (nextCursor) and Meta campaigns one at a time (paging.cursors)', async () => {
    const platforms: string[] = [];
    for await (const c of alice.paginate(({ cursor }) => alice.GET('/api/v1/connections', { params: { query: { limit: 1, cursor } } }))) platforms.push(c.platform);
    expect(platforms.sort()).toEqual(['facebook', 'google', 'tiktok']);

    let metaPages = 0;
    const names: string[] = [];
    for await (const c of alice.paginate(({ cursor }) => {
      metaPages++;
      return alice.GET('/api/v1/facebook/campaigns', { params: { query: { adAccountId: META, limit: 1, after: cursor } } });
    })) {
      names.push(c.name ?? '');
    }
    // The account's 3 seeded campaigns and the 3 created above, one page each.
    expect(metaPages).toBeGreaterThanOrEqual(6);
    expect(names.filter((n) => n.startsWith('Client ')).length).toBe(3);
    expect(names.length).toBe(6);
  });

  // After the paging test, which counts the account's campaigns: this one adds one.
  it("runs the README's write example as written: its body is one the gateway takes", async () => {
    const readme = readFileSync(path.join(__dirname, '../../clients/typescript/README.md'), 'utf8');
    const example = /## Write, and wait for the job[\s\S]*?```ts\n([\s\S]*?)```/.exec(readme)?.[1];
    const literal = /body: (\{[\s\S]*?\n? *\}),\n/.exec(example ?? '')?.[1];
    expect(literal).toBeDefined();
    // The README's object literal, evaluated as written (comments and all).
    const body = new Function(`return (${literal});`)() as CampaignBody;
    expect(body.adAccountId).toBe(META);
    const created = await alice.waitForJob(alice.POST('/api/v1/facebook/campaigns', { params: { header: { Prefer: 'respond-async' } }, body }), { timeoutMs: 30_000 });
    expect(created.id).toMatch(/^\d+$/);
  });

  it('surfaces error answers as GatewayError with the envelope’s code, message and request id', async () => {
    const invalid = await failure(
      alice.waitForJob(alice.POST('/api/v1/facebook/campaigns', { params: { header: { 'x-request-id': 'client-test-400' } }, body: { ...campaignBody('Both'), special_ad_categories: ['NONE', 'HOUSING'] } })),
    );
    const code: GatewayErrorCode = invalid.code;
    expect(code).toBe('VALIDATION_FAILED');
    expect(invalid).toMatchObject({ status: 400, requestId: 'client-test-400', message: expect.any(String) });
    expect(invalid.details).toEqual(expect.arrayContaining([expect.objectContaining({ path: 'body.special_ad_categories' })]));

    // Another tenant's user cannot see alice's job: 404, as if it did not exist.
    const other = await signUp();
    const mallory = gw.withAuth({ apiKey: other.apiKey, externalUserId: 'mallory' });
    const hidden = await failure(mallory.unwrap(mallory.GET('/api/v1/jobs/{jobId}', { params: { path: { jobId: importJobId } } })));
    expect(hidden).toMatchObject({ status: 404, code: 'JOB_NOT_FOUND', requestId: expect.any(String) });

    const badKey = await failure(gw.withAuth({ apiKey: 'not-a-key' }).unwrap(gw.withAuth({ apiKey: 'not-a-key' }).GET('/api/v1/tenant')));
    expect(badKey).toMatchObject({ status: 401, code: 'API_KEY_INVALID' });
  });

  it('throws the platform’s refusal from a job that failed, with the job id and the request id that started it', async () => {
    const meta = w.sims.facebook;
    if (!meta) throw new Error('the Meta simulator runs');
    const fault = await fetch(`${meta.baseUrl}/__sim/graph-errors`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: 100, path: '/campaigns', method: 'POST', count: 1 }),
    });
    expect(fault.status).toBe(201);
    await fault.body?.cancel();
    const failed = await failure(
      alice.waitForJob(alice.POST('/api/v1/facebook/campaigns', { params: { header: { Prefer: 'respond-async', 'x-request-id': 'client-test-job' } }, body: campaignBody(`Refused ${randomUUID()}`) })),
    );
    expect(failed).toMatchObject({ code: 'PLATFORM_REJECTED', requestId: 'client-test-job', jobId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(failed.status).toBeUndefined();
  });
});

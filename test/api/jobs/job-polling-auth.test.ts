import { http } from '../../helpers/test-app';
import { createTenant } from '../../helpers/identity';
import { startWorld, type ConnectedAccount, type World, type WorldUser } from '../../world';
import { ALICE_US, qs } from '../tiktok/fixtures';

/** Who may poll a job: the credential that created it, in the form it used; anyone else gets 404. */
describe('GET /api/v1/jobs/{jobId} and /entities by the creating credential', () => {
  let w: World<'tiktok'>;
  let bob: WorldUser;
  let aliceUs: ConnectedAccount;
  let keyJob: string;
  let userJob: string;
  let otherTenantKey: string;

  beforeAll(async () => {
    w = await startWorld({ platform: 'tiktok', workers: true });
    bob = await w.userFor('bob-ext');
    aliceUs = await w.connect('tiktok', { adAccountId: ALICE_US, via: 'token' });
    otherTenantKey = (await createTenant(w.app)).apiKey;
    const em = w.app.infra.orm.em.fork();
    const key = await w.app.services.apiKeys.verify(() => em as never, w.apiKey);
    // The tenant itself (a bare API key) starts an import, as a server-to-server integration would.
    const acc = aliceUs;
    const asTenant = await w.app.services.jobs.submit(
      { auth: { kind: 'tenant-api-key', tenantId: key.tenantId, apiKeyId: key.apiKeyId } },
      {
        type: 'import',
        platform: 'tiktok',
        adAccount: { id: acc.id, tenantId: key.tenantId, platform: 'tiktok', platformAccountId: acc.adAccountId, connectionId: acc.connectionId },
        preferAsync: true,
      },
    );
    expect(asTenant.status).toBe(202);
    keyJob = (asTenant.data as { jobId: string }).jobId;
    const asUser = await w.call('GET', `/api/v1/tiktok/import-ad-account?${qs({ adAccountId: ALICE_US })}`, { as: { ...w.user.headers, prefer: 'respond-async' } });
    expect(asUser.status).toBe(202);
    userJob = asUser.body.data.jobId;
  });
  afterAll(async () => w?.close());

  const get = (path: string, headers: Record<string, string>) => http(w.app.url, 'GET', path, { headers });
  const notFound = (r: { status: number; body: any }) => {
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('JOB_NOT_FOUND');
  };

  it('a job created with the tenant API key alone is polled, and its entities paged, with x-api-key alone', async () => {
    const r = await get(`/api/v1/jobs/${keyJob}`, { 'x-api-key': w.apiKey });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ id: keyJob, type: 'import', platform: 'tiktok', adAccountId: ALICE_US });
    const e = await get(`/api/v1/jobs/${keyJob}/entities`, { 'x-api-key': w.apiKey });
    expect(e.status).toBe(200);
    expect(e.body.data).toMatchObject({ items: expect.any(Array) });
  });

  it("nobody else reads the tenant's job: an external user (Bearer or x-api-key + externalUserId) or another tenant's key → 404", async () => {
    notFound(await get(`/api/v1/jobs/${keyJob}`, w.user.headers));
    notFound(await get(`/api/v1/jobs/${keyJob}?${qs({ externalUserId: 'alice-ext' })}`, { 'x-api-key': w.apiKey }));
    notFound(await get(`/api/v1/jobs/${keyJob}`, { 'x-api-key': otherTenantKey }));
    notFound(await get(`/api/v1/jobs/${keyJob}/entities`, { 'x-api-key': otherTenantKey }));
  });

  it("an external user's job is read with any of that user's credentials, never with the bare tenant key", async () => {
    expect((await get(`/api/v1/jobs/${userJob}`, w.user.headers)).status).toBe(200);
    expect((await get(`/api/v1/jobs/${userJob}?${qs({ token: w.user.token })}`, {})).status).toBe(200);
    expect((await get(`/api/v1/jobs/${userJob}/entities?${qs({ externalUserId: 'alice-ext' })}`, { 'x-api-key': w.apiKey })).status).toBe(200);
    notFound(await get(`/api/v1/jobs/${userJob}`, { 'x-api-key': w.apiKey }));
    notFound(await get(`/api/v1/jobs/${userJob}/entities`, { 'x-api-key': w.apiKey }));
    notFound(await get(`/api/v1/jobs/${userJob}`, bob.headers));
  });

  it('still refuses mixed or missing credentials with 401', async () => {
    expect((await get(`/api/v1/jobs/${keyJob}`, {})).status).toBe(401);
    expect((await get(`/api/v1/jobs/${keyJob}`, { 'x-api-key': w.apiKey, ...w.user.headers })).status).toBe(401);
    expect((await get(`/api/v1/jobs/${keyJob}`, { 'x-api-key': 'aag_not-a-key' })).status).toBe(401);
  });
});

import { startGoogleWorld, G, type GoogleWorld } from '../google/support';
import { ALICE_US, qs, startTiktokWorld, type TiktokWorld } from '../tiktok/support';
import { SIM_APPS } from '../../helpers/identity';

const DEV_TOKEN = 'DEVTOKEN-jobs-abcdefghijklmnop';
const googleImport = (w: GoogleWorld, id: string) => w.get(`/api/v1/google/import-ad-account?${qs({ adAccountId: id })}`);

describe('Google imports run with the tenant app and the connection token source', () => {
  let w: GoogleWorld;
  beforeAll(async () => {
    w = await startGoogleWorld({ google: { developerToken: DEV_TOKEN } });
  });
  afterAll(async () => w?.close());
  beforeEach(async () => {
    await w.clearFaults();
    await w.clearCalls();
  });

  it("sends the tenant app's developer-token on every call, and login-customer-id only for a client reached through its manager", async () => {
    expect((await googleImport(w, G.bakery)).status).toBe(200);
    expect((await googleImport(w, G.aliceJp)).status).toBe(200);
    const bakery = await w.calls(`/customers/${G.bakery}/googleAds:search`);
    const direct = await w.calls(`/customers/${G.aliceJp}/googleAds:search`);
    expect(bakery.length).toBeGreaterThan(0);
    expect(direct.length).toBeGreaterThan(0);
    // The simulator masks secret-looking headers; presence is what matters here.
    expect([...bakery, ...direct].every((c) => c.headers['developer-token'] === '[present]')).toBe(true);
    expect(bakery.every((c) => c.headers['login-customer-id'] === G.manager)).toBe(true);
    expect(direct.every((c) => c.headers['login-customer-id'] === undefined)).toBe(true);
  });

  it('when Google refuses the access token mid-import, refreshes once and the import completes', async () => {
    await w.simPost('/tokens/expire', { token: await w.storedAccessToken(w.connections.alice) });
    const r = await googleImport(w, G.aliceEu);
    expect(r.status).toBe(200);
    expect(r.body.data.counts.campaign).toBeGreaterThan(0);
    const refreshes = (await w.calls('/token')).filter((c) => c.body?.grant_type === 'refresh_token');
    expect(refreshes).toHaveLength(1);
  });

  it("paces job calls under the tenant app's client id, not a shared default", async () => {
    const run = jest.spyOn(w.app.services.limiter, 'run');
    try {
      expect((await googleImport(w, G.aliceUs)).status).toBe(200);
      const keys = run.mock.calls.map(([k]) => k).filter((k) => k.accountKey === G.aliceUs);
      expect(keys.length).toBeGreaterThan(0);
      expect(keys.every((k) => k.appKey === SIM_APPS.google.clientId)).toBe(true);
    } finally {
      run.mockRestore();
    }
  });
});

describe('TikTok imports and a token TikTok refuses', () => {
  let w: TiktokWorld;
  beforeAll(async () => {
    w = await startTiktokWorld({ HTTP_MAX_RETRIES: '1' });
  });
  afterAll(async () => w?.close());

  it('the import fails with 403 CONNECTION_REAUTH_REQUIRED and the connection is marked revoked', async () => {
    await w.platformError(40105, '/campaign/get/', 1);
    const r = await w.get(`/api/v1/tiktok/import-ad-account?${qs({ adAccountId: ALICE_US })}`);
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('CONNECTION_REAUTH_REQUIRED');
    const [row] = (await w.app.infra.orm.em.fork().getConnection().execute('select status from connections where id = ?', [w.accounts.aliceUs.connectionId])) as { status: string }[];
    expect(row!.status).toBe('revoked');
    const guarded = await w.get(`/api/v1/tiktok/import-ad-account?${qs({ adAccountId: ALICE_US })}`);
    expect(guarded.status).toBe(403);
    expect(guarded.body.error.code).toBe('CONNECTION_REAUTH_REQUIRED');
  });
});

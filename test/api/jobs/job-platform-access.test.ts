import { useWorld, type World } from '../../world';
import { ALICE_ACTIVATED, G } from '../google/fixtures';
import { ALICE_US, qs } from '../tiktok/fixtures';
import { SIM_APPS } from '../../helpers/identity';

const DEV_TOKEN = 'DEVTOKEN-jobs-abcdefghijklmnop';
const googleImport = (w: World<'google'>, id: string) => w.call('GET', `/api/v1/google/import-ad-account?${qs({ adAccountId: id })}`);

describe('Google imports run with the tenant app and the connection token source', () => {
  const w = useWorld({ platform: 'google', workers: true, apps: { google: { developerToken: DEV_TOKEN } } }, async (w) => {
    const alice = await w.consent('google');
    for (const id of ALICE_ACTIVATED) await w.connect('google', { adAccountId: id, through: alice });
    return { connections: { alice: alice.connectionId } };
  });

  it("sends the tenant app's developer-token on every call, and login-customer-id only for a client reached through its manager", async () => {
    expect((await googleImport(w, G.bakery)).status).toBe(200);
    expect((await googleImport(w, G.aliceJp)).status).toBe(200);
    const bakery = await w.sim.calls(`/customers/${G.bakery}/googleAds:search`);
    const direct = await w.sim.calls(`/customers/${G.aliceJp}/googleAds:search`);
    expect(bakery.length).toBeGreaterThan(0);
    expect(direct.length).toBeGreaterThan(0);
    // The simulator masks secret-looking headers; presence is what matters here.
    expect([...bakery, ...direct].every((c) => c.headers['developer-token'] === '[present]')).toBe(true);
    expect(bakery.every((c) => c.headers['login-customer-id'] === G.manager)).toBe(true);
    expect(direct.every((c) => c.headers['login-customer-id'] === undefined)).toBe(true);
  });

  it('when Google refuses the access token mid-import, refreshes once and the import completes', async () => {
    await w.sim.expireToken((await w.storedTokens(w.connections.alice)).accessToken);
    const r = await googleImport(w, G.aliceEu);
    expect(r.status).toBe(200);
    expect(r.body.data.counts.campaign).toBeGreaterThan(0);
    const refreshes = (await w.sim.calls('/token')).filter((c) => c.body?.grant_type === 'refresh_token');
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
  const w = useWorld({ platform: 'tiktok', workers: true, env: { HTTP_MAX_RETRIES: '1' } }, async (w) => ({
    aliceUs: await w.connect('tiktok', { adAccountId: ALICE_US, via: 'token' }),
  }));

  it('the import fails with 403 CONNECTION_REAUTH_REQUIRED and the connection is marked revoked', async () => {
    await w.sim.injectError({ code: 40105, path: '/campaign/get/', count: 1 });
    const r = await w.call('GET', `/api/v1/tiktok/import-ad-account?${qs({ adAccountId: ALICE_US })}`);
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('CONNECTION_REAUTH_REQUIRED');
    const [row] = (await w.app.infra.orm.em.fork().getConnection().execute('select status from connections where id = ?', [w.aliceUs.connectionId])) as { status: string }[];
    expect(row!.status).toBe('revoked');
    const guarded = await w.call('GET', `/api/v1/tiktok/import-ad-account?${qs({ adAccountId: ALICE_US })}`);
    expect(guarded.status).toBe(403);
    expect(guarded.body.error.code).toBe('CONNECTION_REAUTH_REQUIRED');
  });
});

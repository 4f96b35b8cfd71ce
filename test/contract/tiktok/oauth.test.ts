/** TikTok simulator contract: advertiser OAuth, tokens and advertiser info (docs/platforms/tiktok.md §1, §2). */
import { ALICE_APPS, ALICE_UK, ALICE_US, BOB_BIKES, control, expectError, expectOk, mintToken, simPerFile, type Sim } from './tiktok-sim-client';

const APP = { app_id: 'app-1', secret: 'secret-1' };

async function authorize(sim: Sim, params: Record<string, string>): Promise<URL> {
  const q = new URLSearchParams({ app_id: APP.app_id, state: 'st-1', redirect_uri: 'https://gw.example.com/cb', ...params });
  const res = await fetch(`${sim.baseUrl}/portal/auth?${q}`, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
}

describe('tiktok simulator: OAuth and tokens', () => {
  const { sim, api } = simPerFile({ token: false, resetEachTest: true });

  it('authorize redirects at once with auth_code and state; the code buys a token for alice’s advertisers', async () => {
    const loc = await authorize(sim, {});
    expect(loc.origin + loc.pathname).toBe('https://gw.example.com/cb');
    expect(loc.searchParams.get('state')).toBe('st-1');
    const code = loc.searchParams.get('auth_code');
    expect(code).toBeTruthy();

    const env = await api.post<{ access_token: string; advertiser_ids: string[]; scope: number[] }>('/oauth2/access_token/', { ...APP, auth_code: code });
    expectOk(env);
    expect(Object.keys(env.data).sort()).toEqual(['access_token', 'advertiser_ids', 'scope']);
    expect(env.data.advertiser_ids).toEqual([ALICE_US, ALICE_UK, ALICE_APPS]);

    api.token = env.data.access_token;
    const list = await api.get<{ list: unknown[] }>('/oauth2/advertiser/get/', APP);
    expectOk(list);
    expect(list.data.list).toEqual([
      { advertiser_id: ALICE_US, advertiser_name: 'Alice Shoes US' },
      { advertiser_id: ALICE_UK, advertiser_name: 'Alice Shoes UK' },
      { advertiser_id: ALICE_APPS, advertiser_name: 'Alice Apps' },
    ]);
  });

  it('an auth_code is single use: the second exchange answers 40110', async () => {
    const code = (await authorize(sim, {})).searchParams.get('auth_code');
    expectOk(await api.post('/oauth2/access_token/', { ...APP, auth_code: code }));
    expectError(await api.post('/oauth2/access_token/', { ...APP, auth_code: code }), 40110);
    expectError(await api.post('/oauth2/access_token/', { ...APP, auth_code: 'nope' }), 40110);
  });

  it('sim_user picks another seeded user; sim_deny redirects without a code', async () => {
    const code = (await authorize(sim, { sim_user: 'bob' })).searchParams.get('auth_code');
    const env = await api.post<{ advertiser_ids: string[] }>('/oauth2/access_token/', { ...APP, auth_code: code });
    expect(env.data.advertiser_ids).toEqual([BOB_BIKES, '7000000000000000022']);

    const denied = await authorize(sim, { sim_deny: '1' });
    expect(denied.searchParams.get('auth_code')).toBeNull();
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(denied.searchParams.get('state')).toBe('st-1');
  });

  it('missing params on the token exchange answer 40002 naming the field', async () => {
    expectError(await api.post('/oauth2/access_token/', { app_id: 'a', auth_code: 'x' }), 40002, 'secret');
  });

  it('no Access-Token answers 40104; an unknown one 40105; an expired one 40102; a revoked one 40105', async () => {
    expectError(await api.get('/advertiser/info/', { advertiser_ids: [ALICE_US] }), 40104, 'Access-Token');
    api.token = 'not-a-token';
    expectError(await api.get('/advertiser/info/', { advertiser_ids: [ALICE_US] }), 40105);

    api.token = await mintToken(sim);
    expectOk(await api.get('/advertiser/info/', { advertiser_ids: [ALICE_US] }));
    expect((await control(sim, 'POST', '/tokens/expire', { token: api.token })).status).toBe(200);
    expectError(await api.get('/advertiser/info/', { advertiser_ids: [ALICE_US] }), 40102);

    api.token = await mintToken(sim);
    expect((await control(sim, 'POST', '/tokens/revoke', { token: api.token })).status).toBe(200);
    expectError(await api.get('/advertiser/info/', { advertiser_ids: [ALICE_US] }), 40105);
  });

  it('a token minted with expiresIn stops working after that many seconds', async () => {
    api.token = await mintToken(sim, 'alice', { expiresIn: 0.2 });
    expectOk(await api.get('/advertiser/info/', { advertiser_ids: [ALICE_US] }));
    await new Promise((r) => setTimeout(r, 300));
    expectError(await api.get('/advertiser/info/', { advertiser_ids: [ALICE_US] }), 40102);
  });

  it('revoke_token invalidates the token and returns the app and its advertisers', async () => {
    const token = await mintToken(sim, 'bob');
    const env = await api.post('/oauth2/revoke_token/', { ...APP, access_token: token });
    expectOk(env);
    expect(env.data).toEqual({ app_id: APP.app_id, advertiser_ids: [BOB_BIKES, '7000000000000000022'] });
    api.token = token;
    expectError(await api.get('/advertiser/info/', { advertiser_ids: [BOB_BIKES] }), 40105);
  });

  it('advertiser/info returns the documented fields, with create_time in unix seconds', async () => {
    api.token = await mintToken(sim);
    const env = await api.get<{ list: Array<Record<string, unknown>> }>('/advertiser/info/', { advertiser_ids: [ALICE_US, ALICE_UK] });
    expectOk(env);
    const [us, uk] = env.data.list;
    expect(us).toMatchObject({ advertiser_id: ALICE_US, name: 'Alice Shoes US', currency: 'USD', timezone: 'America/New_York', status: 'STATUS_ENABLE', role: 'ROLE_ADVERTISER' });
    expect(uk).toMatchObject({ currency: 'GBP', timezone: 'Europe/London' });
    for (const f of ['company', 'display_timezone', 'country', 'balance', 'owner_bc_id', 'advertiser_account_type', 'email']) expect(us).toHaveProperty(f);
    expect(Number.isInteger(us!.create_time)).toBe(true);

    const projected = await api.get<{ list: unknown[] }>('/advertiser/info/', { advertiser_ids: [ALICE_US], fields: ['name', 'currency'] });
    expect(projected.data.list).toEqual([{ name: 'Alice Shoes US', currency: 'USD' }]);
  });

  it('a bare (non-JSON) advertiser_ids answers 40002 "Field must be set to array"', async () => {
    api.token = await mintToken(sim);
    const res = await fetch(`${sim.baseUrl}/open_api/v1.3/advertiser/info/?advertiser_ids=${ALICE_US}`, { headers: { 'Access-Token': api.token } });
    expectError(await res.json(), 40002, 'advertiser_ids: Field must be set to array');
  });

  it('another user’s advertiser answers 40001; an unknown advertiser 40300', async () => {
    api.token = await mintToken(sim, 'alice');
    expectError(await api.get('/advertiser/info/', { advertiser_ids: [BOB_BIKES] }), 40001);
    expectError(await api.get('/campaign/get/', { advertiser_id: '7999999999999999999' }), 40300);
  });
});

describe('tiktok simulator: strict mode', () => {
  const { sim, api } = simPerFile({ sim: { strict: true, apps: [{ appId: 'reg-app', secret: 'reg-secret' }] }, token: false });

  it('rejects an unknown app on the portal, the token exchange and revoke; accepts the registered one', async () => {
    const res = await fetch(`${sim.baseUrl}/portal/auth?app_id=other&state=s&redirect_uri=${encodeURIComponent('https://x.test/cb')}`, { redirect: 'manual' });
    expect(res.status).toBe(400);

    const ok = await fetch(`${sim.baseUrl}/portal/auth?app_id=reg-app&state=s&redirect_uri=${encodeURIComponent('https://x.test/cb')}`, { redirect: 'manual' });
    const code = new URL(ok.headers.get('location')!).searchParams.get('auth_code');
    expectError(await api.post('/oauth2/access_token/', { app_id: 'reg-app', secret: 'wrong', auth_code: code }), 40101);
    const env = await api.post<{ access_token: string }>('/oauth2/access_token/', { app_id: 'reg-app', secret: 'reg-secret', auth_code: code });
    expectOk(env);
    expectError(await api.post('/oauth2/revoke_token/', { app_id: 'other', secret: 'x', access_token: env.data.access_token }), 40101);
    api.token = env.data.access_token;
    expectError(await api.get('/oauth2/advertiser/get/', { app_id: 'other', secret: 'x' }), 40101);
    expectOk(await api.get('/oauth2/advertiser/get/', { app_id: 'reg-app', secret: 'reg-secret' }));
  });
});

import { createHmac } from 'node:crypto';
import { ACCOUNTS } from '../../simulators/facebook';
import { useWorld } from '../../world';
import { FB_ENV } from './fixtures';

const A1 = ACCOUNTS.alice[0];
const APP_ID = '1234567890123456';
const q = (extra = '') => `adAccountId=act_${A1}${extra}`;

/**
 * "Require App Secret" (https://developers.facebook.com/docs/graph-api/securing-requests/): Graph
 * refuses a call without appsecret_proof = hex HMAC-SHA256(access token, key = app secret).
 */
describe('Meta calls carry appsecret_proof whenever the app secret is known', () => {
  const w = useWorld({ platform: 'facebook', workers: true, env: FB_ENV }, async (w) => {
    const aliceAccount = await w.connect('facebook', { adAccountId: `act_${ACCOUNTS.alice[0]}` });
    return { aliceAccount };
  });

  const appSetting = async (body: Record<string, unknown>) => {
    const r = await w.sim.sim('POST', `/facebook/apps/${APP_ID}`, body);
    expect(r.status).toBe(200);
  };
  afterEach(() => appSetting({ requireAppSecretProof: false, secret: 'sim-app-secret' }));

  it('sends the proof on reads and writes while the app does not require it', async () => {
    await appSetting({ requireAppSecretProof: false });
    expect((await w.call('GET', `/api/v1/facebook/campaigns?${q('&limit=1')}`)).status).toBe(200);
    const write = await w.call('POST', '/api/v1/facebook/pixels', { body: { adAccountId: `act_${A1}`, name: 'Proof pixel' } });
    expect(write.status).toBe(200);
    const calls = await w.sim.calls(`act_${A1}`);
    expect(calls.length).toBeGreaterThanOrEqual(2);
    const proof = createHmac('sha256', 'sim-app-secret').update(w.aliceAccount.platformToken).digest('hex');
    // The simulator's call log masks secret-looking query values but keeps form bodies as sent.
    for (const c of calls) expect(c.method === 'GET' ? c.query.appsecret_proof : c.body.appsecret_proof).toBe(c.method === 'GET' ? '[present]' : proof);
  });

  it('keeps working when the app requires the proof, and the simulator refuses a call without one', async () => {
    await appSetting({ requireAppSecretProof: true });
    const r = await w.call('GET', `/api/v1/facebook/campaigns?${q('&limit=1')}`);
    expect(r.status).toBe(200);
    expect(r.body.data.data).toHaveLength(1);
    const token = w.aliceAccount.platformToken;
    const bare = await fetch(`${w.sim.baseUrl}/v25.0/act_${A1}/campaigns?access_token=${token}`);
    expect(((await bare.json()) as { error: { code: number } }).error.code).toBe(100);
    const proof = createHmac('sha256', 'sim-app-secret').update(token).digest('hex');
    const signed = await fetch(`${w.sim.baseUrl}/v25.0/act_${A1}/campaigns?access_token=${token}&appsecret_proof=${proof}`);
    expect(signed.status).toBe(200);
  });

  it('is a proof of the tenant app secret: the platform refuses it when its secret differs', async () => {
    await appSetting({ requireAppSecretProof: true, secret: 'another-secret' });
    const r = await w.call('GET', `/api/v1/facebook/campaigns?${q('&limit=1')}`);
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.body.error.details[0]).toMatchObject({ platform: 'facebook', code: 100 });
  });
});

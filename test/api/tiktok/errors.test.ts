import { useWorld } from '../../world';
import { ALICE_US, qs } from './fixtures';

/** TikTok answers HTTP 200 with a code; each code maps to one gateway answer (TikTok issue, "Errors"). */
describe('TikTok error mapping', () => {
  const w = useWorld({ platform: 'tiktok', workers: true, env: { HTTP_MAX_RETRIES: '1', READ_LIMIT_DEADLINE_MS: '2500' } }, async (w) => {
    await w.connect('tiktok', { adAccountId: ALICE_US, via: 'token' });
  });

  const read = () => w.call('GET', `/api/v1/tiktok/assets?${qs({ adAccountId: ALICE_US, level: 'campaign', fields: 'campaign_id', pageSize: 1 })}`);
  const connectionStatus = async (id: string) =>
    ((await w.app.infra.orm.em.getConnection().execute('select status from connections where id = ?', [id])) as { status: string }[])[0]!.status;

  it.each([
    [40002, 422, 'PLATFORM_REJECTED'],
    [40000, 422, 'PLATFORM_REJECTED'],
    [40001, 403, 'FORBIDDEN'],
    [40007, 404, 'NOT_FOUND'],
  ])('code %s answers %s %s with TikTok’s message and code in the details, without retrying', async (code, status, errorCode) => {
    await w.sim.injectError({ code, path: '/campaign/get/', count: undefined, message: `message for ${code}` });
    const r = await read();
    expect(r.status).toBe(status);
    expect(r.body).toMatchObject({ success: false, statusCode: status, error: { code: errorCode } });
    if (status !== 403) expect(r.body.message).toBe(`message for ${code}`);
    expect(r.body.error.details).toEqual([expect.objectContaining({ platform: 'tiktok', code, message: `message for ${code}`, traceId: expect.any(String) })]);
    expect(await w.sim.calls('/campaign/get/')).toHaveLength(1);
  });

  it.each([50000, 50002, 51001])('code %s is retried, then answers 502 PLATFORM_UNAVAILABLE', async (code) => {
    await w.sim.injectError({ code, path: '/campaign/get/' });
    const r = await read();
    expect(r.status).toBe(502);
    expect(r.body.error.code).toBe('PLATFORM_UNAVAILABLE');
    expect(await w.sim.calls('/campaign/get/')).toHaveLength(2);
  });

  it('a transient 50000 followed by success answers 200', async () => {
    await w.sim.injectError({ code: 50000, path: '/campaign/get/', count: 1 });
    const r = await read();
    expect(r.status).toBe(200);
    expect(await w.sim.calls('/campaign/get/')).toHaveLength(2);
  });

  it('40100 pauses the outbound limiter (the retry waits out TikTok’s one-second window) and then succeeds', async () => {
    await w.sim.injectError({ code: 40100, path: '/campaign/get/', count: 1 });
    const r = await read();
    expect(r.status).toBe(200);
    const calls = await w.sim.calls('/campaign/get/');
    expect(calls).toHaveLength(2);
    expect(Date.parse(calls[1]!.at) - Date.parse(calls[0]!.at)).toBeGreaterThanOrEqual(900);
  });

  it.each([40100, 40133])('a persisting %s answers 429 PLATFORM_RATE_LIMITED with Retry-After', async (code) => {
    await w.sim.injectError({ code, path: '/campaign/get/' });
    const r = await read();
    expect(r.status).toBe(429);
    expect(r.body.error.code).toBe('PLATFORM_RATE_LIMITED');
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    await new Promise((res) => setTimeout(res, 1100));
  });

  it.each([40102, 40104, 40105])('code %s answers 403 CONNECTION_REAUTH_REQUIRED and marks the connection revoked', async (code) => {
    const acc = await w.connect('tiktok', { adAccountId: ALICE_US });
    await w.sim.clearCalls();
    await w.sim.injectError({ code, path: '/campaign/get/', count: 1 });
    const r = await read();
    expect(r.status).toBe(403);
    expect(r.body.error).toMatchObject({ code: 'CONNECTION_REAUTH_REQUIRED', details: [expect.objectContaining({ platform: 'tiktok', code })] });
    expect(await connectionStatus(acc.connectionId)).toBe('revoked');
    // The guard now refuses before any platform call.
    const again = await read();
    expect(again.status).toBe(403);
    expect(again.body.error.code).toBe('CONNECTION_REAUTH_REQUIRED');
    expect(await w.sim.calls('/campaign/get/')).toHaveLength(1);
  });

  it('a token revoked at TikTok (a real 40105) makes reads answer 403 CONNECTION_REAUTH_REQUIRED', async () => {
    const acc = await w.connect('tiktok', { adAccountId: ALICE_US });
    expect((await read()).status).toBe(200);
    await w.sim.revokeToken(acc.platformToken);
    const r = await read();
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('CONNECTION_REAUTH_REQUIRED');
    expect(await connectionStatus(acc.connectionId)).toBe('revoked');
  });

  it('a write whose token TikTok refuses also marks the connection revoked', async () => {
    const acc = await w.connect('tiktok', { adAccountId: ALICE_US });
    await w.sim.injectError({ code: 40105, path: '/campaign/status/update/', count: 1 });
    const r = await w.call('POST', '/api/v1/tiktok/assets/status', { body: { adAccountId: ALICE_US, level: 'campaign', ids: ['1800000000000000011'], status: 'ENABLE' } });
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('CONNECTION_REAUTH_REQUIRED');
    expect(await connectionStatus(acc.connectionId)).toBe('revoked');
  });
});

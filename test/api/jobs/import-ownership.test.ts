import { http } from '../../helpers/test-app';
import { ACCOUNTS } from '../../simulators/facebook';
import { useWorld } from '../../world';
import { FB_ENV } from '../facebook/fixtures';
import { ALICE_APPS, ALICE_US, BOB_BIKES } from '../tiktok/fixtures';

/*
 * The POST import routes (main and team-scoped surfaces) guard the account in the body exactly as
 * every other account route: another user's account 403, an unknown one 404, no platform call and
 * no job. The Google twin is in test/api/google/routes.test.ts with the other Google routes.
 */

describe('POST /api/v1/facebook/import-ad-account and its team-scoped twin', () => {
  const w = useWorld({ platform: 'facebook', workers: true, env: FB_ENV }, async (w) => {
    await w.connect('facebook', { adAccountId: `act_${ACCOUNTS.alice[0]}` });
    const bob = await w.userFor('bob-ext');
    await w.connect('facebook', { adAccountId: ACCOUNTS.bob[0]!, as: bob, simUser: 'bob' });
  });
  const routes: Array<[string, string, () => Record<string, string>]> = [
    ['main surface', '/api/v1/facebook/import-ad-account', () => w.user.headers],
    ['team surface', '/api/v1/alice-ext/facebook/import-ad-account', () => ({ 'x-api-key': w.apiKey })],
  ];

  it.each(routes)('%s: another user’s account → 403, unknown → 404, nothing called', async (_s, path, as) => {
    const bobs = await w.call('POST', path, { body: { adAccountId: `act_${ACCOUNTS.bob[0]}` }, as: as() });
    expect(bobs.status).toBe(403);
    expect(bobs.body.error.code).toBe('AD_ACCOUNT_NOT_OWNED');
    const unknown = await w.call('POST', path, { body: { adAccountId: 'act_424242424242' }, as: as() });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('AD_ACCOUNT_NOT_FOUND');
    expect(await w.sim.calls()).toHaveLength(0);
  });

  it.each(routes)('%s: the owner starts the import and the answer names its job', async (_s, path, as) => {
    const r = await w.call('POST', path, { body: { adAccountId: `act_${ACCOUNTS.alice[0]}` }, as: { ...as(), prefer: 'respond-async' } });
    expect(r.status).toBe(202);
    expect(r.body.jobId).toBe(r.body.data.jobId);
    expect(r.headers.get('location')).toBe(`/api/v1/jobs/${r.body.jobId}`);
  });

  it('the team surface refuses a Bearer token (x-api-key only)', async () => {
    const r = await w.call('POST', '/api/v1/alice-ext/facebook/import-ad-account', { body: { adAccountId: `act_${ACCOUNTS.alice[0]}` }, as: w.user.headers });
    expect(r.status).toBe(401);
  });
});

describe('POST /api/v1/tiktok/import-ad-account', () => {
  const w = useWorld({ platform: 'tiktok', workers: true }, async (w) => {
    // Caller-supplied tokens: ALICE_APPS must stay undiscovered (see tiktok/fixtures.ts).
    await w.connect('tiktok', { adAccountId: ALICE_US, via: 'token' });
    const bob = await w.userFor('bob-ext');
    await w.connect('tiktok', { adAccountId: BOB_BIKES, as: bob, simUser: 'bob', via: 'token' });
  });
  const post = (adAccountId: string, headers: Record<string, string>) => http(w.app.url, 'POST', '/api/v1/tiktok/import-ad-account', { headers, body: { adAccountId } });

  it('another user’s account → 403, unknown → 404, no credential → 401, nothing called', async () => {
    expect((await post(BOB_BIKES, w.user.headers)).body.error.code).toBe('AD_ACCOUNT_NOT_OWNED');
    expect((await post(ALICE_APPS, w.user.headers)).body.error.code).toBe('AD_ACCOUNT_NOT_FOUND');
    expect((await post(ALICE_US, {})).status).toBe(401);
    expect(await w.sim.calls('/open_api/')).toHaveLength(0);
  });

  it('the owner’s import answers with its job', async () => {
    const r = await post(ALICE_US, w.user.headers);
    expect(r.status).toBe(200);
    expect(r.body.data.counts).toBeDefined();
    expect(r.body.pollUrl).toBe(`/api/v1/jobs/${r.body.jobId}`);
  });
});

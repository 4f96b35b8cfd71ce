import { useWorld, type JsonResponse } from '../../world';
import { FB_ENV } from '../facebook/fixtures';
import { campaignPart, uniq } from '../tiktok/fixtures';
import { jobIds, setGuardrails } from './support';
import { connectAll, FB, FB_BOB, G, LI, seedIds, TT, type Platform, type SeedIds, type WriteRequest } from './write-requests';

/*
 * `requireConfirmation`: a write that needs it answers 409 CONFIRMATION_REQUIRED with a token bound
 * to that exact request and user; the same request with `Confirm: <token>` runs, once. (Expiry is
 * tested with an injected clock in test/unit/safe-writes/confirm-tokens.test.ts.)
 */
const w = useWorld({ workers: true, env: { ...FB_ENV, WRITE_SYNC_TIMEOUT_MS: '15000' } }, connectAll);
let ids: SeedIds;
beforeAll(() => {
  ids = seedIds(w, w.imageHash);
});
beforeEach(() => setGuardrails(w, null));

const send = (r: WriteRequest, headers: Record<string, string> = {}, as = w.user) => w.call(r.method, r.path, { body: r.body, as: { ...as.headers, ...headers } });

/** 409 with a token, nothing queued. */
async function expectConfirmationAsked(r: () => Promise<JsonResponse>, actions: string[]): Promise<string> {
  const before = await jobIds(w);
  const answer = await r();
  expect({ status: answer.status, code: answer.body.error?.code }).toEqual({ status: 409, code: 'CONFIRMATION_REQUIRED' });
  expect(answer.body.error.details).toEqual(actions.map((action) => ({ action })));
  expect(answer.body.error.confirmToken).toEqual(expect.any(String));
  expect(answer.body.jobId).toBeUndefined();
  expect(await jobIds(w)).toEqual(before);
  return answer.body.error.confirmToken as string;
}

const expectRan = (r: JsonResponse) => {
  expect({ status: r.status, error: r.body.error }).toEqual({ status: 200, error: undefined });
  expect(r.body.jobId).toEqual(expect.any(String));
};

/** A status change to each platform's delivering status. */
const ACTIVATIONS: Record<Platform, (ids: SeedIds) => WriteRequest> = {
  facebook: (i) => ({ method: 'POST', path: `/api/v1/facebook/campaigns/${i.fb.campaignNoBudget}/status`, body: { adAccountId: FB, status: 'ACTIVE' } }),
  tiktok: (i) => ({ method: 'POST', path: '/api/v1/tiktok/assets/status', body: { adAccountId: TT, level: 'campaign', ids: [i.tt.campaign], status: 'ENABLE' } }),
  google: (i) => ({ method: 'POST', path: `/api/v1/google/campaigns/${i.google.campaign}/status`, body: { adAccountId: G.aliceUs, status: 'ENABLED' } }),
  linkedin: (i) => ({ method: 'POST', path: `/api/v1/linkedin/campaigns/${i.li.campaign}/status`, body: { adAccountId: LI, status: 'ACTIVE' } }),
};

describe.each(Object.keys(ACTIVATIONS) as Platform[])("requireConfirmation: ['activate'] on %s", (platform) => {
  it('409 with a token; the same request with Confirm runs; the token a second time is 409 again', async () => {
    await setGuardrails(w, { requireConfirmation: ['activate'] });
    const req = ACTIVATIONS[platform](ids);
    const token = await expectConfirmationAsked(() => send(req), ['activate']);
    expectRan(await send(req, { confirm: token }));
    const again = await send(req, { confirm: token });
    expect({ status: again.status, code: again.body.error?.code }).toEqual({ status: 409, code: 'CONFIRMATION_REQUIRED' });
    expect(again.body.message).toContain('already been used');
    expect(again.body.error.confirmToken).not.toBe(token);
  });
});

describe('a token runs only the request it was issued for', () => {
  beforeEach(() => setGuardrails(w, { requireConfirmation: ['activate'] }));

  it('another request body is refused (409, a fresh token for that request)', async () => {
    const google = ACTIVATIONS.google(ids);
    const token = await expectConfirmationAsked(() => send(google), ['activate']);
    const other = { ...google, body: { ...google.body, adAccountId: '100-000-0001' } };
    const r = await send(other, { confirm: token });
    expect(r.status).toBe(409);
    expect(r.body.message).toContain('another request or another user');
    const tiktok = ACTIVATIONS.tiktok(ids);
    expect((await send(tiktok, { confirm: token })).status).toBe(409);
  });

  it("another user's token is refused on that user's own request, and stays good for its own", async () => {
    const req = ACTIVATIONS.facebook(ids);
    const token = await expectConfirmationAsked(() => send(req), ['activate']);
    const bobs = [...w.sims.facebook!.raw.state.store.nodes.values()].find((n) => n.type === 'campaign' && n.acct === FB_BOB)!.id;
    const bobReq: WriteRequest = { method: 'POST', path: `/api/v1/facebook/campaigns/${bobs}/status`, body: { adAccountId: FB_BOB, status: 'ACTIVE' } };
    const r = await send(bobReq, { confirm: token }, w.bob);
    expect({ status: r.status, code: r.body.error?.code }).toEqual({ status: 409, code: 'CONFIRMATION_REQUIRED' });
    expect(r.body.message).toContain('another request or another user');
    expectRan(await send(req, { confirm: token }));
  });

  it('a tampered or foreign token is refused', async () => {
    const req = ACTIVATIONS.facebook(ids);
    const token = await expectConfirmationAsked(() => send(req), ['activate']);
    const [payload, sig] = token.split('.');
    for (const bad of [`${payload}.${sig!.slice(1)}x`, 'not-a-token', `${payload}`]) {
      const r = await send(req, { confirm: bad });
      expect(r.status).toBe(409);
      expect(r.body.message).toContain('not one this gateway issued');
    }
  });

  it('a dry run names the confirmation and gives a token the real request can use', async () => {
    const req = ACTIVATIONS.google(ids);
    const dry = await w.call(req.method, `${req.path}?dryRun=true`, { body: req.body });
    expect(dry.status).toBe(200);
    expect(dry.body.data.confirmation).toEqual({ required: ['activate'], confirmToken: expect.any(String) });
    expectRan(await send(req, { confirm: dry.body.data.confirmation.confirmToken }));
  });

  it('a retry of a confirmed write under its Idempotency-Key replays the outcome, without asking again', async () => {
    const req = ACTIVATIONS.tiktok(ids);
    const key = { 'idempotency-key': `confirmed-${Date.now()}` };
    const token = await expectConfirmationAsked(() => send(req, key), ['activate']);
    const first = await send(req, { ...key, confirm: token });
    expectRan(first);
    const retry = await send(req, { ...key, confirm: token });
    expect({ status: retry.status, error: retry.body.error, jobId: retry.body.jobId }).toEqual({ status: 200, error: undefined, jobId: first.body.jobId });
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
  });

  it('a status change that does not activate needs no confirmation', async () => {
    expectRan(await send({ ...ACTIVATIONS.google(ids), body: { adAccountId: G.aliceUs, status: 'PAUSED' } }));
  });
});

describe("requireConfirmation: ['create'] and ['budgetIncrease']", () => {
  it('Meta: a campaign created ACTIVE asks; one created PAUSED (the default) runs', async () => {
    await setGuardrails(w, { requireConfirmation: ['create'] });
    const active: WriteRequest = { method: 'POST', path: '/api/v1/facebook/campaigns/traffic', body: { adAccountId: FB, name: uniq('Live'), status: 'ACTIVE', special_ad_categories: [], is_adset_budget_sharing_enabled: false } };
    const token = await expectConfirmationAsked(() => send(active), ['create']);
    expectRan(await send(active, { confirm: token }));
    expectRan(await send({ ...active, body: { adAccountId: FB, name: uniq('Paused'), special_ad_categories: [], is_adset_budget_sharing_enabled: false } }));
  });

  it('TikTok: a create is ENABLE unless it says DISABLE, so it asks; DISABLE runs', async () => {
    await setGuardrails(w, { requireConfirmation: ['create'] });
    const create = (extra: Record<string, unknown>): WriteRequest => ({ method: 'POST', path: '/api/v1/tiktok/assets', body: { adAccountId: TT, campaign: { ...campaignPart(), ...extra } } });
    await expectConfirmationAsked(() => send(create({})), ['create']);
    expectRan(await send(create({ operationStatus: 'DISABLE' })));
  });

  it('Google: a budget raise asks, a cut does not', async () => {
    await setGuardrails(w, { requireConfirmation: ['budgetIncrease'] });
    const acct = w.sims.google!.raw.state.account(G.aliceJp);
    const c = acct.campaigns.find((x) => x.name === 'Generic')!;
    const budget = (amountMicros: string): WriteRequest => ({ method: 'PATCH', path: `/api/v1/google/campaigns/${c.id}/budget`, body: { adAccountId: G.aliceJp, amountMicros } });
    const token = await expectConfirmationAsked(() => send(budget('900000000000')), ['budgetIncrease']);
    expectRan(await send(budget('900000000000'), { confirm: token }));
    expectRan(await send(budget('800000000000')));
  });
});

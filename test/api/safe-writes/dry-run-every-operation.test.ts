import { WriteDryRunEnvelope } from '../../../api/routes/dry-run.schemas';
import { platformModules, writeOperationNamed } from '../../../shared/platforms';
import { PAGES } from '../../simulators/facebook';
import { useWorld } from '../../world';
import { FB_ENV } from '../facebook/fixtures';
import { BOB_BIKES } from '../tiktok/fixtures';
import { jobIds, simData, stringsIn } from './support';
import { connectAll, FB, FB_BOB, G, isExclusion, LI_BOB, seedIds, urlOf, withAccount, WRITE_REQUESTS, type Entry, type SeedIds } from './write-requests';

/*
 * `?dryRun=true` on a request of every write operation of every platform module: 200 with what the
 * write would send (no token in it), the platform's validate-only verdict where it has one, no job,
 * and the simulator's data untouched.
 */
const w = useWorld({ workers: true, env: FB_ENV }, connectAll);
let ids: SeedIds;
beforeAll(() => {
  ids = seedIds(w, w.imageHash);
});

const operations = platformModules.flatMap((m) => m.writeOperations.map((op) => op.name));
const entries = Object.entries(WRITE_REQUESTS).filter((e): e is [string, Entry] => !isExclusion(e[1]));

/** Where each platform's requests go, below its API base. */
const PLATFORM_PATH: Record<Entry['platform'], RegExp> = {
  facebook: /^(act_\d+\/[a-z_]+|\d+(\/[a-z_]+)?)$/,
  tiktok: /^[a-z_]+(\/[a-z_]+)*\/$/,
  google: /^customers\/\d+\/[A-Za-z]+:mutate$/,
  linkedin: /^adAccounts\/\d+\/[A-Za-z]+(\/\d+)?$/,
};

/** Meta's `execution_options=["validate_only"]` or Google's `validateOnly: true`. */
const validateOnlyCall = (body: Record<string, unknown> | undefined) =>
  body?.validateOnly === true || (typeof body?.execution_options === 'string' && JSON.parse(body.execution_options).includes('validate_only'));

it('the table has an entry for every write operation of every platform module, and no other', () => {
  expect(Object.keys(WRITE_REQUESTS).sort()).toEqual([...operations].sort());
  for (const [name, e] of Object.entries(WRITE_REQUESTS)) if (isExclusion(e)) expect({ name, reason: e.excluded.length > 40 }).toEqual({ name, reason: true });
});

describe.each(entries)('%s with ?dryRun=true', (name, entry) => {
  it('answers 200 with what it would send, sends nothing that changes anything and creates no job', async () => {
    const req = entry.request(ids);
    const jobsBefore = await jobIds(w);
    const dataBefore = simData(w, entry.platform);
    await w.clearSims();
    const r = await w.call(req.method, urlOf(req, true), { body: req.body });
    expect({ status: r.status, error: r.body.error }).toEqual({ status: 200, error: undefined });
    const answer = WriteDryRunEnvelope.parse(r.body);
    expect(r.body.jobId).toBeUndefined();
    expect(answer.data).toMatchObject({ valid: true, platformValidated: entry.platformValidated });
    expect(answer.data.request).toEqual(answer.data.requests.at(-1) ?? null);
    if (writeOperationNamed(name)!.kind !== 'report') expect(answer.data.requests.length).toBeGreaterThan(0);
    for (const req of answer.data.requests) expect(req.path).toMatch(PLATFORM_PATH[entry.platform]);
    expect(answer.data.requests.length > 0 && answer.data.requests.every((x) => x.validated)).toBe(entry.platformValidated);
    // What reached the platform other than reads: only requests in its validate-only mode.
    const sent = (await w.sims[entry.platform]!.calls()).filter((c) => c.method !== 'GET' && !/googleAds:search/.test(c.path));
    expect(sent.filter((c) => !validateOnlyCall(c.body))).toEqual([]);
    const text = stringsIn(r.body);
    for (const token of w.platformTokens) expect(text.filter((s) => s.includes(token))).toEqual([]);
    expect(text.filter((s) => /^(access_token|appsecret_proof|client_secret)$/.test(s))).toEqual([]);
    expect(await jobIds(w)).toEqual(jobsBefore);
    expect(simData(w, entry.platform)).toEqual(dataBefore);
  });
});

/** An ad account of the same platform alice may not use: bob's (403) where bob has one here, else one the tenant never saw (404). */
const OTHER_ACCOUNT: Record<Entry['platform'], string> = { facebook: FB_BOB, linkedin: LI_BOB, tiktok: BOB_BIKES, google: G.unknown };

const sameAnswer = (r: { status: number; body: any }) => ({ status: r.status, code: r.body.error?.code, details: r.body.error?.details });

describe.each(entries)('%s: a dry run is refused exactly as the write', (_name, entry) => {
  it('an invalid body: the same 400, and no job', async () => {
    const invalid = withAccount(entry.request(ids), undefined);
    const jobsBefore = await jobIds(w);
    const dry = await w.call(invalid.method, urlOf(invalid, true), { body: invalid.body });
    const real = await w.call(invalid.method, urlOf(invalid), { body: invalid.body });
    expect(dry.status).toBe(400);
    expect(sameAnswer(dry)).toEqual(sameAnswer(real));
    expect(await jobIds(w)).toEqual(jobsBefore);
  });

  it('an account that is not the caller’s: the same 403/404, and no platform call', async () => {
    const foreign = withAccount(entry.request(ids), OTHER_ACCOUNT[entry.platform]);
    await w.clearSims();
    const dry = await w.call(foreign.method, urlOf(foreign, true), { body: foreign.body });
    const real = await w.call(foreign.method, urlOf(foreign), { body: foreign.body });
    expect([403, 404]).toContain(dry.status);
    expect(sameAnswer(dry)).toEqual(sameAnswer(real));
    expect(await w.sims[entry.platform]!.calls()).toEqual([]);
  });
});

describe('a platform refusing the validate-only request', () => {
  const withoutTrace = (r: { status: number; body: any }) => ({ ...sameAnswer(r), details: r.body.error?.details?.map(({ traceId: _t, ...d }: Record<string, unknown>) => d) });

  it('Meta: a creative naming an image the account does not have → the platform’s error, as the write gets it; no job', async () => {
    const body = { adAccountId: FB, name: 'Dry refused', type: 'LINK', page_id: PAGES.alice[0], image_hash: 'f'.repeat(32), link: 'https://example.test' };
    const jobsBefore = await jobIds(w);
    const dataBefore = simData(w, 'facebook');
    await w.clearSims();
    const dry = await w.call('POST', '/api/v1/facebook/adcreatives?dryRun=true', { body });
    expect(dry.status).toBe(422);
    expect(dry.body.error).toMatchObject({ code: 'PLATFORM_REJECTED', details: [{ platform: 'facebook', code: 100, userTitle: 'Invalid Image Hash' }] });
    const [sent] = (await w.sims.facebook!.calls('/adcreatives')).filter((c) => c.method === 'POST');
    expect(JSON.parse(sent!.body.execution_options)).toEqual(['validate_only']);
    expect(await jobIds(w)).toEqual(jobsBefore);
    expect(simData(w, 'facebook')).toEqual(dataBefore);
    const real = await w.call('POST', '/api/v1/facebook/adcreatives', { body });
    expect(withoutTrace(dry)).toEqual(withoutTrace(real));
  });

  it('Google: a budget that is not a multiple of the currency’s unit (JPY) → Google’s error from validateOnly; nothing changes', async () => {
    const campaign = w.sims.google!.raw.state.account(G.aliceJp).campaigns.find((c) => c.status !== 'REMOVED')!;
    const dataBefore = simData(w, 'google');
    await w.clearSims();
    const dry = await w.call('PATCH', `/api/v1/google/campaigns/${campaign.id}/budget?dryRun=true`, { body: { adAccountId: G.aliceJp, amountMicros: '1500000' } });
    expect(dry.status).toBe(422);
    expect(dry.body.error).toMatchObject({ code: 'PLATFORM_REJECTED', details: [expect.objectContaining({ platform: 'google' })] });
    const [sent] = await w.sims.google!.calls('campaignBudgets:mutate');
    expect(sent!.body.validateOnly).toBe(true);
    expect(simData(w, 'google')).toEqual(dataBefore);
  });
});

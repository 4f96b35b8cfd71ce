import { http, type JsonResponse } from '../../helpers/test-app';
import { useWorld } from '../../world';
import { aliceAndBob, G, gaqlPath } from './fixtures';

const w = useWorld({ platform: 'google', workers: true }, aliceAndBob);

const send = (method: string, path: string, body: unknown, headers: Record<string, string> = w.user.headers) => http(w.app.url, method, path, { headers, body });
const statusPath = (id: string, q = '') => `/api/v1/google/campaigns/${id}/status${q}`;
const budgetPath = (id: string, q = '') => `/api/v1/google/campaigns/${id}/budget${q}`;

interface CampaignRow {
  campaign: { id: string; name: string; status: string; campaignBudget: string };
  campaignBudget: { amountMicros: string };
}

/** Reads the account's campaigns with their budgets back through the gateway's GAQL route. */
async function campaigns(account: string = G.aliceUs): Promise<CampaignRow[]> {
  const r = await w.call('GET', gaqlPath({ adAccountId: account, query: 'SELECT campaign.id, campaign.name, campaign.status, campaign.campaign_budget, campaign_budget.amount_micros FROM campaign ORDER BY campaign.id' }));
  expect(r.status).toBe(200);
  return r.body.data.data as CampaignRow[];
}

const byName = async (name: string, account?: string) => (await campaigns(account)).find((c) => c.campaign.name === name)!;
const mutateCalls = async (service: string) => (await w.sim.calls(`:mutate`)).filter((c) => c.path.endsWith(`/${service}:mutate`));

function expectJobAnswer(r: JsonResponse) {
  expect(r.body.jobId).toMatch(/^[0-9a-f-]{36}$/);
  expect(r.body.pollUrl).toBe(`/api/v1/jobs/${r.body.jobId}`);
  expect(r.headers.get('content-location')).toBe(r.body.pollUrl);
}

describe('POST /api/v1/google/campaigns/{campaignId}/status', () => {
  it('pauses and enables a campaign through campaigns:mutate, and the change reads back through GAQL', async () => {
    const brand = await byName('Brand');
    expect(brand.campaign.status).toBe('ENABLED');
    const paused = await send('POST', statusPath(brand.campaign.id), { adAccountId: G.aliceUs, status: 'PAUSED' });
    expect(paused.status).toBe(200);
    expectJobAnswer(paused);
    expect(paused.body.data.validateOnly).toBe(false);
    expect(paused.body.data.results[0]).toMatchObject({ resourceName: `customers/${G.aliceUs}/campaigns/${brand.campaign.id}`, campaign: { status: 'PAUSED' } });
    expect((await byName('Brand')).campaign.status).toBe('PAUSED');

    const [call] = await mutateCalls('campaigns');
    expect(call!.body).toEqual({
      operations: [{ update: { resourceName: `customers/${G.aliceUs}/campaigns/${brand.campaign.id}`, status: 'PAUSED' }, updateMask: 'status' }],
      partialFailure: true,
      validateOnly: false,
      responseContentType: 'MUTABLE_RESOURCE',
    });

    const job = await w.call('GET', paused.body.pollUrl);
    expect(job.body.data).toMatchObject({ id: paused.body.jobId, type: 'write', operation: 'google.campaign.status', platform: 'google', adAccountId: G.aliceUs, state: 'completed' });

    expect((await send('POST', statusPath(brand.campaign.id), { adAccountId: G.aliceUs, status: 'ENABLED' })).status).toBe(200);
    expect((await byName('Brand')).campaign.status).toBe('ENABLED');
  });

  it('validateOnly=true has Google check the change without applying it', async () => {
    const generic = await byName('Generic');
    const r = await send('POST', statusPath(generic.campaign.id, '?validateOnly=true'), { adAccountId: G.aliceUs, status: 'PAUSED' });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ validateOnly: true, results: [] });
    expect((await mutateCalls('campaigns'))[0]!.body.validateOnly).toBe(true);
    expect((await byName('Generic')).campaign.status).toBe(generic.campaign.status);
  });

  it('REMOVED uses the remove operation; a removed campaign then refuses changes (422 with Google’s error) but a repeated removal answers 200', async () => {
    const c = await byName('Retargeting', G.aliceEu);
    const removed = await send('POST', statusPath(c.campaign.id), { adAccountId: G.aliceEu, status: 'REMOVED' });
    expect(removed.status).toBe(200);
    expect((await mutateCalls('campaigns'))[0]!.body.operations).toEqual([{ remove: `customers/${G.aliceEu}/campaigns/${c.campaign.id}` }]);
    expect((await byName('Retargeting', G.aliceEu)).campaign.status).toBe('REMOVED');

    const again = await send('POST', statusPath(c.campaign.id), { adAccountId: G.aliceEu, status: 'REMOVED' });
    expect(again.status).toBe(200);
    expect(again.body.data.results).toEqual([{ resourceName: `customers/${G.aliceEu}/campaigns/${c.campaign.id}` }]);

    const enable = await send('POST', statusPath(c.campaign.id), { adAccountId: G.aliceEu, status: 'ENABLED' });
    expect(enable.status).toBe(422);
    expect(enable.body.error.code).toBe('PLATFORM_REJECTED');
    expect(enable.body.error.details[0]).toMatchObject({ platform: 'google', code: 'campaignError.CANNOT_MODIFY_REMOVED_CAMPAIGN', operationIndex: 0 });
    // The refusal is the outcome of a job that ran: the error names it, and the job keeps the error.
    expect(enable.body.pollUrl).toBe(`/api/v1/jobs/${enable.body.jobId}`);
    const job = await w.call('GET', enable.body.pollUrl);
    expect(job.body.data).toMatchObject({ state: 'failed', error: { code: 'PLATFORM_REJECTED' } });
  });

  it('a campaign id Google does not know in the account is 404 NOT_FOUND', async () => {
    const r = await send('POST', statusPath('999999999'), { adAccountId: G.aliceUs, status: 'PAUSED' });
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('NOT_FOUND');
    expect(r.body.error.details[0]).toMatchObject({ code: 'mutateError.RESOURCE_NOT_FOUND' });
  });

  it('the same Idempotency-Key replays the first outcome; another body with it is 409', async () => {
    const c = await byName('Generic', G.aliceJp);
    const key = { ...w.user.headers, 'idempotency-key': `status-${Date.now()}` };
    const first = await send('POST', statusPath(c.campaign.id), { adAccountId: G.aliceJp, status: 'PAUSED' }, key);
    expect(first.status).toBe(200);
    const replay = await send('POST', statusPath(c.campaign.id), { adAccountId: G.aliceJp, status: 'PAUSED' }, key);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.jobId).toBe(first.body.jobId);
    expect(await mutateCalls('campaigns')).toHaveLength(1);
    const other = await send('POST', statusPath(c.campaign.id), { adAccountId: G.aliceJp, status: 'ENABLED' }, key);
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('Prefer: respond-async answers 202 with the job to poll', async () => {
    const c = await byName('Brand', G.aliceJp);
    const r = await send('POST', statusPath(c.campaign.id), { adAccountId: G.aliceJp, status: 'PAUSED' }, { ...w.user.headers, prefer: 'respond-async' });
    expect(r.status).toBe(202);
    expect(r.headers.get('location')).toBe(r.body.data.pollUrl);
    expect(r.body.jobId).toBe(r.body.data.jobId);
  });
});

describe('PATCH /api/v1/google/campaigns/{campaignId}/budget', () => {
  it('sets the budget in currency units through campaignBudgets:mutate; campaign_budget.amount_micros reads back', async () => {
    const brand = await byName('Brand');
    const r = await send('PATCH', budgetPath(brand.campaign.id), { adAccountId: G.aliceUs, amount: '42.50' });
    expect(r.status).toBe(200);
    expectJobAnswer(r);
    expect(r.body.data).toMatchObject({ validateOnly: false, campaignBudget: brand.campaign.campaignBudget, previousAmountMicros: brand.campaignBudget.amountMicros });
    expect(r.body.data.results[0].campaignBudget).toMatchObject({ resourceName: brand.campaign.campaignBudget, amountMicros: '42500000' });
    const [call] = await mutateCalls('campaignBudgets');
    expect(call!.body.operations).toEqual([{ update: { resourceName: brand.campaign.campaignBudget, amountMicros: '42500000' }, updateMask: 'amountMicros' }]);
    expect((await byName('Brand')).campaignBudget.amountMicros).toBe('42500000');

    const budget = await w.call('GET', gaqlPath({ adAccountId: G.aliceUs, query: `SELECT campaign_budget.amount_micros FROM campaign_budget WHERE campaign_budget.resource_name = '${brand.campaign.campaignBudget}'` }));
    expect(budget.body.data.data).toEqual([{ campaignBudget: expect.objectContaining({ amountMicros: '42500000' }) }]);
  });

  it('takes amountMicros as given', async () => {
    const generic = await byName('Generic');
    const r = await send('PATCH', budgetPath(generic.campaign.id), { adAccountId: G.aliceUs, amountMicros: '17000000' });
    expect(r.status).toBe(200);
    expect((await byName('Generic')).campaignBudget.amountMicros).toBe('17000000');
  });

  it('validateOnly=true leaves the amount unchanged', async () => {
    const c = await byName('Retargeting');
    const r = await send('PATCH', budgetPath(c.campaign.id, '?validateOnly=1'), { adAccountId: G.aliceUs, amount: '99' });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ validateOnly: true, results: [] });
    expect((await byName('Retargeting')).campaignBudget.amountMicros).toBe(c.campaignBudget.amountMicros);
  });

  it.each([
    ['below the currency minimum', { amountMicros: '5000' }, 'campaignBudgetError.MONEY_AMOUNT_LESS_THAN_CURRENCY_MINIMUM_CPC'],
    ['not a multiple of the smallest unit', { amountMicros: '12345678' }, 'campaignBudgetError.NON_MULTIPLE_OF_MINIMUM_CURRENCY_UNIT'],
    ['a fraction of a yen', { amount: '100.5' }, 'campaignBudgetError.NON_MULTIPLE_OF_MINIMUM_CURRENCY_UNIT'],
  ])('an amount %s is 422 with Google’s error for the operation, nothing changed', async (what, amount, code) => {
    const account = what.includes('yen') ? G.aliceJp : G.aliceUs;
    const c = await byName('Brand', account);
    const r = await send('PATCH', budgetPath(c.campaign.id), { adAccountId: account, ...amount });
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('PLATFORM_REJECTED');
    expect(r.body.error.details[0]).toMatchObject({ platform: 'google', code, operationIndex: 0, field: 'update.amount_micros' });
    expect((await byName('Brand', account)).campaignBudget.amountMicros).toBe(c.campaignBudget.amountMicros);
  });

  it('a campaign the account does not have is 404 before any mutate', async () => {
    const r = await send('PATCH', budgetPath('999999999'), { adAccountId: G.aliceUs, amount: '10' });
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('NOT_FOUND');
    expect(await mutateCalls('campaignBudgets')).toEqual([]);
  });

  it('a client account reached through its manager is changed with login-customer-id', async () => {
    const c = await byName('Brand', G.bakery);
    const r = await send('PATCH', budgetPath(c.campaign.id), { adAccountId: G.bakery, amount: '25' });
    expect(r.status).toBe(200);
    expect((await mutateCalls('campaignBudgets'))[0]!.headers['login-customer-id']).toBe(G.manager);
    expect((await byName('Brand', G.bakery)).campaignBudget.amountMicros).toBe('25000000');
  });
});

describe('input checks before any job or platform call (400 VALIDATION_FAILED naming the field)', () => {
  it.each([
    ['a campaign id that is not a number', 'POST', statusPath('abc'), { adAccountId: G.aliceUs, status: 'PAUSED' }, 'params.campaignId'],
    ['a status Google does not have', 'POST', statusPath('1'), { adAccountId: G.aliceUs, status: 'ARCHIVED' }, 'body.status'],
    ['a missing status', 'POST', statusPath('1'), { adAccountId: G.aliceUs }, 'body.status'],
    ['a missing adAccountId', 'POST', statusPath('1'), { status: 'PAUSED' }, 'body.adAccountId'],
    ['an unknown body field', 'POST', statusPath('1'), { adAccountId: G.aliceUs, status: 'PAUSED', name: 'x' }, 'body'],
    ['validateOnly that is not a boolean', 'POST', statusPath('1', '?validateOnly=maybe'), { adAccountId: G.aliceUs, status: 'PAUSED' }, 'query.validateOnly'],
    ['no amount at all', 'PATCH', budgetPath('1'), { adAccountId: G.aliceUs }, 'body.amountMicros'],
    ['both amount forms', 'PATCH', budgetPath('1'), { adAccountId: G.aliceUs, amount: '1', amountMicros: '1000000' }, 'body.amountMicros'],
    ['negative micros', 'PATCH', budgetPath('1'), { adAccountId: G.aliceUs, amountMicros: '-1000000' }, 'body.amountMicros'],
    ['zero micros', 'PATCH', budgetPath('1'), { adAccountId: G.aliceUs, amountMicros: '0' }, 'body.amountMicros'],
    ['fractional micros', 'PATCH', budgetPath('1'), { adAccountId: G.aliceUs, amountMicros: '1.5' }, 'body.amountMicros'],
    ['micros beyond int64', 'PATCH', budgetPath('1'), { adAccountId: G.aliceUs, amountMicros: '9'.repeat(19) }, 'body.amountMicros'],
    ['an amount of zero', 'PATCH', budgetPath('1'), { adAccountId: G.aliceUs, amount: '0.00' }, 'body.amount'],
    ['an amount with 7 decimals', 'PATCH', budgetPath('1'), { adAccountId: G.aliceUs, amount: '1.0000001' }, 'body.amount'],
    ['an amount of 1e308', 'PATCH', budgetPath('1'), { adAccountId: G.aliceUs, amount: 1e308 }, 'body.amount'],
    ['an amount that is not a number', 'PATCH', budgetPath('1'), { adAccountId: G.aliceUs, amount: 'ten' }, 'body.amount'],
  ])('%s', async (_what, method, path, body, field) => {
    const r = await send(method, path, body);
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('VALIDATION_FAILED');
    expect(r.body.error.details.map((d: { path: string }) => d.path).join(' ')).toContain(field);
    expect(await w.sim.calls(':mutate')).toEqual([]);
  });
});

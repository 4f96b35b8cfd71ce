import { createTenant, externalUserToken, leakedSecrets } from '../../helpers/identity';
import { Connection } from '../../../shared/persistence/entities/connection.entity';
import { useWorld } from '../../world';
import { aliceAndBob, G, gaqlPath, searchStreamOf } from './fixtures';

const w = useWorld({ platform: 'google', workers: true }, aliceAndBob);
const CAMPAIGNS = 'SELECT customer.id, campaign.id, campaign.name, metrics.clicks FROM campaign WHERE segments.date DURING LAST_7_DAYS';

/** The queries the simulator received on searchStream for an account, in order. */
const streamQueries = async (customerId: string) => (await w.sim.calls(searchStreamOf(customerId))).map((c) => c.body.query as string);

describe('GET /api/v1/google/gaql — raw query', () => {
  it('runs the query on the account through searchStream and returns its rows, currency and the query', async () => {
    const r = await w.call('GET', gaqlPath({ adAccountId: G.aliceUs, query: CAMPAIGNS }));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, statusCode: 200, message: 'GAQL query executed' });
    expect(r.body.data.gaqlQuery).toBe(CAMPAIGNS);
    expect(r.body.data.accountIds).toEqual([G.aliceUs]);
    expect(r.body.data.currencyCodes).toEqual({ [G.aliceUs]: 'USD' });
    expect(r.body.data.data).toHaveLength(3);
    const row = r.body.data.data[0];
    // The platform's own row: camelCase nesting, int64 as strings.
    expect(row.customer.id).toBe(G.aliceUs);
    expect(row.campaign).toMatchObject({ resourceName: expect.stringMatching(/^customers\/1000000001\/campaigns\/\d+$/), id: expect.stringMatching(/^\d+$/) });
    expect(typeof row.metrics.clicks).toBe('string');

    const calls = await w.sim.calls(searchStreamOf(G.aliceUs));
    const main = calls.find((c) => c.body.query === CAMPAIGNS)!;
    expect(main).toMatchObject({ method: 'POST', path: `/v23/customers/${G.aliceUs}/googleAds:searchStream`, body: { query: CAMPAIGNS } });
    expect(main.headers.authorization).toBe('[present]');
    expect(main.headers['login-customer-id']).toBeUndefined();
    // No developer token configured for this tenant: the header is not sent (optional since the 2026-09 sunset).
    expect(main.headers['developer-token']).toBeUndefined();
  });

  it('reads the currency once per account and then serves it from the cache', async () => {
    await w.call('GET', gaqlPath({ adAccountId: G.aliceEu, query: CAMPAIGNS }));
    await w.sim.clearCalls();
    const r = await w.call('GET', gaqlPath({ adAccountId: G.aliceEu, query: CAMPAIGNS }));
    expect(r.body.data.currencyCodes).toEqual({ [G.aliceEu]: 'EUR' });
    expect(await streamQueries(G.aliceEu)).toEqual([CAMPAIGNS]);
  });

  it('when the query is not valid GAQL, answers 400 INVALID_QUERY with the position, before any platform call', async () => {
    const bad = 'SELECT campaign.id FROM campaign WHERE segments.date DURING LAST_9_DAYS';
    const r = await w.call('GET', gaqlPath({ adAccountId: G.aliceUs, query: bad }));
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('INVALID_QUERY');
    expect(r.body.error.details[0]).toMatchObject({ path: 'query.query', code: 'INVALID_VALUE_WITH_DURING_OPERATOR', position: 60, line: 1, column: 61 });
    expect(await w.sim.calls('googleAds')).toEqual([]);
  });

  it.each([
    ['FROM is missing', 'SELECT campaign.id', 'EXPECTED_FROM'],
    ['LIMIT is not a positive integer', 'SELECT campaign.id FROM campaign LIMIT 0', 'LIMIT_VALUE_TOO_LOW'],
    ['segments.date is selected without a finite date filter', 'SELECT segments.date, metrics.clicks FROM campaign WHERE segments.date >= \'2026-01-01\'', 'EXPECTED_FILTERS_ON_DATE_RANGE'],
    ['a string is not terminated', "SELECT campaign.id FROM campaign WHERE campaign.name = 'x", 'STRING_NOT_TERMINATED'],
  ])('when %s, answers 400 INVALID_QUERY (%s)', async (_what, query, code) => {
    const r = await w.call('GET', gaqlPath({ adAccountId: G.aliceUs, query }));
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: 'INVALID_QUERY', details: [expect.objectContaining({ code, position: expect.any(Number) })] });
    expect(await w.sim.calls('googleAds')).toEqual([]);
  });

  it('when both the raw and the structured form are given, answers 400 VALIDATION_FAILED', async () => {
    const r = await w.call('GET', gaqlPath({ adAccountId: G.aliceUs, query: CAMPAIGNS, resource: 'campaign' }));
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'query.resource' }] });
  });
});

describe('GET /api/v1/google/gaql — structured form', () => {
  it('builds quoted GAQL from resource, fields, where, orderBy, limit and dateRange and runs it', async () => {
    const r = await w.call('GET', gaqlPath({
        adAccountId: G.aliceUs,
        resource: 'campaign',
        fields: 'campaign.id,campaign.name,metrics.clicks',
        where: JSON.stringify([{ field: 'campaign.status', op: 'IN', value: ['ENABLED', 'PAUSED'] }]),
        orderBy: 'campaign.id DESC',
        limit: 2,
        dateRange: 'last_30_days',
      }));
    expect(r.status).toBe(200);
    const expected =
      "SELECT campaign.id, campaign.name, metrics.clicks FROM campaign WHERE campaign.status IN ('ENABLED', 'PAUSED') AND segments.date DURING LAST_30_DAYS ORDER BY campaign.id DESC LIMIT 2";
    expect(r.body.data.gaqlQuery).toBe(expected);
    expect(await streamQueries(G.aliceUs)).toContain(expected);
    const ids = r.body.data.data.map((row: any) => BigInt(row.campaign.id));
    expect(ids).toHaveLength(2);
    expect(ids[0] > ids[1]).toBe(true);
  });

  it('takes where and orderBy as repeated "field op value" strings, as a generated client sends them', async () => {
    const base = gaqlPath({ adAccountId: G.aliceUs, resource: 'campaign', fields: 'campaign.id,campaign.name,metrics.clicks', limit: 2, dateRange: 'LAST_30_DAYS' });
    const extra = new URLSearchParams([
      ['where', 'campaign.status IN (ENABLED, PAUSED)'],
      ['where', "campaign.name != 'x'"],
      ['orderBy', 'campaign.id DESC'],
    ]);
    const r = await w.call('GET', `${base}&${extra}`);
    expect(r.status).toBe(200);
    expect(r.body.data.gaqlQuery).toBe(
      "SELECT campaign.id, campaign.name, metrics.clicks FROM campaign WHERE campaign.status IN ('ENABLED', 'PAUSED') AND campaign.name != 'x' AND segments.date DURING LAST_30_DAYS ORDER BY campaign.id DESC LIMIT 2",
    );
    expect(r.body.data.data).toHaveLength(2);
  });

  it('answers 400 VALIDATION_FAILED naming a where string without an operator', async () => {
    const base = gaqlPath({ adAccountId: G.aliceUs, resource: 'campaign', fields: 'campaign.id' });
    const r = await w.call('GET', `${base}&where=${encodeURIComponent('campaign.status ENABLED')}&where=${encodeURIComponent('campaign.id > 1')}`);
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('VALIDATION_FAILED');
    expect(r.body.error.details[0]).toMatchObject({ path: 'query.where.0', message: expect.stringContaining('field op value') });
    expect(await w.sim.calls('googleAds')).toEqual([]);
  });

  it('sends a value with quotes as one escaped string literal', async () => {
    const r = await w.call('GET', gaqlPath({
        adAccountId: G.aliceUs,
        resource: 'campaign',
        fields: 'campaign.id',
        where: JSON.stringify([{ field: 'campaign.name', op: '=', value: "Brand' OR campaign.id > '0" }]),
      }));
    expect(r.status).toBe(200);
    expect(r.body.data.gaqlQuery).toBe("SELECT campaign.id FROM campaign WHERE campaign.name = 'Brand\\' OR campaign.id > \\'0'");
    expect(r.body.data.data).toEqual([]);
  });

  it('custom dates become a BETWEEN on segments.date', async () => {
    const r = await w.call('GET', gaqlPath({ adAccountId: G.aliceUs, resource: 'campaign', fields: 'campaign.id,segments.date,metrics.impressions', startDate: '2026-11-01', endDate: '2026-11-03' }));
    expect(r.status).toBe(200);
    expect(r.body.data.gaqlQuery).toContain("WHERE segments.date BETWEEN '2026-11-01' AND '2026-11-03'");
    expect(new Set(r.body.data.data.map((row: any) => row.segments.date))).toEqual(new Set(['2026-11-01', '2026-11-02', '2026-11-03']));
  });

  it('when a structured member is wrong, answers 400 INVALID_QUERY naming it', async () => {
    const r = await w.call('GET', gaqlPath({ adAccountId: G.aliceUs, resource: 'campaign', fields: 'campaign.id,segments.date' }));
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: 'INVALID_QUERY', details: [{ path: 'query.fields[1]', code: 'EXPECTED_FILTERS_ON_DATE_RANGE' }] });
    expect(await w.sim.calls('googleAds')).toEqual([]);
  });
});

describe('GET /api/v1/google/gaql — fan-out', () => {
  it('runs over a comma list of 3 accounts: all rows, every account id and each currency', async () => {
    const r = await w.call('GET', gaqlPath({ adAccountId: `${G.aliceUs},100-000-0002, ${G.aliceJp}`, query: CAMPAIGNS }));
    expect(r.status).toBe(200);
    expect(r.body.data.accountIds).toEqual([G.aliceUs, G.aliceEu, G.aliceJp]);
    expect(r.body.data.currencyCodes).toEqual({ [G.aliceUs]: 'USD', [G.aliceEu]: 'EUR', [G.aliceJp]: 'JPY' });
    expect(r.body.data.data).toHaveLength(9);
    const perAccount = new Map<string, number>();
    for (const row of r.body.data.data) perAccount.set(row.customer.id, (perAccount.get(row.customer.id) ?? 0) + 1);
    expect(Object.fromEntries(perAccount)).toEqual({ [G.aliceUs]: 3, [G.aliceEu]: 3, [G.aliceJp]: 3 });
    expect(r.body.data.failedAccountIds).toBeUndefined();
    for (const id of [G.aliceUs, G.aliceEu, G.aliceJp]) expect(await streamQueries(id)).toContain(CAMPAIGNS);
  });

  it('expands a manager with includeClients=true to its enabled clients, through login-customer-id', async () => {
    const r = await w.call('GET', gaqlPath({ adAccountId: G.manager, includeClients: true, query: CAMPAIGNS }));
    expect(r.status).toBe(200);
    // The cancelled gym client is left out; clients count as owned through the manager (florist was never activated).
    expect(r.body.data.accountIds).toEqual([G.bakery, G.florist]);
    expect(r.body.data.currencyCodes).toEqual({ [G.bakery]: 'USD', [G.florist]: 'GBP' });
    expect(r.body.data.data).toHaveLength(6);
    const tree = (await w.sim.calls(searchStreamOf(G.manager)))[0]!;
    expect(tree.body.query).toMatch(/FROM customer_client$/);
    expect(tree.headers['login-customer-id']).toBeUndefined();
    for (const id of [G.bakery, G.florist]) {
      const calls = await w.sim.calls(searchStreamOf(id));
      expect(calls.map((c) => c.body.query)).toEqual([CAMPAIGNS]);
      expect(calls[0]!.headers['login-customer-id']).toBe(G.manager);
    }
  });

  it('with includeClients, a plain account in the list stays itself next to the manager clients', async () => {
    const r = await w.call('GET', gaqlPath({ adAccountId: `${G.aliceUs},${G.manager}`, includeClients: true, query: CAMPAIGNS }));
    expect(r.status).toBe(200);
    expect(r.body.data.accountIds).toEqual([G.aliceUs, G.bakery, G.florist]);
    expect(r.body.data.data).toHaveLength(9);
  });

  it('a client activated through the manager is queried with the manager as login-customer-id', async () => {
    const r = await w.call('GET', gaqlPath({ adAccountId: G.bakery, query: CAMPAIGNS }));
    expect(r.status).toBe(200);
    expect((await w.sim.calls(searchStreamOf(G.bakery))).every((c) => c.headers['login-customer-id'] === G.manager)).toBe(true);
  });

  it('a manager without includeClients is queried itself', async () => {
    const r = await w.call('GET', gaqlPath({ adAccountId: G.manager, query: 'SELECT customer.id, customer.manager FROM customer' }));
    expect(r.status).toBe(200);
    expect(r.body.data.accountIds).toEqual([G.manager]);
    expect(r.body.data.data).toEqual([{ customer: { resourceName: `customers/${G.manager}`, id: G.manager, manager: true } }]);
  });

  it('when one account of three fails, keeps the others rows and lists the failed account with its error', async () => {
    await w.sim.fault({ kind: 'permission', path: searchStreamOf(G.aliceEu) });
    const r = await w.call('GET', gaqlPath({ adAccountId: [G.aliceUs, G.aliceEu, G.aliceJp].join(','), query: CAMPAIGNS }));
    expect(r.status).toBe(200);
    expect(r.body.data.accountIds).toEqual([G.aliceUs, G.aliceEu, G.aliceJp]);
    expect(r.body.data.failedAccountIds).toEqual([G.aliceEu]);
    const rows = r.body.data.data.filter((x: any) => !x.error);
    expect(rows).toHaveLength(6);
    expect(r.body.data.data.at(-1)).toEqual({
      accountId: G.aliceEu,
      error: { code: 'FORBIDDEN', message: expect.stringContaining('permission'), details: [expect.objectContaining({ platform: 'google', code: 'authorizationError.USER_PERMISSION_DENIED' })] },
    });
  });

  it('when every account fails, answers with the platform refusal itself', async () => {
    await w.sim.fault({ kind: 'permission', path: 'googleAds:searchStream' });
    const r = await w.call('GET', gaqlPath({ adAccountId: `${G.aliceUs},${G.aliceJp}`, query: CAMPAIGNS }));
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('FORBIDDEN');
  });
});

describe('GET /api/v1/google/gaql — ownership of every listed account', () => {
  it('when one listed account belongs to another user, answers 403 AD_ACCOUNT_NOT_OWNED before any platform call', async () => {
    const r = await w.call('GET', gaqlPath({ adAccountId: `${G.aliceUs},${G.bobBikes}`, query: CAMPAIGNS }));
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('AD_ACCOUNT_NOT_OWNED');
    expect(await w.sim.calls('googleAds')).toEqual([]);
  });

  it('when one listed account is unknown in the tenant, answers 404 AD_ACCOUNT_NOT_FOUND', async () => {
    const r = await w.call('GET', gaqlPath({ adAccountId: `${G.aliceUs},${G.unknown}`, query: CAMPAIGNS }));
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('AD_ACCOUNT_NOT_FOUND');
    expect(await w.sim.calls('googleAds')).toEqual([]);
  });

  it('when one listed account is known but not activated, answers 403 AD_ACCOUNT_NOT_VALIDATED', async () => {
    const r = await w.call('GET', gaqlPath({ adAccountId: `${G.aliceUs},${G.florist}`, query: CAMPAIGNS }));
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('AD_ACCOUNT_NOT_VALIDATED');
    expect(await w.sim.calls('googleAds')).toEqual([]);
  });

  it('checks the listed accounts together: the first refused one in the list decides, and nothing is called', async () => {
    const ids = [G.aliceUs, G.aliceEu, G.unknown, G.bobBikes, G.aliceJp];
    const first = await w.call('GET', gaqlPath({ adAccountId: ids.join(','), query: CAMPAIGNS }));
    expect(first.status).toBe(404);
    expect(first.body.error.code).toBe('AD_ACCOUNT_NOT_FOUND');
    const swapped = await w.call('GET', gaqlPath({ adAccountId: [G.aliceUs, G.bobBikes, G.aliceEu, G.unknown].join(','), query: CAMPAIGNS }));
    expect(swapped.status).toBe(403);
    expect(swapped.body.error.code).toBe('AD_ACCOUNT_NOT_OWNED');
    expect(await w.sim.calls('googleAds')).toEqual([]);
  });

  it("another tenant's user listing this tenant's accounts gets 404 for them, never 403", async () => {
    const t2 = await createTenant(w.app);
    const stranger = await externalUserToken(w.app, t2.apiKey, 'gaql-stranger');
    const r = await w.call('GET', gaqlPath({ adAccountId: [G.aliceUs, G.aliceEu, G.bobBikes].join(','), query: CAMPAIGNS }), {
      as: { authorization: `Bearer ${stranger}` },
    });
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('AD_ACCOUNT_NOT_FOUND');
    expect(await w.sim.calls('googleAds')).toEqual([]);
  });

  it('a manager owned by another user cannot be expanded', async () => {
    const r = await w.call('GET', gaqlPath({ adAccountId: G.manager, includeClients: true, query: CAMPAIGNS }), { as: w.bob.headers });
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('AD_ACCOUNT_NOT_OWNED');
  });
});

describe('GET /api/v1/google/gaql — token refresh mid fan-out', () => {
  it('when the access token expired at Google, refreshes once for the whole fan-out and answers every account', async () => {
    const token = (await w.storedTokens(w.connections.alice)).accessToken;
    await w.sim.expireToken(token);
    const r = await w.call('GET', gaqlPath({ adAccountId: [G.aliceUs, G.aliceEu, G.aliceJp].join(','), query: CAMPAIGNS }));
    expect(r.status).toBe(200);
    expect(r.body.data.data).toHaveLength(9);
    const refreshes = (await w.sim.calls('/token')).filter((c) => c.method === 'POST' && c.body?.grant_type === 'refresh_token');
    expect(refreshes).toHaveLength(1);
    expect((await w.storedTokens(w.connections.alice)).accessToken).not.toBe(token);
  });
});

describe('developer-token header', () => {
  it('is sent when the tenant app has one', async () => {
    const patch = await fetch(`${w.app.url}/api/v1/tenant/apps/google`, {
      method: 'PATCH',
      headers: { 'x-api-key': w.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ developerToken: 'DEVTOKEN-abcdefghijklmnop' }),
    });
    expect(patch.status).toBe(200);
    const r = await w.call('GET', gaqlPath({ adAccountId: G.aliceUs, query: CAMPAIGNS }));
    expect(r.status).toBe(200);
    const calls = await w.sim.calls(searchStreamOf(G.aliceUs));
    // The simulator masks secret-looking headers; presence is what matters here.
    expect(calls.at(-1)!.headers['developer-token']).toBe('[present]');
  });
});

describe('secrets', () => {
  it('no Google access or refresh token ever appears in the gateway log', async () => {
    const em = w.app.infra.orm.em.fork();
    const tokens: string[] = [];
    // Other test files share the database; rows under another file's key ring are not ours to read.
    const ours = (enc: string) => w.app.config.ENCRYPTION_KEYS.split(',').some((k) => enc.startsWith(`v1.${k.split(':')[0]}.`));
    for (const c of await em.find(Connection, { platform: 'google' })) {
      for (const enc of [c.accessTokenEnc, c.refreshTokenEnc]) if (enc && ours(enc)) tokens.push(w.app.services.vault.decrypt(enc));
    }
    expect(tokens.length).toBeGreaterThanOrEqual(4);
    expect(leakedSecrets([w.app.logFile], tokens)).toEqual([]);
  });
});

import { confirmed, createGatewayClient, GatewayError, JobPendingError, type GatewayClientOptions, type paths } from '../../clients/typescript/src';

/*
 * The helpers against a scripted gateway (a fetch that answers from a list), with jest's clock: what
 * is sent, when, and what the caller gets. The sandbox run is typescript-client.test.ts.
 */

const JOB = '5b0c7d1e-8f2a-4c3b-9d4e-1f2a3b4c5d6e';
const BASE = 'http://gateway.test';

interface Sent {
  method: string;
  path: string;
  headers: Headers;
}

/** A fetch answering each request with the next scripted answer; records what was sent. */
function scripted(answers: (() => Response)[]) {
  const sent: Sent[] = [];
  const send = async (r: Request) => {
    sent.push({ method: r.method, path: new URL(r.url).pathname + new URL(r.url).search, headers: r.headers });
    const next = answers[sent.length - 1];
    if (!next) throw new Error(`unscripted request ${r.method} ${r.url}`);
    return next();
  };
  return { sent, fetch: send };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const ok = (data: unknown, status = 200, headers: Record<string, string> = {}) =>
  json(status, { success: true, message: 'OK', timestamp: '2026-12-01T00:00:00.000Z', statusCode: status, data }, headers);
const failed = (status: number, code: string, headers: Record<string, string> = {}) =>
  json(status, { success: false, message: `${code} happened`, timestamp: '2026-12-01T00:00:00.000Z', statusCode: status, path: '/x', requestId: 'req-1', error: { code, details: [] } }, headers);
const job = (state: string, extra: Record<string, unknown> = {}) => ({
  id: JOB, type: 'write', operation: 'facebook.campaign.create', platform: 'facebook', adAccountId: '1', state, progress: null, attempts: 1, requestId: 'req-start', createdAt: '2026-12-01T00:00:00.000Z', ...extra,
});
const accepted = (headers: Record<string, string> = {}) => ok({ jobId: JOB, status: 'queued', pollUrl: `/api/v1/jobs/${JOB}` }, 202, { location: `/api/v1/jobs/${JOB}`, ...headers });

/**
 * Lets the client run (real turns of the event loop; jest fakes only the clock) until it has
 * scheduled `n` timers: then it waits on the clock, and advancing it is meaningful.
 */
async function waitingOn(n: number): Promise<void> {
  for (let i = 0; i < 1000 && jest.getTimerCount() < n; i++) await new Promise((r) => setImmediate(r));
  expect(jest.getTimerCount()).toBeGreaterThanOrEqual(n);
}

const client = (fetch: GatewayClientOptions['fetch'], o: Partial<GatewayClientOptions> = {}) => createGatewayClient({ baseUrl: BASE, auth: { bearer: 'user-token' }, fetch, ...o });
type CampaignBody = NonNullable<paths['/api/v1/facebook/campaigns']['post']['requestBody']>['content']['application/json'];
const body: CampaignBody = { adAccountId: 'act_1', name: 'C', objective: 'OUTCOME_TRAFFIC', special_ad_categories: [] };

describe('the TypeScript client’s helpers', () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'] }));
  afterEach(() => jest.useRealTimers());

  it('waitForJob polls the job a 202 names, no sooner than each Retry-After, and returns its result', async () => {
    const gw = scripted([() => accepted({ 'retry-after': '3' }), () => ok(job('active'), 200, { 'retry-after': '2' }), () => ok(job('completed', { result: { id: '42' } }))]);
    const api = client(gw.fetch);
    const outcome = api.waitForJob(api.POST('/api/v1/facebook/campaigns', { body }));
    await waitingOn(2); // the wait's deadline and the pause before the first poll
    await jest.advanceTimersByTimeAsync(2999);
    expect(gw.sent.map((s) => `${s.method} ${s.path}`)).toEqual(['POST /api/v1/facebook/campaigns']);
    await jest.advanceTimersByTimeAsync(1);
    await waitingOn(2);
    expect(gw.sent.map((s) => s.path)).toEqual(['/api/v1/facebook/campaigns', `/api/v1/jobs/${JOB}`]);
    await jest.advanceTimersByTimeAsync(1999);
    expect(gw.sent).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(1);
    await expect(outcome).resolves.toEqual({ id: '42' });
    expect(gw.sent[2]?.headers.get('authorization')).toBe('Bearer user-token');
  });

  it('waitForJob ends with JobPendingError after its timeout, or when its signal aborts; the job id is kept to wait again', async () => {
    const gw = scripted(Array.from({ length: 40 }, () => () => ok(job('queued'))));
    const api = client(gw.fetch);
    const timedOut = api.waitForJob(JOB, { timeoutMs: 10_000, intervalMs: 1000, maxIntervalMs: 1000 }).catch((e: unknown) => e);
    for (let t = 0; t < 10_000; t += 1000) {
      await waitingOn(2);
      await jest.advanceTimersByTimeAsync(1000);
    }
    const e = await timedOut;
    expect(e).toBeInstanceOf(JobPendingError);
    expect(e).toMatchObject({ jobId: JOB, state: 'queued', cause: expect.objectContaining({ name: 'TimeoutError' }) });
    expect(gw.sent.length).toBeGreaterThan(5);

    const stop = new AbortController();
    const aborted = api.waitForJob(JOB, { signal: stop.signal }).catch((err: unknown) => err);
    stop.abort(new Error('user left'));
    await jest.advanceTimersByTimeAsync(0);
    expect(await aborted).toMatchObject({ name: 'JobPendingError', jobId: JOB, cause: expect.objectContaining({ message: 'user left' }) });
  });

  it('a failed job is a GatewayError with its code, the job id and the id of the request that started it', async () => {
    const gw = scripted([() => accepted(), () => ok(job('failed', { error: { code: 'PLATFORM_REJECTED', message: 'Invalid parameter', details: [{ platform: 'facebook', code: 100 }] } }))]);
    const api = client(gw.fetch);
    const outcome = api.waitForJob(api.POST('/api/v1/facebook/campaigns', { body })).catch((e: unknown) => e);
    await waitingOn(2);
    await jest.advanceTimersByTimeAsync(1000);
    const e = await outcome;
    expect(e).toBeInstanceOf(GatewayError);
    expect(e).toMatchObject({ code: 'PLATFORM_REJECTED', message: 'Invalid parameter', jobId: JOB, requestId: 'req-start', status: undefined, details: [{ platform: 'facebook', code: 100 }] });
  });

  it('retries a keyed write after 503 with the same Idempotency-Key, once Retry-After has passed', async () => {
    const gw = scripted([() => failed(503, 'SERVICE_UNAVAILABLE', { 'retry-after': '1' }), () => ok({ id: '7' })]);
    const api = client(gw.fetch);
    const outcome = api.waitForJob(api.POST('/api/v1/facebook/campaigns', { body }));
    await waitingOn(1); // the retry's pause
    await jest.advanceTimersByTimeAsync(999);
    expect(gw.sent).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    await expect(outcome).resolves.toEqual({ id: '7' });
    const keys = gw.sent.map((s) => s.headers.get('idempotency-key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('does not repeat a write without a key: the 503 comes back as GatewayError with its Retry-After', async () => {
    const gw = scripted([() => failed(503, 'SERVICE_UNAVAILABLE', { 'retry-after': '1', 'x-request-id': 'req-1' })]);
    const api = client(gw.fetch, { idempotencyKey: false });
    const e = await api.unwrap(api.POST('/api/v1/facebook/campaigns', { body })).catch((err: unknown) => err);
    expect(e).toMatchObject({ name: 'GatewayError', code: 'SERVICE_UNAVAILABLE', status: 503, retryAfterSeconds: 1, requestId: 'req-1', message: 'SERVICE_UNAVAILABLE happened' });
    expect(gw.sent[0]?.headers.has('idempotency-key')).toBe(false);
  });

  it('sends a key only to the writes that take one, and keeps a key or credential the call sets itself', async () => {
    const gw = scripted([() => ok({ accessToken: 'a' }), () => ok({ id: '1' })]);
    const api = client(gw.fetch, { auth: async () => ({ apiKey: 'key-1', externalUserId: 'u-1' }) });
    await api.unwrap(api.POST('/api/v1/auth/token', { body: { externalUserId: 'u-1' } }));
    await api.unwrap(api.POST('/api/v1/facebook/campaigns', { body, params: { header: { 'Idempotency-Key': 'mine', 'x-external-user-id': 'u-2' } } }));
    expect(gw.sent[0]?.headers.has('idempotency-key')).toBe(false);
    expect(gw.sent[0]?.headers.get('x-api-key')).toBe('key-1');
    expect(gw.sent[1]?.headers.get('idempotency-key')).toBe('mine');
    expect(gw.sent[1]?.headers.get('x-external-user-id')).toBe('u-2');
  });

  it('an answer without the gateway envelope (a proxy page) is GatewayError UNEXPECTED_RESPONSE', async () => {
    const gw = scripted([() => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } })]);
    const api = client(gw.fetch);
    const e = await api.unwrap(api.GET('/api/v1/connections')).catch((err: unknown) => err);
    expect(e).toMatchObject({ name: 'GatewayError', code: 'UNEXPECTED_RESPONSE', status: 502 });
  });

  it('paginate follows numbered gateway pages (page, pageSize, total) and Google page tokens', async () => {
    const user = (id: string) => ({ id, email: `${id}@example.test`, name: id, role: 'member', createdAt: '2026-12-01T00:00:00.000Z' });
    const gw = scripted([
      () => ok({ items: [user('a'), user('b')], page: 1, pageSize: 2, total: 3 }),
      () => ok({ items: [user('c')], page: 2, pageSize: 2, total: 3 }),
      () => ok({ data: [{ campaign: { id: '1' } }], paging: { nextPageToken: 'tok-2', totalResultsCount: null }, gaqlQuery: 'q' }),
      () => ok({ data: [{ campaign: { id: '2' } }], paging: { nextPageToken: null, totalResultsCount: null }, gaqlQuery: 'q' }),
    ]);
    const api = client(gw.fetch);
    const users: string[] = [];
    for await (const u of api.paginate(({ page }) => api.GET('/api/v1/tenant/users', { params: { query: { page, pageSize: 2 } } }))) users.push(u.id);
    const campaigns: string[] = [];
    for await (const row of api.paginate(({ cursor }) => api.GET('/api/v1/google/assets', { params: { query: { adAccountId: '1000000001', level: 'campaign', pageToken: cursor } } }))) {
      campaigns.push(row.campaign?.id ?? '');
    }
    expect(users).toEqual(['a', 'b', 'c']);
    expect(campaigns).toEqual(['1', '2']);
    expect(gw.sent.map((s) => s.path)).toEqual([
      '/api/v1/tenant/users?page=1&pageSize=2',
      '/api/v1/tenant/users?page=2&pageSize=2',
      '/api/v1/google/assets?adAccountId=1000000001&level=campaign',
      '/api/v1/google/assets?adAccountId=1000000001&level=campaign&pageToken=tok-2',
    ]);
  });

  describe('confirmed: a write the tenant asks to confirm', () => {
    const needsConfirm = () =>
      json(409, { success: false, message: 'The tenant asks to confirm: activate.', timestamp: '2026-12-01T00:00:00.000Z', statusCode: 409, path: '/x', requestId: 'req-1', error: { code: 'CONFIRMATION_REQUIRED', details: [{ action: 'activate' }], confirmToken: 'tok.sig' } });
    const send = (api: ReturnType<typeof client>) => (headers: Record<string, string>) =>
      api.POST('/api/v1/google/campaigns/{campaignId}/status', { params: { path: { campaignId: '42' }, header: headers }, body: { adAccountId: '1000000001', status: 'ENABLED' } });

    it('resends the same request with Confirm: <token> once approved, and returns its answer', async () => {
      const gw = scripted([needsConfirm, () => ok({ validateOnly: false, results: [] })]);
      const seen: GatewayError[] = [];
      const r = await confirmed(send(client(gw.fetch)), (e) => (seen.push(e), true));
      expect(r.response.status).toBe(200);
      expect(seen.map((e) => [e.code, e.confirmToken, e.details])).toEqual([['CONFIRMATION_REQUIRED', 'tok.sig', [{ action: 'activate' }]]]);
      expect(gw.sent.map((s) => [s.path, s.headers.get('confirm')])).toEqual([
        ['/api/v1/google/campaigns/42/status', null],
        ['/api/v1/google/campaigns/42/status', 'tok.sig'],
      ]);
    });

    it('sends nothing more when not approved, and leaves any other answer as it came', async () => {
      const refused = scripted([needsConfirm]);
      expect((await confirmed(send(client(refused.fetch)), () => false)).response.status).toBe(409);
      expect(refused.sent).toHaveLength(1);
      const other = scripted([() => failed(422, 'GUARDRAIL_EXCEEDED')]);
      expect((await confirmed(send(client(other.fetch)))).response.status).toBe(422);
      expect(other.sent).toHaveLength(1);
    });
  });
});

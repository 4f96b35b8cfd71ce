import { eventually } from '../../helpers/eventually';
import { externalUserToken } from '../../helpers/identity';
import { authorize, connectAccount } from '../../helpers/connections';
import { http, startWorld, type TestApp, type World } from '../../world';
import { queriesDuring } from '../../helpers/sql-spy';

let w: World;
let a: TestApp;
let b: TestApp;
let apiKey: string;

beforeAll(async () => {
  // Two replicas: same database, same Redis prefix (so the same invalidation channel), separate memory.
  w = await startWorld({ platforms: ['facebook', 'google'], env: { TOKEN_CACHE_TTL_MS: '60000' } });
  ({ app: a, apiKey } = w);
  b = await w.replica();
});
afterAll(() => w?.close());

const bearer = (t: string) => ({ authorization: `Bearer ${t}` });


const refreshCalls = async () => (await w.sims.google!.calls('/token')).filter((c) => c.body?.grant_type === 'refresh_token').length;

/** A Google OAuth connection (with a refresh token) for a fresh external user. */
async function googleConnection(user: string): Promise<string> {
  const token = await externalUserToken(a, apiKey, user);
  const url = await http(a.url, 'POST', '/api/v1/connections/google/auth-url', { headers: bearer(token), body: {} });
  const cb = await http(a.url, 'GET', (await authorize(url.body.data.url)).replace(a.url, ''));
  // The whole answer on failure: a callback refusal names its reason only in the body.
  expect({ status: cb.status, body: cb.body }).toMatchObject({ status: 200 });
  return cb.body.data.connectionId as string;
}

describe('token cache', () => {
  it('a warm token read (token source and its token) issues no SQL; a cold one does', async () => {
    const token = await externalUserToken(a, apiKey, 'warm-reader');
    const acc = await connectAccount(a, w.sims, { platform: 'facebook', token, adAccountId: '100000000000001' });
    const auth = a.services.platformAuth;
    const read = async () => (await auth.tokenSource(acc.connectionId)).get();
    await auth.forget([acc.connectionId]);
    let got = '';
    const cold = await queriesDuring(a, async () => (got = await read()));
    expect(cold.some((q) => /connections/.test(q))).toBe(true);
    expect(got).toBe(acc.platformToken);
    const warm = await queriesDuring(a, async () => (got = await read()));
    expect(warm).toEqual([]);
    expect(got).toBe(acc.platformToken);
  });

  it('a revoke on replica A stops replica B from using the token it had cached', async () => {
    const token = await externalUserToken(a, apiKey, 'revoked-elsewhere');
    const acc = await connectAccount(a, w.sims, { platform: 'facebook', token, adAccountId: '100000000000002' });
    expect(await b.services.platformAuth.accessTokenFor(undefined, acc.connectionId)).toBe(acc.platformToken);
    expect(await queriesDuring(b, () => b.services.platformAuth.accessTokenFor(undefined, acc.connectionId))).toEqual([]);
    const r = await http(a.url, 'DELETE', `/api/v1/connections/${acc.connectionId}`, { headers: bearer(token) });
    expect(r.status).toBe(200);
    const outcome = () =>
      b.services.platformAuth.accessTokenFor(undefined, acc.connectionId).then(
        () => 'token',
        (err: { code?: string }) => err.code,
      );
    expect(await eventually(outcome, (o) => o !== 'token', 3_000)).toBe('CONNECTION_REAUTH_REQUIRED');
  });

  it('a refresh on replica A replaces the token replica B had cached', async () => {
    const connectionId = await googleConnection('refreshed-elsewhere');
    const before = await b.services.platformAuth.accessTokenFor(undefined, connectionId);
    const after = await a.services.platformAuth.refresh(connectionId, before);
    expect(after).not.toBe(before);
    const seen = () => b.services.platformAuth.accessTokenFor(undefined, connectionId);
    expect(await eventually(seen, (t) => t !== before, 3_000)).toBe(after);
  });
});

describe('refresh of a shared token source', () => {
  it('a call refused with a token that was already refreshed gets the new token without a second refresh', async () => {
    const connectionId = await googleConnection('shared-source');
    const source = await a.services.platformAuth.tokenSource(connectionId);
    const first = await source.get();
    const calls = await refreshCalls();
    // Two calls sent with `first` were both refused; the second reports after the first refreshed.
    const refreshed = await source.refresh!(first);
    expect(await source.refresh!(first)).toBe(refreshed);
    expect(await source.get()).toBe(refreshed);
    expect((await refreshCalls()) - calls).toBe(1);
  });

  it('calls refused at the same time share one refresh', async () => {
    const connectionId = await googleConnection('concurrent-refusals');
    const source = await a.services.platformAuth.tokenSource(connectionId);
    const first = await source.get();
    const calls = await refreshCalls();
    const tokens = await Promise.all(Array.from({ length: 5 }, () => source.refresh!(first)));
    expect(new Set(tokens).size).toBe(1);
    expect(tokens[0]).not.toBe(first);
    expect((await refreshCalls()) - calls).toBe(1);
  });
});

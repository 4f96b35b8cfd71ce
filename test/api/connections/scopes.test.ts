import { ACCOUNTS, PAGES } from '../../simulators/facebook';
import { http } from '../../helpers/test-app';
import { authorize, connectThroughDialog } from '../../helpers/connections';
import { useWorld } from '../../world';

/**
 * Scopes as data: the consent the gateway asks for, what the platform granted, and a call the grant
 * does not cover refused before any platform call (Meta lead ads guide:
 * https://developers.facebook.com/docs/marketing-api/guides/lead-ads/).
 */
const w = useWorld({ platforms: ['facebook', 'google'], env: { RATE_LIMIT_PER_MINUTE: '100000' } });
/** A new external user of the world's tenant. */
const userToken = async (externalUserId: string) => (await w.userFor(externalUserId)).token;

const bearer = (t: string) => ({ authorization: `Bearer ${t}` });
const A1 = ACCOUNTS.alice[0];
const graphCalls = async (part: string) => (await w.sims.facebook!.calls(part)).length;

/** A user who consented without `declined`, owning `account` (each test its own, one tenant). */
async function userWithout(declined: string[], name: string, account: string) {
  const token = await userToken(name);
  const { connectionId } = await connectThroughDialog(w.app, { platform: 'facebook', token, decline: declined });
  const act = await http(w.url, 'POST', '/api/v1/connections/facebook/activate', { headers: bearer(token), body: { adAccountId: account } });
  expect(act.status).toBe(200);
  return { token, connectionId };
}

describe('Meta scopes as data', () => {
  it('the default consent asks for every scope an operation needs, pages_manage_ads included', async () => {
    const token = await userToken('consent-reader');
    const r = await http(w.url, 'POST', '/api/v1/connections/facebook/auth-url', { headers: bearer(token), body: {} });
    const scopes = new URL(r.body.data.url).searchParams.get('scope')!.split(',');
    expect(scopes.sort()).toEqual(['ads_management', 'ads_read', 'business_management', 'leads_retrieval', 'pages_manage_ads', 'pages_read_engagement', 'pages_show_list']);
  });

  it('a grant without pages_manage_ads: lead forms answer 403 CONNECTION_SCOPE_MISSING before any Graph call, other reads work', async () => {
    const { token } = await userWithout(['pages_manage_ads'], 'no-page-ads', A1);
    const before = await graphCalls('leadgen_forms');
    const r = await http(w.url, 'GET', `/api/v1/facebook/lead-form?adAccountId=act_${A1}&pageId=${PAGES.alice[0]}`, { headers: bearer(token) });
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('CONNECTION_SCOPE_MISSING');
    expect(r.body.error.details[0]).toMatchObject({
      feature: 'lead_forms',
      missingScopes: ['pages_manage_ads'],
      reconsent: { method: 'POST', path: '/api/v1/connections/facebook/auth-url', body: { scopes: expect.arrayContaining(['pages_manage_ads', 'leads_retrieval']) } },
    });
    expect(await graphCalls('leadgen_forms')).toBe(before);
    expect(await graphCalls(`/${PAGES.alice[0]}`)).toBe(0);
    // The same operation run by name is judged the same way.
    const byName = await http(w.url, 'POST', '/api/v1/facebook/operations/execute', {
      headers: bearer(token),
      body: { operation: 'facebookListLeadForms', params: { adAccountId: `act_${A1}`, pageId: PAGES.alice[0] } },
    });
    expect(byName.status).toBe(403);
    expect(byName.body.error.code).toBe('CONNECTION_SCOPE_MISSING');
    expect((await http(w.url, 'GET', `/api/v1/facebook/campaigns?adAccountId=act_${A1}&limit=1`, { headers: bearer(token) })).status).toBe(200);
  });

  it('a read-only grant (no ads_management) cannot create, and status shows what is unavailable', async () => {
    const { token, connectionId } = await userWithout(['ads_management'], 'read-only', ACCOUNTS.alice[2]);
    const create = await http(w.url, 'POST', '/api/v1/facebook/pixels', { headers: bearer(token), body: { adAccountId: `act_${ACCOUNTS.alice[2]}`, name: 'Never made' } });
    expect(create.status).toBe(403);
    expect(create.body.error.details[0]).toMatchObject({ feature: 'ads_write', missingScopes: ['ads_management'] });
    const status = await http(w.url, 'GET', '/api/v1/connections/status?platform=facebook', { headers: bearer(token) });
    const item = status.body.data.items[0];
    expect(item).toMatchObject({ connectionId, connected: true });
    expect(item.scopes).toContain('ads_read');
    expect(item.scopes).not.toContain('ads_management');
    expect(item.unavailableFeatures.map((f: { feature: string }) => f.feature).sort()).toEqual(['ads_write', 'lead_forms']);
    // Re-consent with the request the error named, and the feature comes back.
    const again = await connectThroughDialog(w.app, { platform: 'facebook', token, scopes: create.body.error.details[0].reconsent.body.scopes });
    const list = await http(w.url, 'GET', '/api/v1/connections?platform=facebook', { headers: bearer(token) });
    const conn = list.body.data.items.find((c: { connectionId: string }) => c.connectionId === again.connectionId);
    expect(conn.unavailableFeatures).toEqual([]);
  });
});

/**
 * Meta's dialog does not ask again for a permission the person declined unless it is opened with
 * `auth_type=rerequest` (https://developers.facebook.com/docs/facebook-login/guides/advanced/manual-flow/,
 * "Re-asking for Declined Permissions" in https://developers.facebook.com/docs/facebook-login/web/permissions/).
 */
describe('Meta re-consent after a declined permission', () => {
  const authUrl = async (token: string) => {
    const body = { redirectUri: new URL('/connection-result', w.url).toString() };
    return new URL((await http(w.url, 'POST', '/api/v1/connections/facebook/auth-url', { headers: bearer(token), body })).body.data.url);
  };
  const consent = async (url: URL, dialog: Record<string, string>) => {
    const cb = await fetch(await authorize(url.toString(), { sim_user: 'carol', ...dialog }), { redirect: 'manual' });
    expect(new URL(cb.headers.get('location')!).searchParams.get('status')).toBe('success');
  };
  const granted = async (token: string) => (await http(w.url, 'GET', '/api/v1/connections/status?platform=facebook', { headers: bearer(token) })).body.data.items[0].scopes as string[];

  it('the first consent is plain; once the grant lacks a scope the auth-url asks with auth_type=rerequest, and only then is the declined scope offered again', async () => {
    const token = await userToken('reconsent');
    const first = await authUrl(token);
    expect(first.searchParams.get('auth_type')).toBeNull();
    await consent(first, { sim_decline: 'pages_manage_ads' });
    expect(await granted(token)).not.toContain('pages_manage_ads');

    const again = await authUrl(token);
    expect(again.searchParams.get('auth_type')).toBe('rerequest');
    // The same dialog without rerequest: Meta skips what was declined, the person cannot grant it.
    const plain = new URL(again);
    plain.searchParams.delete('auth_type');
    await consent(plain, {});
    expect(await granted(token)).not.toContain('pages_manage_ads');

    await consent(await authUrl(token), {});
    expect(await granted(token)).toContain('pages_manage_ads');
    expect((await authUrl(token)).searchParams.get('auth_type')).toBeNull();
  });
});

describe('GET /api/v1/connections: paged, filtered, and discovered accounts removable', () => {
  it('pages newest first as { items, nextCursor } and filters by platform', async () => {
    const token = await userToken('pager');
    const made: string[] = [];
    for (const platform of ['facebook', 'google', 'facebook'] as const) made.push((await connectThroughDialog(w.app, { platform, token, simUser: platform === 'facebook' && made.length ? 'bob' : 'alice' })).connectionId);
    const first = await http(w.url, 'GET', '/api/v1/connections?limit=2', { headers: bearer(token) });
    expect(first.status).toBe(200);
    expect(first.body.data.items).toHaveLength(2);
    expect(first.body.data.nextCursor).toEqual(expect.any(String));
    const second = await http(w.url, 'GET', `/api/v1/connections?limit=2&cursor=${first.body.data.nextCursor}`, { headers: bearer(token) });
    expect(second.body.data.nextCursor).toBeNull();
    const seen = [...first.body.data.items, ...second.body.data.items].map((c: { connectionId: string }) => c.connectionId);
    expect(new Set(seen)).toEqual(new Set(made));
    const google = await http(w.url, 'GET', '/api/v1/connections?platform=google', { headers: bearer(token) });
    expect(google.body.data.items.map((c: { platform: string }) => c.platform)).toEqual(['google']);
    const bad = await http(w.url, 'GET', '/api/v1/connections?cursor=not-a-cursor', { headers: bearer(token) });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].path).toBe('query.cursor');
  });

  it('DELETE /connections/ad-accounts/{id} removes a discovered, never activated account: 200 and gone from the list', async () => {
    const token = await userToken('pruner');
    await connectThroughDialog(w.app, { platform: 'facebook', token });
    const listed = async () =>
      (await http(w.url, 'GET', '/api/v1/connections?platform=facebook', { headers: bearer(token) })).body.data.items.flatMap((c: { adAccounts: { adAccountId: string }[] }) => c.adAccounts.map((a) => a.adAccountId));
    expect(await listed()).toContain(ACCOUNTS.alice[1]);
    const del = await http(w.url, 'DELETE', `/api/v1/connections/ad-accounts/act_${ACCOUNTS.alice[1]}`, { headers: bearer(token) });
    expect(del.status).toBe(200);
    expect(del.body.data.removed).toMatchObject({ adAccountId: ACCOUNTS.alice[1], status: 'available' });
    expect(await listed()).not.toContain(ACCOUNTS.alice[1]);
    expect((await http(w.url, 'DELETE', `/api/v1/connections/ad-accounts/act_${ACCOUNTS.alice[1]}`, { headers: bearer(token) })).status).toBe(404);
  });
});

import { http, startWorld, type TestApp, type World } from '../../world';
import { externalUserToken, trackSecret, type CreatedTenant } from '../../helpers/identity';
import { authorize, connectThroughDialog } from '../../helpers/connections';

/**
 * The Connect page's HTTP contract, request by request: the link's single use and its cookie, the
 * headers that keep the pages safe (CSP, framing, caching), forms that refuse forgery, and pages
 * (never JSON) for every problem.
 */
describe('the Connect page over HTTP', () => {
  let w: World<'facebook'>;
  let app: TestApp;
  let t: CreatedTenant;
  const TENANT_SITE = 'https://app.tenant.example';

  beforeAll(async () => {
    w = await startWorld({ platform: 'facebook', linked: true });
    ({ app, tenant: t } = w);
    const r = await http(app.url, 'PATCH', '/api/v1/tenant', { headers: { 'x-api-key': t.apiKey }, body: { settings: { allowedOrigins: [TENANT_SITE] } } });
    expect(r.status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await w?.close();
  });

  const newLink = async (body: Record<string, unknown> = {}) => {
    const r = await http(app.url, 'POST', '/api/v1/connect/sessions', { headers: { 'x-api-key': t.apiKey }, body: { externalUserId: 'http-user', ...body } });
    expect(r.status).toBe(201);
    trackSecret(r.body.data.token);
    return r.body.data as { token: string; url: string };
  };
  /** A browser in miniature: one cookie, same-origin requests unless told otherwise. */
  const visit = (path: string, o: { cookie?: string; form?: Record<string, string>; headers?: Record<string, string> } = {}) =>
    fetch(path.startsWith('http') ? path : `${app.url}${path}`, {
      method: o.form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        ...(o.cookie ? { cookie: o.cookie } : {}),
        ...(o.form ? { 'content-type': 'application/x-www-form-urlencoded', origin: app.url, 'sec-fetch-site': 'same-origin' } : {}),
        ...o.headers,
      },
      body: o.form ? new URLSearchParams(o.form).toString() : undefined,
    });
  const open = async (body: Record<string, unknown> = {}) => {
    const link = await newLink(body);
    const r = await visit(link.url);
    const cookie = (r.headers.get('set-cookie') ?? '').split(';')[0]!;
    return { link, first: r, cookie };
  };
  const csrfOf = (page: string) => /name="csrf" value="([^"]+)"/.exec(page)?.[1] ?? '';
  const h1Of = (page: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(page)?.[1];

  it('opening the link trades the token for an HttpOnly SameSite cookie and redirects to a token-less page; the link then stops working', async () => {
    const { link, first, cookie } = await open();
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe('/connect');
    const setCookie = first.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^aag_connect=[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}; /);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/connect');
    expect(setCookie).not.toContain(link.token);

    // The same browser coming back to the link carries on; any other browser meets a page saying it was used.
    const mine = await visit(link.url, { cookie });
    expect(mine.status).toBe(303);
    const other = await visit(link.url);
    expect(other.status).toBe(410);
    expect(other.headers.get('content-type')).toContain('text/html');
    expect(h1Of(await other.text())).toBe('This link was already used');
  });

  it('the platform page: no inline script, framing only by allowed origins, forms only to itself and the platforms, never cached', async () => {
    const { cookie } = await open();
    const r = await visit('/connect', { cookie });
    expect(r.status).toBe(200);
    const body = await r.text();
    expect(h1Of(body)).toBe('Connect your ad accounts');
    expect(body).not.toMatch(/<script(?![^>]*\bsrc=)/);
    expect(body).not.toMatch(/\son[a-z]+=/i);
    const csp = Object.fromEntries((r.headers.get('content-security-policy') ?? '').split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]));
    expect(csp['script-src']).toBe("'self'");
    expect(csp['frame-ancestors']!.split(' ').sort()).toEqual([TENANT_SITE, app.url].sort());
    // The platform choice redirects on to the platform's sign-in, which form-action must allow.
    expect(csp['form-action']!.split(' ')).toEqual(expect.arrayContaining(["'self'", w.sim.baseUrl]));
    expect(csp['form-action']).not.toContain('*');
    expect(r.headers.get('x-frame-options')).toBeNull();
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(r.headers.get('cross-origin-opener-policy')).toBe('unsafe-none');
  });

  it('refuses a form without the session field, or sent from another site, and one from a browser without the session', async () => {
    const { cookie } = await open();
    const csrf = csrfOf(await (await visit('/connect', { cookie })).text());
    expect(csrf).not.toBe('');
    const noField = await visit('/connect/platform', { cookie, form: { platform: 'facebook' } });
    expect(noField.status).toBe(403);
    expect(h1Of(await noField.text())).toBe('Form refused');
    const crossSite = await visit('/connect/platform', { cookie, form: { platform: 'facebook', csrf }, headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.status).toBe(403);
    const noSession = await visit('/connect/platform', { form: { platform: 'facebook', csrf } });
    expect(noSession.status).toBe(400);
    expect(h1Of(await noSession.text())).toBe('This page needs its link');
    const ok = await visit('/connect/platform', { cookie, form: { platform: 'facebook', csrf } });
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')!.startsWith(`${w.sim.baseUrl}/`)).toBe(true);
  });

  it("a typed-in success for someone else's connection is not taken: the accounts page stays out of reach", async () => {
    const other = await connectThroughDialog(app, { platform: 'facebook', token: await externalUserToken(app, t.apiKey, 'someone-else') });
    const { cookie } = await open();
    const csrf = csrfOf(await (await visit('/connect', { cookie })).text());
    expect((await visit('/connect/platform', { cookie, form: { platform: 'facebook', csrf } })).status).toBe(303);
    const forged = await visit(`/connect/return?status=success&platform=facebook&connectionId=${other.connectionId}`, { cookie });
    expect(forged.status).toBe(502);
    expect(await forged.text()).toContain('could not complete the connection');
    const accounts = await visit('/connect/accounts', { cookie });
    expect(accounts.status).toBe(400);
    expect(h1Of(await accounts.text())).toBe('No platform is connected yet');
  });

  it('a platform login that reaches no ad account gets a page saying so, with a way to try again', async () => {
    const { cookie } = await open();
    const csrf = csrfOf(await (await visit('/connect', { cookie })).text());
    const toDialog = await visit('/connect/platform', { cookie, form: { platform: 'facebook', csrf } });
    // carol is the simulator's Meta user without ad accounts.
    const callback = await (await fetch(await authorize(toDialog.headers.get('location')!, { sim_user: 'carol' }), { redirect: 'manual' })).headers.get('location');
    expect(new URL(callback!).pathname).toBe('/connect/return');
    const returned = await visit(callback!, { cookie });
    expect(returned.headers.get('location')).toBe('/connect/accounts');
    const accounts = await visit('/connect/accounts', { cookie });
    const page = await accounts.text();
    expect(h1Of(page)).toBe('No ad accounts found');
    expect(page).toContain('href="/connect"');
  });

  it('an OAuth sign-in that ran out, or a replayed callback, gets a page saying to start again, not JSON', async () => {
    /** Through the chooser to the platform's dialog and back: the gateway callback URL the dialog answers. */
    const toCallback = async (cookie: string) => {
      const csrf = csrfOf(await (await visit('/connect', { cookie })).text());
      const toDialog = await visit('/connect/platform', { cookie, form: { platform: 'facebook', csrf } });
      return authorize(toDialog.headers.get('location')!, { sim_user: 'alice' });
    };
    const pageAfter = async (callback: string, cookie: string) => {
      const back = await fetch(callback, { redirect: 'manual' });
      const location = back.headers.get('location')!;
      expect(new URL(location, app.url).pathname).toBe('/connect/return');
      return { code: new URL(location, app.url).searchParams.get('code'), page: await visit(location, { cookie }) };
    };

    const late = await open();
    const expiring = await toCallback(late.cookie);
    const state = new URL(expiring).searchParams.get('state')!;
    await app.infra.orm.em.getConnection().execute(`update oauth_states set expires_at = now() - interval '1 minute' where state_hash = encode(sha256(?::bytea), 'hex')`, [state]);
    const expired = await pageAfter(expiring, late.cookie);
    expect(expired.code).toBe('STATE_EXPIRED');
    expect(expired.page.status).toBe(410);
    expect(expired.page.headers.get('content-type')).toContain('text/html');
    const text = await expired.page.text();
    expect(h1Of(text)).toBe('The sign-in took too long');
    expect(text).toContain('href="/connect"');

    const twice = await open();
    const callback = await toCallback(twice.cookie);
    expect((await pageAfter(callback, twice.cookie)).page.headers.get('location')).toBe('/connect/accounts');
    const replayed = await pageAfter(callback, twice.cookie);
    expect(replayed.code).toBe('STATE_REUSED');
    expect(replayed.page.status).toBe(410);
    expect(h1Of(await replayed.page.text())).toBe('The sign-in took too long');
  });

  it('answers pages in plain words, never JSON: unknown and expired links, unknown pages', async () => {
    const unknown = await visit('/connect/cs_not-a-real-token');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toContain('text/html');
    expect(h1Of(await unknown.text())).toBe('This link is not valid');

    const link = await newLink({ returnUrl: `${TENANT_SITE}/after` });
    await app.infra.orm.em.getConnection().execute(`update connect_sessions set expires_at = now() - interval '1 minute' where token_hash = encode(sha256(?::bytea), 'hex')`, [link.token]);
    const expired = await visit(link.url);
    expect(expired.status).toBe(410);
    const page = await expired.text();
    expect(h1Of(page)).toBe('This link has expired');
    expect(page).toContain(`href="${TENANT_SITE}/after?status=error&amp;code=SESSION_EXPIRED"`);

    const nowhere = await visit('/connect/some/page');
    expect(nowhere.status).toBe(404);
    expect(nowhere.headers.get('content-type')).toContain('text/html');
  });

  it('an address over the per-IP limit gets a page saying to wait, with Retry-After', async () => {
    const limited = await startWorld({ platforms: [], tenant: false, env: { PUBLIC_IP_LIMIT_PER_MINUTE: '3' } });
    try {
      const statuses: number[] = [];
      let last: Response | undefined;
      for (let i = 0; i < 4; i++) {
        last = await fetch(`${limited.url}/connect/cs_unknown-${i}`, { redirect: 'manual' });
        statuses.push(last.status);
        if (i < 3) await last.text();
      }
      expect(statuses).toEqual([404, 404, 404, 429]);
      expect(last!.headers.get('content-type')).toContain('text/html');
      expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(h1Of(await last!.text())).toBe('Too many requests');
    } finally {
      await limited.close();
    }
  });
});

import { useWorld } from '../world';
import { configureApps, createTenant, externalUserToken } from '../helpers/identity';
import { csrfIn, fetchPage, insertAuditRecord, insertJob, makeUser, signIn } from './console-support';

/**
 * The console's routes over plain HTTP (no browser): the session cookie, the anti-forgery field on
 * every change, role rules, and that one tenant's pages never show or reach another tenant's data.
 */
jest.setTimeout(120_000);

const w = useWorld({ platform: 'tiktok' }, async (w) => {
  const own = await w.consent('tiktok');
  const other = await createTenant(w.app, { tenantName: 'Other Co' });
  await configureApps(w.app, other.apiKey);
  const token = await externalUserToken(w.app, other.apiKey, 'other-customer');
  const theirs = await w.consent('tiktok', { as: { externalUserId: 'other-customer', token, headers: { authorization: `Bearer ${token}` } } });
  const member = await makeUser(w.app, w.tenant.tenantId, 'member');
  const failedJob = await insertJob(w.app, w.tenant.tenantId, { state: 'failed', error: { code: 'CONNECTION_REAUTH_REQUIRED', message: 'token revoked' } });
  const theirJob = await insertJob(w.app, other.tenantId, { state: 'completed', operation: 'theirSecretOperation', result: { ok: true } });
  await insertAuditRecord(w.app, w.tenant.tenantId, { operation: 'tiktok.campaign.budget', before: { budget: 100 }, after: { budget: 150 } });
  await insertAuditRecord(w.app, w.tenant.tenantId, { operation: 'tiktok.campaign.status', before: { status: 'ENABLE' }, after: { status: 'DISABLE' } });
  await insertAuditRecord(w.app, other.tenantId, { operation: 'tiktok.their.secret', before: {}, after: {} });
  return { own, theirs, other, member, failedJob, theirJob };
});

const statusOf = async (connectionId: string) =>
  (await w.app.infra.orm.em.getConnection().execute<{ status: string }[]>('select status from connections where id = ?', [connectionId]))[0]?.status;

describe('console sign-in and session', () => {
  it('sends a visitor without a session to the sign-in page, and back after signing in', async () => {
    const r = await fetchPage(w.url, '/console/jobs?state=failed');
    expect(r.status).toBe(303);
    expect(r.location).toBe('/console/sign-in?next=%2Fconsole%2Fjobs%3Fstate%3Dfailed');
    const form = await fetchPage(w.url, r.location!);
    expect(form.status).toBe(200);
    expect(form.headers.get('content-type')).toContain('text/html');
    expect(form.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(form.text).toContain('value="/console/jobs?state=failed"');
  });

  it('a wrong password is a page saying so, and sets no cookie', async () => {
    const r = await fetchPage(w.url, '/console/sign-in', { form: { email: w.tenant.email, password: 'not-the-password', next: '/console' } });
    expect(r.status).toBe(401);
    expect(r.text).toContain('The email or the password is not right.');
    expect(r.headers.get('set-cookie')).toBeNull();
  });

  it('the session cookie is HttpOnly, SameSite=Lax, Secure outside development and limited to /console', async () => {
    const r = await fetchPage(w.url, '/console/sign-in', { form: { email: w.tenant.email, password: w.tenant.password, next: '/console/jobs' } });
    expect(r.status).toBe(303);
    expect(r.location).toBe('/console/jobs');
    const set = r.headers.get('set-cookie') ?? '';
    expect(set).toMatch(/^aag_console=/);
    expect(set).toContain('HttpOnly');
    expect(set).toContain('SameSite=Lax');
    expect(set).toContain('Path=/console');
    expect(set).toContain('Secure');
  });

  it('a next address off the console is ignored (no open redirect)', async () => {
    const r = await fetchPage(w.url, '/console/sign-in', { form: { email: w.tenant.email, password: w.tenant.password, next: '//evil.example/console' } });
    expect(r.location).toBe('/console');
  });

  it('sign-out ends the session for good: the old cookie no longer opens a page', async () => {
    const cookie = await signIn(w.url, w.tenant.email, w.tenant.password);
    expect((await fetchPage(w.url, '/console', { cookie })).status).toBe(200);
    const out = await fetchPage(w.url, '/console/sign-out', { cookie, form: {} });
    expect(out.status).toBe(303);
    expect(out.headers.get('set-cookie')).toMatch(/aag_console=;/);
    const again = await fetchPage(w.url, '/console', { cookie });
    expect(again.status).toBe(303);
    expect(again.location).toContain('/console/sign-in');
  });
});

describe('console pages', () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await signIn(w.url, w.tenant.email, w.tenant.password);
  });

  it('the overview counts the tenant’s own connections and jobs only', async () => {
    const r = await fetchPage(w.url, '/console', { cookie });
    expect(r.status).toBe(200);
    expect(r.text).toContain('<h1>Overview</h1>');
    expect(r.text).toMatch(/<span class="tile-value">1<\/span><span class="tile-label">Active connections/);
    expect(r.text).toMatch(/<span class="tile-value">1<\/span><span class="tile-label">Failed jobs, last 24 h/);
    expect(r.text).not.toMatch(/<script/);
  });

  it('connections list the tenant’s own, searchable by external user; another tenant’s never appear', async () => {
    const all = await fetchPage(w.url, '/console/connections', { cookie });
    expect(all.text).toContain(w.own.connectionId);
    expect(all.text).toContain(w.user.externalUserId);
    expect(all.text).not.toContain(w.theirs.connectionId);
    expect(all.text).not.toContain('other-customer');
    const none = await fetchPage(w.url, '/console/connections?search=other-customer', { cookie });
    expect(none.text).toContain('No connection matches.');
    const one = await fetchPage(w.url, `/console/connections?search=${encodeURIComponent(w.user.externalUserId.slice(0, 6))}&platform=tiktok&status=active`, { cookie });
    expect(one.text).toContain(w.own.connectionId);
  });

  it('another tenant’s connection or job is a 404 page', async () => {
    for (const path of [`/console/connections/${w.theirs.connectionId}`, `/console/jobs/${w.theirJob}`, '/console/connections/not-an-id', '/console/nowhere']) {
      const r = await fetchPage(w.url, path, { cookie });
      expect(r.status).toBe(404);
      expect(r.headers.get('content-type')).toContain('text/html');
      expect(r.text).toContain('Not found');
    }
    const jobs = await fetchPage(w.url, '/console/jobs', { cookie });
    expect(jobs.text).toContain(`/console/jobs/${w.failedJob}`);
    expect(jobs.text).not.toContain('theirSecretOperation');
  });

  it('a job page shows its timeline and its error in plain words', async () => {
    const r = await fetchPage(w.url, `/console/jobs/${w.failedJob}`, { cookie });
    expect(r.status).toBe(200);
    expect(r.text).toContain('Queued');
    expect(r.text).toContain('Started (1 attempt so far');
    expect(r.text).toContain('They must connect their account again.');
    const filtered = await fetchPage(w.url, '/console/jobs?state=completed', { cookie });
    expect(filtered.text).toContain('No job matches.');
  });
});

describe('console writes', () => {
  it('lists the tenant’s writes with before and after, filters them, and exports the same as CSV', async () => {
    const cookie = await signIn(w.url, w.tenant.email, w.tenant.password);
    const all = await fetchPage(w.url, '/console/writes', { cookie });
    expect(all.status).toBe(200);
    expect(all.text).toContain('tiktok.campaign.budget');
    expect(all.text).toContain('tiktok.campaign.status');
    expect(all.text).not.toContain('tiktok.their.secret');
    const one = await fetchPage(w.url, '/console/writes?operation=tiktok.campaign.budget', { cookie });
    expect(one.text).toContain('<dt>budget</dt><dd><code>150</code></dd>');
    expect(one.text).not.toContain('tiktok.campaign.status');
    const csv = await fetchPage(w.url, '/console/writes.csv?operation=tiktok.campaign.budget', { cookie });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = csv.text.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('tiktok.campaign.budget');
    const bad = await fetchPage(w.url, '/console/writes?from=2026-02-30', { cookie });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Check the filters');
  });

  it('a member is refused the writes, as on the audit route', async () => {
    const cookie = await signIn(w.url, w.member.email, w.member.password);
    const r = await fetchPage(w.url, '/console/writes', { cookie });
    expect(r.status).toBe(403);
  });
});

describe('changes from the console', () => {
  it('a member cannot revoke a connection, even with a valid form', async () => {
    const cookie = await signIn(w.url, w.member.email, w.member.password);
    const page = await fetchPage(w.url, `/console/connections/${w.own.connectionId}`, { cookie });
    expect(page.text).toContain('Only an owner or admin can revoke a connection.');
    const r = await fetchPage(w.url, `/console/connections/${w.own.connectionId}/revoke`, { cookie, form: { csrf: csrfIn(page.text) } });
    expect(r.status).toBe(403);
    expect(r.text).toContain('Not allowed');
    expect(await statusOf(w.own.connectionId)).toBe('active');
  });

  it('a POST without the anti-forgery field, or with another session’s, is refused and changes nothing', async () => {
    const cookie = await signIn(w.url, w.tenant.email, w.tenant.password);
    const other = await signIn(w.url, w.tenant.email, w.tenant.password);
    const foreign = csrfIn((await fetchPage(w.url, '/console', { cookie: other })).text);
    expect(foreign).not.toBe('');
    for (const form of [{}, { csrf: foreign }] as Record<string, string>[]) {
      const r = await fetchPage(w.url, `/console/connections/${w.own.connectionId}/revoke`, { cookie, form });
      expect(r.status).toBe(403);
      expect(r.text).toContain('Form refused');
    }
    expect(await statusOf(w.own.connectionId)).toBe('active');
  });

  it('an owner cannot revoke another tenant’s connection', async () => {
    const cookie = await signIn(w.url, w.tenant.email, w.tenant.password);
    const csrf = csrfIn((await fetchPage(w.url, '/console', { cookie })).text);
    const r = await fetchPage(w.url, `/console/connections/${w.theirs.connectionId}/revoke`, { cookie, form: { csrf } });
    expect(r.status).toBe(404);
    expect(await statusOf(w.theirs.connectionId)).toBe('active');
  });
});

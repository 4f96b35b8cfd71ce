import type { TestApp } from '../world';
import { useWorld } from '../world';
import { csrfIn, fetchPage, makeUser, signIn } from './console-support';
import { queriesDuring } from '../helpers/sql-spy';

/**
 * Two app instances (same database and Redis, separate memory), each keeping the console's live
 * sign-ins in memory: a sign-out or a role change on one reaches the other's cache as soon as the
 * change is announced on the shared invalidation channel, so the other never serves the old state.
 */
jest.setTimeout(120_000);

const w = useWorld({ platforms: [] }, async (w) => ({ b: await w.replica(), member: await makeUser(w.app, w.tenant.tenantId, 'member') }));

const userIdOf = async (email: string) =>
  (await w.app.infra.orm.em.getConnection().execute<{ id: string }[]>('select id from tenant_users where email = ?', [email]))[0]!.id;

/** Resolves once `app` has heard that the user's console sign-ins changed. */
const heardOn = (app: TestApp, userId: string) =>
  new Promise<void>((resolve) => app.services.guard.cache.listen((keys) => (keys === null || keys.includes(`console-user|${userId}`)) && resolve()));


describe('console sessions across app instances', () => {
  it('a known sign-in is checked without reading its user or refresh token again', async () => {
    const cookie = await signIn(w.url, w.tenant.email, w.tenant.password);
    expect((await fetchPage(w.url, '/console/jobs', { cookie })).status).toBe(200);
    const sql = await queriesDuring(w.app, async () => expect((await fetchPage(w.url, '/console/jobs', { cookie })).status).toBe(200));
    expect(sql.filter((q) => /tenant_users|refresh_tokens/.test(q))).toEqual([]);
  });

  it('a sign-out on one instance is refused on the other once announced', async () => {
    const cookie = await signIn(w.url, w.tenant.email, w.tenant.password);
    const b = w.b.url;
    expect((await fetchPage(b, '/console', { cookie })).status).toBe(200);
    expect((await fetchPage(b, '/console', { cookie })).status).toBe(200);
    const heard = heardOn(w.b, await userIdOf(w.tenant.email));
    const out = await fetchPage(w.url, '/console/sign-out', { cookie, form: {} });
    expect(out.location).toBe('/console/sign-in?signed=out');
    await heard;
    const after = await fetchPage(b, '/console', { cookie });
    expect(after.status).toBe(303);
    expect(after.location).toBe('/console/sign-in?next=%2Fconsole');
  });

  it('a new role given on one instance applies on the other once announced', async () => {
    const cookie = await signIn(w.url, w.member.email, w.member.password);
    const b = w.b.url;
    const before = await fetchPage(b, '/console/settings', { cookie });
    expect(before.text).not.toContain('action="/console/settings/origins"');
    const userId = await userIdOf(w.member.email);
    const heard = heardOn(w.b, userId);
    await w.app.services.tenantUsers.updateRole(w.app.infra.orm.em.fork(), w.tenant.tenantId, userId, 'admin');
    await heard;
    const after = await fetchPage(b, '/console/settings', { cookie });
    expect(after.text).toContain('action="/console/settings/origins"');
    const saved = await fetchPage(b, '/console/settings/origins', { cookie, form: { csrf: csrfIn(after.text), origins: 'https://promoted.example.com' } });
    expect(saved.status).toBe(303);
  });
});

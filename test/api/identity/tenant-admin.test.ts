import { http, startWorld, type World } from '../../world';
import { createTenant, trackSecret, type CreatedTenant } from '../../helpers/identity';
import { startMailBox, mailTo, type MailBox } from '../../helpers/smtp';
import { bearer, closeAll, closeAndExpectNoLeaks, key } from './support';

const inviteToken = (text: string) => /inv_[A-Za-z0-9_-]{43}/.exec(text)?.[0];
let seq = 0;

describe('tenant administration: profile, settings, invitations, users', () => {
  let w: World;
  let mail: MailBox;
  let a: CreatedTenant;
  let b: CreatedTenant;
  let memberToken: string;
  let memberId: string;
  let adminToken: string;

  /** Invites `role` into the tenant with `by`'s credential, accepts through the emailed token. */
  async function join(by: Record<string, string>, role: 'admin' | 'member') {
    const email = `${role}-${++seq}-${Date.now()}@example.test`;
    const inv = await http(w.app.url, 'POST', '/api/v1/tenant/invitations', { headers: by, body: { email, role } });
    expect(inv.status).toBe(201);
    const token = inviteToken((await mailTo(mail, email)).text)!;
    const password = `Joiner-pass-${seq}x`;
    trackSecret(token, password);
    const acc = await http(w.app.url, 'POST', '/api/v1/invitations/accept', { body: { token, name: `${role} ${seq}`, password } });
    expect(acc.status).toBe(201);
    trackSecret(acc.body.data.accessToken, acc.body.data.refreshToken);
    return { email, token, invitationId: inv.body.data.id as string, accessToken: acc.body.data.accessToken as string, tenantId: acc.body.data.tenantId };
  }

  beforeAll(async () => {
    mail = await startMailBox();
    w = await startWorld({ platforms: [], tenant: false, env: { SMTP_URL: mail.url } });
    [a, b] = await Promise.all([createTenant(w.app), createTenant(w.app)]);
    const m = await join(bearer(a.ownerToken), 'member');
    memberToken = m.accessToken;
    const users = await http(w.app.url, 'GET', '/api/v1/tenant/users?pageSize=100', { headers: key(a.apiKey) });
    memberId = users.body.data.items.find((u: { email: string }) => u.email === m.email).id;
    adminToken = (await join(key(a.apiKey), 'admin')).accessToken;
  });
  afterAll(async () => {
    await closeAll([w.app]);
    await mail?.close();
  });

  describe('tenant settings and profile', () => {
    it('GET/PATCH /tenant: name and settings merge, null removes a setting', async () => {
      const p1 = await http(w.app.url, 'PATCH', '/api/v1/tenant', {
        headers: bearer(a.ownerToken),
        body: { name: 'Renamed', settings: { timezone: 'Europe/Paris', locale: 'fr-FR' } },
      });
      expect(p1.status).toBe(200);
      const p2 = await http(w.app.url, 'PATCH', '/api/v1/tenant', { headers: key(a.apiKey), body: { settings: { locale: null } } });
      expect(p2.body.data).toMatchObject({ id: a.tenantId, name: 'Renamed', settings: { timezone: 'Europe/Paris' } });
      expect(p2.body.data.settings.locale).toBeUndefined();
      const g = await http(w.app.url, 'GET', '/api/v1/tenant', { headers: bearer(memberToken) });
      expect(g.body.data.name).toBe('Renamed');
    });

    it('GET/PATCH /tenant/profile keeps the business profile', async () => {
      const p = await http(w.app.url, 'PATCH', '/api/v1/tenant/profile', {
        headers: bearer(adminToken),
        body: { companyName: 'Acme SAS', website: 'https://acme.example', country: 'FR', contactEmail: 'ops@acme.example' },
      });
      expect(p.status).toBe(200);
      const g = await http(w.app.url, 'GET', '/api/v1/tenant/profile', { headers: bearer(memberToken) });
      expect(g.body.data).toEqual({ tenantId: a.tenantId, companyName: 'Acme SAS', website: 'https://acme.example', country: 'FR', contactEmail: 'ops@acme.example' });
      const other = await http(w.app.url, 'GET', '/api/v1/tenant/profile', { headers: key(b.apiKey) });
      expect(other.body.data).toEqual({ tenantId: b.tenantId });
    });
  });

  describe('403: a member doing owner or admin work', () => {
    const cases: [string, string, string, unknown][] = [
      ['rename the tenant', 'PATCH', '/api/v1/tenant', { name: 'x' }],
      ['edit the profile', 'PATCH', '/api/v1/tenant/profile', { companyName: 'x' }],
      ['view the API key', 'GET', '/api/v1/tenant/api-key', undefined],
      ['rotate the API key', 'POST', '/api/v1/tenant/api-key', undefined],
      ['invite someone', 'POST', '/api/v1/tenant/invitations', { email: 'z@example.test', role: 'member' }],
      ['list invitations', 'GET', '/api/v1/tenant/invitations', undefined],
      ['configure an app', 'POST', '/api/v1/tenant/apps/tiktok', { appId: 'a', secret: 'member-secret-1' }],
      ['delete an app', 'DELETE', '/api/v1/tenant/apps/tiktok', undefined],
    ];
    it.each(cases)('member tries to %s → 403 FORBIDDEN', async (_n, method, path, body) => {
      const r = await http(w.app.url, method, path, { headers: bearer(memberToken), body });
      expect(r.status).toBe(403);
      expect(r.body.error.code).toBe('FORBIDDEN');
    });

    it('member and admin cannot change roles or remove users; admin cannot rotate the API key (owner only)', async () => {
      for (const tok of [memberToken, adminToken]) {
        expect((await http(w.app.url, 'PATCH', `/api/v1/tenant/users/${memberId}`, { headers: bearer(tok), body: { role: 'admin' } })).status).toBe(403);
        expect((await http(w.app.url, 'DELETE', `/api/v1/tenant/users/${memberId}`, { headers: bearer(tok) })).status).toBe(403);
      }
      expect((await http(w.app.url, 'POST', '/api/v1/tenant/api-key', { headers: bearer(adminToken) })).status).toBe(403);
    });

    it('everyone in the tenant can read the tenant, its users and the platform list', async () => {
      for (const path of ['/api/v1/tenant', '/api/v1/tenant/users', '/api/v1/tenant/platforms']) {
        expect((await http(w.app.url, 'GET', path, { headers: bearer(memberToken) })).status).toBe(200);
      }
    });
  });

  describe('invitations', () => {
    it('the invitee gets an email; accepting creates the user with the invited role, once', async () => {
      const j = await join(bearer(adminToken), 'member');
      const me = await http(w.app.url, 'GET', '/api/v1/tenant', { headers: bearer(j.accessToken) });
      expect(me.body.data.id).toBe(a.tenantId);
      const again = await http(w.app.url, 'POST', '/api/v1/invitations/accept', { body: { token: j.token, name: 'Again', password: 'Again-pass-123' } });
      expect(again.status).toBe(401);
      expect(again.body.error.code).toBe('TOKEN_INVALID');
      const list = await http(w.app.url, 'GET', '/api/v1/tenant/invitations', { headers: bearer(a.ownerToken) });
      expect(list.body.data.find((i: { id: string }) => i.id === j.invitationId)).toMatchObject({ status: 'accepted', role: 'member' });
    });

    it('inviting an existing user → 409; an unknown or revoked token → 401', async () => {
      const dup = await http(w.app.url, 'POST', '/api/v1/tenant/invitations', { headers: key(a.apiKey), body: { email: b.email } });
      expect(dup.status).toBe(409);
      const email = `revoked-${Date.now()}@example.test`;
      const inv = await http(w.app.url, 'POST', '/api/v1/tenant/invitations', { headers: key(a.apiKey), body: { email } });
      const token = inviteToken((await mailTo(mail, email)).text)!;
      trackSecret(token);
      expect((await http(w.app.url, 'DELETE', `/api/v1/tenant/invitations/${inv.body.data.id}`, { headers: key(a.apiKey) })).status).toBe(200);
      const r = await http(w.app.url, 'POST', '/api/v1/invitations/accept', { body: { token, name: 'R', password: 'Revoked-pass-1' } });
      expect(r.status).toBe(401);
      const bogus = await http(w.app.url, 'POST', '/api/v1/invitations/accept', { body: { token: `inv_${'x'.repeat(43)}`, name: 'R', password: 'Revoked-pass-1' } });
      expect(bogus.status).toBe(401);
    });

    it('an expired invitation → 401 TOKEN_EXPIRED', async () => {
      const email = `late-${Date.now()}@example.test`;
      await http(w.app.url, 'POST', '/api/v1/tenant/invitations', { headers: key(a.apiKey), body: { email } });
      const token = inviteToken((await mailTo(mail, email)).text)!;
      trackSecret(token);
      await w.app.infra.orm.em.getConnection().execute("update invitations set expires_at = now() - interval '1 second' where email = ?", [email]);
      const r = await http(w.app.url, 'POST', '/api/v1/invitations/accept', { body: { token, name: 'L', password: 'Late-pass-123' } });
      expect(r.status).toBe(401);
      expect(r.body.error.code).toBe('TOKEN_EXPIRED');
    });
  });

  describe('users', () => {
    it('lists users as PaginatedUsersResponse, oldest first, paged', async () => {
      const all = await http(w.app.url, 'GET', '/api/v1/tenant/users?page=1&pageSize=100', { headers: bearer(a.ownerToken) });
      expect(all.status).toBe(200);
      expect(all.body.data).toMatchObject({ page: 1, pageSize: 100, total: expect.any(Number) });
      expect(all.body.data.items[0]).toEqual({ id: a.ownerId, email: a.email, name: expect.any(String), role: 'owner', createdAt: expect.any(String) });
      expect(JSON.stringify(all.body.data)).not.toMatch(/password|hash/i);
      const p2 = await http(w.app.url, 'GET', '/api/v1/tenant/users?page=2&pageSize=1', { headers: bearer(a.ownerToken) });
      expect(p2.body.data.items).toHaveLength(1);
      expect(p2.body.data.items[0].id).toBe(all.body.data.items[1].id);
      expect(p2.body.data.total).toBe(all.body.data.total);
    });

    it('the owner changes a role and removes a user, whose sessions end at once; the last owner cannot be demoted', async () => {
      const j = await join(key(a.apiKey), 'member');
      const id = (await http(w.app.url, 'GET', '/api/v1/tenant/users?pageSize=100', { headers: key(a.apiKey) })).body.data.items.find(
        (u: { email: string }) => u.email === j.email,
      ).id;
      const up = await http(w.app.url, 'PATCH', `/api/v1/tenant/users/${id}`, { headers: bearer(a.ownerToken), body: { role: 'admin' } });
      expect(up.body.data.role).toBe('admin');
      // the role is read at each request, so the same token now does admin work
      expect((await http(w.app.url, 'GET', '/api/v1/tenant/invitations', { headers: bearer(j.accessToken) })).status).toBe(200);
      expect((await http(w.app.url, 'DELETE', `/api/v1/tenant/users/${id}`, { headers: bearer(a.ownerToken) })).status).toBe(200);
      expect((await http(w.app.url, 'GET', '/api/v1/tenant', { headers: bearer(j.accessToken) })).status).toBe(401);
      const demote = await http(w.app.url, 'PATCH', `/api/v1/tenant/users/${a.ownerId}`, { headers: bearer(a.ownerToken), body: { role: 'member' } });
      expect(demote.status).toBe(403);
    });
  });

  describe("404 across tenants: tenant B never sees, changes or learns of tenant A's objects", () => {
    it("B's key and B's owner get 404 for A's users and invitations, exactly as for ids that do not exist", async () => {
      const inv = await http(w.app.url, 'POST', '/api/v1/tenant/invitations', { headers: key(a.apiKey), body: { email: `x-${Date.now()}@example.test` } });
      const missing = '00000000-0000-4000-8000-000000000000';
      for (const creds of [key(b.apiKey), bearer(b.ownerToken)]) {
        for (const id of [memberId, missing]) {
          const g = await http(w.app.url, 'GET', `/api/v1/tenant/users/${id}`, { headers: creds });
          const p = await http(w.app.url, 'PATCH', `/api/v1/tenant/users/${id}`, { headers: creds, body: { role: 'owner' } });
          const d = await http(w.app.url, 'DELETE', `/api/v1/tenant/users/${id}`, { headers: creds });
          expect([g.status, p.status, d.status]).toEqual([404, 404, 404]);
          expect(g.body.message).toBe('User not found');
        }
        for (const id of [inv.body.data.id, missing]) {
          const d = await http(w.app.url, 'DELETE', `/api/v1/tenant/invitations/${id}`, { headers: creds });
          expect(d.status).toBe(404);
          expect(d.body.message).toBe('Invitation not found');
        }
      }
      // A's member is untouched
      const still = await http(w.app.url, 'GET', `/api/v1/tenant/users/${memberId}`, { headers: key(a.apiKey) });
      expect(still.body.data.role).toBe('member');
      const invs = await http(w.app.url, 'GET', '/api/v1/tenant/invitations', { headers: key(a.apiKey) });
      expect(invs.body.data.find((i: { id: string }) => i.id === inv.body.data.id).status).toBe('pending');
    });

    it("B's lists and reads show only B", async () => {
      const users = await http(w.app.url, 'GET', '/api/v1/tenant/users?pageSize=100', { headers: key(b.apiKey) });
      expect(users.body.data.items.map((u: { id: string }) => u.id)).toEqual([b.ownerId]);
      expect(users.body.data.total).toBe(1);
      const invs = await http(w.app.url, 'GET', '/api/v1/tenant/invitations', { headers: key(b.apiKey) });
      expect(invs.body.data).toEqual([]);
      const t = await http(w.app.url, 'GET', '/api/v1/tenant', { headers: key(b.apiKey) });
      expect(t.body.data.id).toBe(b.tenantId);
      const k = await http(w.app.url, 'GET', '/api/v1/tenant/api-key', { headers: key(b.apiKey) });
      expect(k.body.data.current.prefix).toBe(b.apiKey.slice(0, 12));
    });
  });

  it('leaves no secret (API keys, passwords, tokens, invitation tokens) in the captured pino logs', async () => {
    await closeAndExpectNoLeaks([w.app]);
  });
});

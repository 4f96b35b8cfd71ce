import { useWorld } from '../world';
import { csrfIn, fetchPage, insertFailedDelivery, makeUser, signIn } from './console-support';

/** Webhooks and settings in the console over plain HTTP: secrets shown once, role rules, anti-forgery. */
jest.setTimeout(120_000);

const w = useWorld({ platforms: [], env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' } }, async (w) => {
  const member = await makeUser(w.app, w.tenant.tenantId, 'member');
  const admin = await makeUser(w.app, w.tenant.tenantId, 'admin');
  return { member, admin };
});

const db = () => w.app.infra.orm.em.getConnection();

describe('console webhooks', () => {
  let cookie: string;
  let endpointId: string;
  beforeAll(async () => {
    cookie = await signIn(w.url, w.tenant.email, w.tenant.password);
    const list = await fetchPage(w.url, '/console/webhooks', { cookie });
    const created = await fetchPage(w.url, '/console/webhooks', { cookie, form: { csrf: csrfIn(list.text), url: 'http://127.0.0.1:9/hooks', events: '*', description: 'Our receiver' } });
    expect(created.status).toBe(201);
    expect(created.text).toContain('It is shown only once.');
    expect(created.text).toMatch(/whsec_/);
    endpointId = /\/console\/webhooks\/([0-9a-f-]{36})/.exec(created.text)![1]!;
  });

  it('the secret is not on the endpoint page again; rotating shows a new one once', async () => {
    const page = await fetchPage(w.url, `/console/webhooks/${endpointId}`, { cookie });
    expect(page.status).toBe(200);
    expect(page.text).not.toMatch(/whsec_/);
    const rotated = await fetchPage(w.url, `/console/webhooks/${endpointId}/rotate`, { cookie, form: { csrf: csrfIn(page.text) } });
    expect(rotated.status).toBe(200);
    expect(rotated.text).toMatch(/whsec_/);
    expect(rotated.text).toContain('Previous secret signs until');
  });

  it('a failed delivery shows its status code and is sent again on request', async () => {
    const deliveryId = await insertFailedDelivery(w.app, w.tenant.tenantId, endpointId);
    const page = await fetchPage(w.url, `/console/webhooks/${endpointId}`, { cookie });
    expect(page.text).toContain('the receiver answered 500');
    const r = await fetchPage(w.url, `/console/webhooks/${endpointId}/deliveries/${deliveryId}/redeliver`, { cookie, form: { csrf: csrfIn(page.text) } });
    expect(r.status).toBe(303);
    const [row] = await db().execute<{ status: string; round: number }[]>('select status, round from webhook_deliveries where id = ?', [deliveryId]);
    expect(row).toEqual({ status: 'pending', round: 1 });
  });

  it('disabling needs the form’s field; a member cannot see the endpoints', async () => {
    const refused = await fetchPage(w.url, `/console/webhooks/${endpointId}/enabled`, { cookie, form: { enabled: 'false' } });
    expect(refused.status).toBe(403);
    const page = await fetchPage(w.url, `/console/webhooks/${endpointId}`, { cookie });
    expect((await fetchPage(w.url, `/console/webhooks/${endpointId}/enabled`, { cookie, form: { csrf: csrfIn(page.text), enabled: 'false' } })).status).toBe(303);
    const [row] = await db().execute<{ enabled: boolean }[]>('select enabled from webhook_endpoints where id = ?', [endpointId]);
    expect(row!.enabled).toBe(false);
    const member = await signIn(w.url, w.member.email, w.member.password);
    const denied = await fetchPage(w.url, '/console/webhooks', { cookie: member });
    expect(denied.status).toBe(403);
    expect(denied.text).toContain('Not allowed');
  });
});

describe('console settings', () => {
  const currentKeys = async () => (await db().execute<{ n: number }[]>('select count(*)::int as n from api_keys where tenant_id = ? and expires_at is null', [w.tenant.tenantId]))[0]!.n;
  const keyIds = async () => (await db().execute<{ id: string }[]>('select id from api_keys where tenant_id = ? order by created_at', [w.tenant.tenantId])).map((r) => r.id);

  it('an owner rotates the API key and sees the new key once', async () => {
    const cookie = await signIn(w.url, w.tenant.email, w.tenant.password);
    const page = await fetchPage(w.url, '/console/settings', { cookie });
    expect(page.text).not.toContain(w.tenant.apiKey);
    const before = await keyIds();
    const r = await fetchPage(w.url, '/console/settings/api-key/rotate', { cookie, form: { csrf: csrfIn(page.text) } });
    expect(r.status).toBe(200);
    const key = /<code id="new-key" class="secret">(aag_[^<]+)<\/code>/.exec(r.text)?.[1];
    expect(key).toBeDefined();
    expect((await keyIds()).length).toBe(before.length + 1);
    expect(await currentKeys()).toBe(1);
    const again = await fetchPage(w.url, '/console/settings', { cookie });
    expect(again.text).not.toContain(key!);
  });

  it('an admin or member cannot rotate the key; a member cannot invite', async () => {
    const before = await keyIds();
    for (const who of [w.admin, w.member]) {
      const cookie = await signIn(w.url, who.email, who.password);
      const page = await fetchPage(w.url, '/console/settings', { cookie });
      expect(page.text).not.toContain('action="/console/settings/api-key/rotate"');
      const r = await fetchPage(w.url, '/console/settings/api-key/rotate', { cookie, form: { csrf: csrfIn(page.text) } });
      expect(r.status).toBe(403);
    }
    expect(await keyIds()).toEqual(before);
    const member = await signIn(w.url, w.member.email, w.member.password);
    const page = await fetchPage(w.url, '/console/settings', { cookie: member });
    const r = await fetchPage(w.url, '/console/settings/invitations', { cookie: member, form: { csrf: csrfIn(page.text), email: 'x@example.test', role: 'member' } });
    expect(r.status).toBe(403);
  });

  it('an admin invites a teammate, who then appears as waiting', async () => {
    const cookie = await signIn(w.url, w.admin.email, w.admin.password);
    const page = await fetchPage(w.url, '/console/settings', { cookie });
    const r = await fetchPage(w.url, '/console/settings/invitations', { cookie, form: { csrf: csrfIn(page.text), email: 'new-mate@example.test', role: 'member' } });
    expect(r.status).toBe(303);
    expect((await fetchPage(w.url, '/console/settings', { cookie })).text).toContain('new-mate@example.test (member)');
  });
});

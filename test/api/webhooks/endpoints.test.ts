import { http, startWorld, type World } from '../../world';
import { createTenant, trackSecret, type CreatedTenant } from '../../helpers/identity';
import { startMailBox, mailTo, type MailBox } from '../../helpers/smtp';
import { key } from './support';

const BASE = '/api/v1/tenant/webhooks';
const URL_OK = 'http://127.0.0.1:9/hooks';

describe('webhook endpoints API', () => {
  let world: World;
  let mail: MailBox;
  let a: CreatedTenant;
  let b: CreatedTenant;

  beforeAll(async () => {
    mail = await startMailBox();
    world = await startWorld({ platforms: [], tenant: false, env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', SMTP_URL: mail.url } });
    [a, b] = await Promise.all([createTenant(world.app), createTenant(world.app)]);
  });
  afterAll(async () => {
    await world?.close();
    await mail?.close();
  });

  const create = (t: CreatedTenant, body: unknown) => http(world.app.url, 'POST', BASE, { headers: key(t.apiKey), body });

  it('creates an endpoint, shows its secret once, stores it encrypted, and lists, reads, updates and deletes it', async () => {
    const c = await create(a, { url: URL_OK, events: ['job.completed', 'job.failed'], description: 'ops' });
    expect(c.status).toBe(201);
    const { secret, ...view } = c.body.data;
    trackSecret(secret);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(view).toMatchObject({ url: URL_OK, events: ['job.completed', 'job.failed'], description: 'ops', enabled: true, disabledReason: null });

    const [row] = (await world.app.infra.orm.em.fork().getConnection().execute('select secret_enc from webhook_endpoints where id = ?', [view.id])) as { secret_enc: string }[];
    expect(row!.secret_enc).not.toContain(secret.slice(6));
    expect(world.app.services.vault.decrypt(row!.secret_enc)).toBe(secret);

    const got = await http(world.app.url, 'GET', `${BASE}/${view.id}`, { headers: key(a.apiKey) });
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual(view);
    expect(JSON.stringify(got.body)).not.toContain(secret);
    const list = await http(world.app.url, 'GET', BASE, { headers: key(a.apiKey) });
    expect(list.body.data.map((e: { id: string }) => e.id)).toContain(view.id);

    const up = await http(world.app.url, 'PATCH', `${BASE}/${view.id}`, { headers: key(a.apiKey), body: { events: '*', description: null, enabled: false } });
    expect(up.status).toBe(200);
    expect(up.body.data).toMatchObject({ events: '*', description: null, enabled: false, disabledReason: 'by_tenant' });

    const del = await http(world.app.url, 'DELETE', `${BASE}/${view.id}`, { headers: key(a.apiKey) });
    expect(del.body.data).toEqual({ id: view.id, deleted: true });
    expect((await http(world.app.url, 'GET', `${BASE}/${view.id}`, { headers: key(a.apiKey) })).status).toBe(404);
  });

  it.each([
    ['plain http to a public host', { url: 'http://93.184.216.34/hooks', events: '*' }, 'https'],
    ['a loopback address', { url: 'https://127.0.0.2/hooks', events: '*' }, 'private, loopback or link-local'],
    ['localhost', { url: 'https://localhost/hooks', events: '*' }, 'private, loopback or link-local'],
    ['IPv6 loopback', { url: 'https://[::1]/hooks', events: '*' }, 'private, loopback or link-local'],
    ['a private network', { url: 'https://10.1.2.3/hooks', events: '*' }, 'private, loopback or link-local'],
    ['the cloud metadata address', { url: 'https://169.254.169.254/latest', events: '*' }, 'private, loopback or link-local'],
    ['credentials in the URL', { url: 'https://u:p@93.184.216.34/hooks', events: '*' }, 'credentials'],
  ])('refuses %s with 400', async (_what, body, why) => {
    const r = await create(a, body);
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'body.url', message: expect.stringContaining(why) }] });
  });

  it('refuses a private URL on update too, and keeps the old one', async () => {
    const c = await create(a, { url: URL_OK, events: '*' });
    trackSecret(c.body.data.secret);
    const r = await http(world.app.url, 'PATCH', `${BASE}/${c.body.data.id}`, { headers: key(a.apiKey), body: { url: 'https://192.168.0.10/x' } });
    expect(r.status).toBe(400);
    expect((await http(world.app.url, 'GET', `${BASE}/${c.body.data.id}`, { headers: key(a.apiKey) })).body.data.url).toBe(URL_OK);
  });

  it('accepts https to a public address', async () => {
    const r = await create(a, { url: 'https://93.184.216.34/hooks', events: ['connection.revoked'] });
    expect(r.status).toBe(201);
    trackSecret(r.body.data.secret);
  });

  it.each([
    ['no events', { url: URL_OK, events: [] }],
    ['an unknown event', { url: URL_OK, events: ['job.exploded'] }],
    ['no url', { events: '*' }],
    ['an unknown field', { url: URL_OK, events: '*', secret: 'mine' }],
  ])('answers 400 VALIDATION_FAILED for %s', async (_what, body) => {
    const r = await create(a, body);
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('VALIDATION_FAILED');
  });

  it("another tenant's endpoint is a 404 on every route, and absent from its list", async () => {
    const c = await create(a, { url: URL_OK, events: '*' });
    trackSecret(c.body.data.secret);
    const id = c.body.data.id as string;
    const asB = key(b.apiKey);
    const calls: [string, string, unknown?][] = [
      ['GET', `${BASE}/${id}`],
      ['PATCH', `${BASE}/${id}`, { enabled: false }],
      ['DELETE', `${BASE}/${id}`],
      ['POST', `${BASE}/${id}/secret/rotate`, {}],
      ['GET', `${BASE}/${id}/deliveries`],
      ['POST', `${BASE}/${id}/deliveries/00000000-0000-4000-8000-000000000000/redeliver`],
    ];
    for (const [method, path, body] of calls) {
      const r = await http(world.app.url, method, path, { headers: asB, body });
      expect([method, path, r.status, r.body.error?.code]).toEqual([method, path, 404, 'NOT_FOUND']);
    }
    const list = await http(world.app.url, 'GET', BASE, { headers: asB });
    expect(list.body.data.map((e: { id: string }) => e.id)).not.toContain(id);
    expect((await http(world.app.url, 'GET', `${BASE}/${id}`, { headers: key(a.apiKey) })).body.data.enabled).toBe(true);
  });

  it('a member of the tenant may not manage webhooks (403); the owner may', async () => {
    const email = `member-${Date.now()}@example.test`;
    await http(world.app.url, 'POST', '/api/v1/tenant/invitations', { headers: key(a.apiKey), body: { email, role: 'member' } });
    const token = /inv_[A-Za-z0-9_-]{43}/.exec((await mailTo(mail, email)).text)![0];
    const password = 'Member-pass-123x';
    trackSecret(token, password);
    const acc = await http(world.app.url, 'POST', '/api/v1/invitations/accept', { body: { token, name: 'Member', password } });
    trackSecret(acc.body.data.accessToken, acc.body.data.refreshToken);
    const member = { authorization: `Bearer ${acc.body.data.accessToken}` };
    expect((await http(world.app.url, 'GET', BASE, { headers: member })).status).toBe(403);
    expect((await http(world.app.url, 'POST', BASE, { headers: member, body: { url: URL_OK, events: '*' } })).status).toBe(403);
    const owner = await http(world.app.url, 'POST', BASE, { headers: { authorization: `Bearer ${a.ownerToken}` }, body: { url: URL_OK, events: '*' } });
    expect(owner.status).toBe(201);
    trackSecret(owner.body.data.secret);
  });
});

import { startTestApp, http, type TestApp } from '../../helpers/test-app';
import { mountAdmin } from '../../../api/admin/bull-board';
import type { AppDeps } from '../../../api/deps';

const ADMIN_TOKEN = 'operator-secret-0123456789';

describe('operator dashboard (Bull Board)', () => {
  let app: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    const mount = { mount: (x: import('express').Express) => mountAdmin(x, x.locals.deps as AppDeps) };
    app = await startTestApp({ env: { ADMIN_TOKEN }, app: mount });
    off = await startTestApp({ app: mount });
  });
  afterAll(async () => {
    await app.close();
    await off.close();
  });

  it('serves /admin/queues with the operator token as Bearer or basic-auth password, listing every queue', async () => {
    const page = await fetch(`${app.url}/admin/queues`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const basic = Buffer.from(`ops:${ADMIN_TOKEN}`).toString('base64');
    const api = await http(app.url, 'GET', '/admin/queues/api/queues', { headers: { authorization: `Basic ${basic}` } });
    expect(api.status).toBe(200);
    expect(api.body.queues.map((q: { name: string }) => q.name).sort()).toEqual(['imports', 'maintenance', 'platform-writes', 'webhooks']);
  });

  it('answers 401 without the token or with a wrong one', async () => {
    const none = await http(app.url, 'GET', '/admin/queues');
    expect(none.status).toBe(401);
    expect(none.body.error.code).toBe('UNAUTHENTICATED');
    expect(none.headers.get('www-authenticate')).toMatch(/Basic/);
    expect((await http(app.url, 'GET', '/admin/queues', { headers: { authorization: 'Bearer wrong-token-0123456789' } })).status).toBe(401);
  });

  it('is not mounted when ADMIN_TOKEN is unset', async () => {
    const r = await http(off.url, 'GET', '/admin/queues', { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('ROUTE_NOT_FOUND');
  });
});

import { http, startWorld, type World } from '../../world';
import { mountAdmin } from '../../../api/admin/bull-board';
import type { AppDeps } from '../../../api/deps';

const ADMIN_TOKEN = 'operator-secret-0123456789';

describe('operator dashboard (Bull Board)', () => {
  let w: World;
  let off: World;
  beforeAll(async () => {
    const mount = { mount: (x: import('express').Express) => mountAdmin(x, x.locals.deps as AppDeps) };
    w = await startWorld({ platforms: [], tenant: false, env: { ADMIN_TOKEN }, app: mount });
    off = await startWorld({ platforms: [], tenant: false, app: mount });
  });
  afterAll(async () => {
    await w?.close();
    await off?.close();
  });

  it('serves /admin/queues with the operator token as Bearer or basic-auth password, listing every queue', async () => {
    const page = await fetch(`${w.app.url}/admin/queues`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const basic = Buffer.from(`ops:${ADMIN_TOKEN}`).toString('base64');
    const api = await http(w.app.url, 'GET', '/admin/queues/api/queues', { headers: { authorization: `Basic ${basic}` } });
    expect(api.status).toBe(200);
    expect(api.body.queues.map((q: { name: string }) => q.name).sort()).toEqual(['imports', 'maintenance', 'platform-writes', 'webhooks']);
  });

  it('answers 401 without the token or with a wrong one', async () => {
    const none = await http(w.app.url, 'GET', '/admin/queues');
    expect(none.status).toBe(401);
    expect(none.body.error.code).toBe('UNAUTHENTICATED');
    expect(none.headers.get('www-authenticate')).toMatch(/Basic/);
    expect((await http(w.app.url, 'GET', '/admin/queues', { headers: { authorization: 'Bearer wrong-token-0123456789' } })).status).toBe(401);
  });

  it('is not mounted when ADMIN_TOKEN is unset', async () => {
    const r = await http(off.app.url, 'GET', '/admin/queues', { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('ROUTE_NOT_FOUND');
  });
});

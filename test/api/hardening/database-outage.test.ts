import { startTcpProxy, type TcpProxy } from '../../helpers/tcp-proxy';
import type { CreatedTenant } from '../../helpers/identity';
import { http, startWorld, type TestApp, type World } from '../../world';

/**
 * The app reaches the run's PostgreSQL through a private relay; cutting the relay is an outage for
 * this app only (the shared server is never stopped).
 */
describe('a PostgreSQL outage answers 503 SERVICE_UNAVAILABLE with Retry-After, never 500', () => {
  let proxy: TcpProxy;
  let w: World;
  let app: TestApp;
  let t: CreatedTenant;

  beforeAll(async () => {
    const db = new URL(process.env.DATABASE_URL!);
    proxy = await startTcpProxy(Number(db.port || 5432), db.hostname);
    db.host = `127.0.0.1:${proxy.port}`;
    w = await startWorld({ platforms: [], env: { DATABASE_URL: db.toString(), API_KEY_CACHE_TTL_MS: '0' } });
    ({ app, tenant: t } = w);
  }, 60_000);
  afterAll(async () => {
    await w?.close();
    await proxy?.close();
  });

  const requests = () => [
    http(app.url, 'POST', '/api/v1/tenant/auth/login', { body: { email: t.email, password: t.password } }),
    http(app.url, 'GET', '/api/v1/tenant', { headers: { authorization: `Bearer ${t.ownerToken}` } }),
    http(app.url, 'POST', '/api/v1/auth/token', { headers: { 'x-api-key': t.apiKey }, body: { externalUserId: 'outage-user' } }),
    http(app.url, 'POST', '/api/v1/tenants', { body: { email: 'outage@example.test', password: 'Long-enough-1', name: 'A', tenantName: 'T' } }),
  ];

  it('while the database is unreachable every route that needs it answers 503 + Retry-After', async () => {
    await proxy.cut();
    try {
      for (const r of await Promise.all(requests())) {
        expect({ status: r.status, code: r.body?.error?.code }).toEqual({ status: 503, code: 'SERVICE_UNAVAILABLE' });
        expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    } finally {
      await proxy.resume();
    }
  });

  it('once the database is back the same requests succeed', async () => {
    const [login, tenant, token] = await Promise.all(requests());
    expect([login!.status, tenant!.status, token!.status]).toEqual([200, 200, 200]);
  });
});

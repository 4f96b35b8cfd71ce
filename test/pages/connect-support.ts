import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { configureApps, createTenant, trackSecret, type CreatedTenant } from '../helpers/identity';
import { http, startWorld, type SimHandles, type TestApp } from '../world';
import { launchBrowser, type Browser } from '../helpers/browser';

/** Generous: the machine is shared; every wait is on a condition, never a fixed sleep. */
export const WAIT_MS = 30_000;

export interface TenantSite {
  /** `http://localhost:<port>`: another site than the gateway's 127.0.0.1, as a tenant's app would be. */
  origin: string;
  close(): Promise<void>;
}

const OPENER_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Tenant app</title></head>
<body><h1>Tenant app</h1><button id="connect" type="button">Connect ad accounts</button>
<script>
window.connectMessages = [];
window.addEventListener('message', function (e) { window.connectMessages.push({ origin: e.origin, data: e.data }); });
document.getElementById('connect').addEventListener('click', function () {
  window.open(new URLSearchParams(location.search).get('connect'), 'connect', 'popup,width=480,height=720');
});
</script></body></html>`;

/**
 * The tenant's own web app: `/opener?connect=<url>` opens the Connect page in a popup and records
 * every message it receives; `/back` is where a returnUrl lands.
 */
export async function startTenantSite(): Promise<TenantSite> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    res.setHeader('content-type', 'text/html; charset=utf-8');
    if (path === '/opener') return void res.end(OPENER_PAGE);
    if (path === '/back') return void res.end('<!doctype html><html lang="en"><head><title>Back at the tenant</title></head><body><h1>Back at the tenant</h1></body></html>');
    res.statusCode = 404;
    res.end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://localhost:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface ConnectTenant {
  tenant: CreatedTenant;
  /** POST /api/v1/connect/sessions with the tenant's API key. */
  session(body: Record<string, unknown>): Promise<{ token: string; url: string; expiresAt: string }>;
}

export interface ConnectWorld {
  app: TestApp;
  sims: SimHandles;
  site: TenantSite;
  /**
   * A tenant of its own (so tests never see each other's accounts as taken), with the three apps
   * and the tenant site as its allowed origin.
   */
  newTenant(): Promise<ConnectTenant>;
  sql<T = Record<string, unknown>>(query: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/** The simulators, the gateway on a known address, and the tenant's site. */
export async function startConnectWorld(): Promise<ConnectWorld> {
  // No tenant of the world's own: each test makes its tenant with newTenant.
  const world = await startWorld({ platforms: ['facebook', 'tiktok'], linked: true, tenant: false });
  const { app, sims } = world;
  const site = await startTenantSite();
  return {
    app,
    sims,
    site,
    async newTenant() {
      const tenant = await createTenant(app, { tenantName: 'Acme Ads' });
      await configureApps(app, tenant.apiKey);
      const allow = await http(app.url, 'PATCH', '/api/v1/tenant', { headers: { 'x-api-key': tenant.apiKey }, body: { settings: { allowedOrigins: [site.origin] } } });
      if (allow.status !== 200) throw new Error(`allowedOrigins: ${allow.status}`);
      return {
        tenant,
        async session(body) {
          const r = await http(app.url, 'POST', '/api/v1/connect/sessions', { headers: { 'x-api-key': tenant.apiKey }, body });
          if (r.status !== 201) throw new Error(`connect session: ${r.status} ${JSON.stringify(r.body)}`);
          trackSecret(r.body.data.token);
          return r.body.data;
        },
      };
    },
    sql: async <T>(query: string, params: unknown[] = []) => (await app.infra.orm.em.getConnection().execute(query, params)) as T[],
    async close() {
      await world.close();
      await site.close();
    },
  };
}

export const heading = (page: Page) => page.locator('h1').textContent({ timeout: WAIT_MS });

export { waitForHeading } from '../helpers/browser';

/** One Connect world and one Chromium for the file's tests, closed after them. */
export function useConnectBrowser(ready: (w: ConnectWorld, browser: Browser) => void): void {
  let w: ConnectWorld | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    w = await startConnectWorld();
    browser = await launchBrowser('connect-page');
    ready(w, browser);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await w?.close();
  });
}

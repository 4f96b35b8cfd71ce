import { Router, type Request } from 'express';
import { platformModules } from '../../shared/platforms';
import { abuseLimitsOf, clientIp } from '../middleware/abuse-limits';
import type { AppDeps } from '../deps';
import { html, layout, sendPage } from './html';

/** Each platform's name as people know it (its descriptor's display name). */
const PLATFORM_NAMES: Record<string, string> = Object.fromEntries(platformModules.map((m) => [m.name, m.displayName]));
const q = (v: unknown, max = 300) => (typeof v === 'string' ? v.slice(0, max) : '');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Where the sandbox walk-through (or any tenant without its own page yet) sends the browser after
 * OAuth: the callback's `status`, `platform`, `connectionId` or `code`/`message`, shown as a page.
 * The reader is the tenant's end user, so it says what happened and where to go next in plain
 * words, naming the tenant when the connection tells which one it is.
 */
export function connectionResultPage(deps: AppDeps): Router {
  const router = Router();
  const limits = abuseLimitsOf(deps);

  /** The tenant of an active connection; undefined whenever that cannot be told cheaply and safely. */
  async function tenantNameOf(req: Request, connectionId: string, platform: string): Promise<string | undefined> {
    if (!UUID.test(connectionId)) return undefined;
    try {
      // The name is a nicety: an address over its public limit gets the page without it rather than a refusal.
      await limits.consumePublic(clientIp(req));
      const rows = await req.ctx.em
        .getConnection()
        .execute<{ name: string }[]>(
          `select t.name from connections c join tenants t on t.id = c.tenant_id where c.id = ? and c.platform = ? and c.status = 'active'`,
          [connectionId, platform],
        );
      return rows[0]?.name;
    } catch (err) {
      req.ctx.log.warn({ err }, 'connection result page: tenant name not looked up');
      return undefined;
    }
  }

  router.get('/connection-result', async (req, res) => {
    const platform = PLATFORM_NAMES[q(req.query.platform)] ?? 'The platform';
    const ok = q(req.query.status) === 'success';
    const connectionId = q(req.query.connectionId, 64);
    const tenant = ok && connectionId ? await tenantNameOf(req, connectionId, q(req.query.platform, 20)) : undefined;
    const app = tenant ?? 'the app you came from';
    const body = ok
      ? html`<h1 class="ok">${platform} is connected</h1>
<p>Your ${platform} account is now linked to ${tenant ? html`<strong>${tenant}</strong>` : 'the app you came from'}.</p>
<p>You can close this window and go back to ${app}. If it asks you to pick which ad accounts to use, do that there.</p>
${connectionId ? html`<p class="meta">If you contact support, give them this reference: <code>${connectionId}</code></p>` : ''}`
      : html`<h1 class="error">The connection was not completed</h1>
<p>${q(req.query.message) || 'The platform did not finish the sign-in.'}</p>
<p>Nothing was connected. Go back to the app you came from and start connecting again.</p>
${q(req.query.code) ? html`<p class="meta">If you contact support, give them this reason code: <code>${q(req.query.code, 64)}</code></p>` : ''}`;
    sendPage(res, layout({ title: ok ? `${platform} connected` : 'Connection not completed', body }), { status: 200 });
  });
  return router;
}

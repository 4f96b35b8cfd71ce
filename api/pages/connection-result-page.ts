import { Router } from 'express';
import { platformModules } from '../../shared/platforms';
import { html, layout, sendPage } from './html';

/** Each platform's name as people know it (its descriptor's display name). */
const PLATFORM_NAMES: Record<string, string> = Object.fromEntries(platformModules.map((m) => [m.name, m.displayName]));
const q = (v: unknown, max = 300) => (typeof v === 'string' ? v.slice(0, max) : '');

/**
 * Where the sandbox walk-through (or any tenant without its own page yet) sends the browser after
 * OAuth: the callback's `status`, `platform`, `connectionId` or `code`/`message`, shown as a page.
 */
export function connectionResultPage(): Router {
  const router = Router();
  router.get('/connection-result', (req, res) => {
    const platform = PLATFORM_NAMES[q(req.query.platform)] ?? 'The platform';
    const ok = q(req.query.status) === 'success';
    const body = ok
      ? html`<h1 class="ok">${platform} is connected</h1>
<dl><dt>Connection</dt><dd><code>${q(req.query.connectionId, 64)}</code></dd></dl>
<p>Next, activate one of its ad accounts with <code>POST /api/v1/connections/${q(req.query.platform, 20)}/activate</code>. You can close this window.</p>`
      : html`<h1 class="error">The connection was not completed</h1>
<p>${q(req.query.message) || 'The platform did not finish the authorization.'}</p>
${q(req.query.code) ? html`<p class="meta">Reason code: <code>${q(req.query.code, 64)}</code></p>` : ''}
<p>Start the connection again from your application.</p>`;
    sendPage(res, layout({ title: ok ? `${platform} connected` : 'Connection not completed', body }), { status: 200 });
  });
  return router;
}

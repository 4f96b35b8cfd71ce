import { Router } from 'express';
import { PLATFORMS, isPlatform } from '../../shared/platforms';
import type { ConnectionStatus } from '../../shared/domain/connections/tenant-connections';
import type { AppDeps } from '../deps';
import { html } from '../pages/html';
import { ADMINS, tenantOf } from '../routes/tenant/require-role';
import { consoleForm, consolePage, csrfField, frame, platformName, q, select, send, when } from './frame';
import { CONNECTION_STATES } from './overview';

const PAGE = 25;
const STATUSES = ['active', 'expired', 'error', 'revoked'] as const;
const isStatus = (s: string): s is ConnectionStatus => (STATUSES as readonly string[]).includes(s);
const stateLabel = (s: string) => CONNECTION_STATES[s]?.label ?? s;
const pill = (status: string) => html`<span class="pill ${CONNECTION_STATES[status]?.tone ?? 'info'}">${stateLabel(status)}</span>`;
const list = (items: readonly string[], none: string) => (items.length ? html`<ul class="inline">${items.map((i) => html`<li><code>${i}</code></li>`)}</ul>` : html`<span class="meta">${none}</span>`);

export function connectionRoutes(deps: AppDeps): Router {
  const router = Router();
  const { tenantConnections } = deps.services;

  router.get('/console/connections', consolePage(async (req, res, s) => {
    const search = q(req, 'search', 128);
    const platform = q(req, 'platform');
    const status = q(req, 'status');
    const page = Math.max(1, Math.min(10_000, Number.parseInt(q(req, 'page'), 10) || 1));
    const found = await tenantConnections.page(req.ctx.em, s.auth.tenantId, {
      search: search || undefined,
      platform: isPlatform(platform) ? platform : undefined,
      status: isStatus(status) ? status : undefined,
      limit: PAGE,
      offset: (page - 1) * PAGE,
    });
    const more = new URLSearchParams({ search, platform, status, page: String(page + 1) });
    const body = html`<h1>Connections</h1>
<form method="get" action="/console/connections" class="filters" role="search">
<label for="search">External user or ad account</label>
<input id="search" name="search" type="search" value="${search}" maxlength="128">
${select('platform', 'Platform', PLATFORMS, platform, platformName)}
${select('status', 'Health', STATUSES, status, stateLabel)}
<button type="submit">Search</button>
</form>
${found.items.length === 0 ? html`<p>No connection matches.</p>` : html`<div class="table-wrap"><table>
<caption>Connections, newest first</caption>
<thead><tr><th scope="col">External user</th><th scope="col">Platform</th><th scope="col">Health</th><th scope="col">Ad accounts</th><th scope="col">Last refresh</th></tr></thead>
<tbody>${found.items.map((c) => html`<tr>
<td><a href="/console/connections/${c.connectionId}">${c.externalUserId}</a></td>
<td>${platformName(c.platform)}</td>
<td>${pill(c.status)}</td>
<td>${c.adAccounts.length}</td>
<td>${when(c.lastRefreshedAt)}</td>
</tr>`)}</tbody></table></div>`}
${found.more ? html`<p><a class="button secondary" href="/console/connections?${more.toString()}">Next page</a></p>` : ''}`;
    send(res, frame({ title: 'Connections', section: '/console/connections', session: s, body }));
  }));

  router.get('/console/connections/:id', consolePage(async (req, res, s) => {
    const c = await tenantConnections.get(req.ctx.em, s.auth.tenantId, String(req.params.id));
    const canRevoke = s.auth.role === 'owner' || s.auth.role === 'admin';
    const body = html`<p><a href="/console/connections">All connections</a></p>
<h1>${platformName(c.platform)} connection of ${c.externalUserId}</h1>
${q(req, 'done') === 'revoked' ? html`<p class="notice" role="status">The connection is revoked. Its ad accounts stopped working at once.</p>` : ''}
<dl>
<dt>Health</dt><dd>${pill(c.status)}</dd>
<dt>Connected</dt><dd>${when(c.createdAt)}</dd>
<dt>Last refresh</dt><dd>${when(c.lastRefreshedAt)}</dd>
<dt>Token expires</dt><dd>${when(c.expiresAt)}</dd>
<dt>Scopes</dt><dd>${list(c.scopes, 'None granted')}</dd>
<dt>Missing features</dt><dd>${c.unavailableFeatures.length ? html`<ul>${c.unavailableFeatures.map((f) => html`<li>${f.summary} <span class="meta">(needs ${f.missingScopes.join(', ')})</span></li>`)}</ul>` : html`<span class="meta">None: every feature is granted</span>`}</dd>
<dt>Reference</dt><dd><code>${c.connectionId}</code></dd>
</dl>
<h2>Ad accounts</h2>
${c.adAccounts.length === 0 ? html`<p>No ad account is linked.</p>` : html`<div class="table-wrap"><table>
<thead><tr><th scope="col">Account</th><th scope="col">Name</th><th scope="col">Currency</th><th scope="col">Status</th></tr></thead>
<tbody>${c.adAccounts.map((a) => html`<tr><td><code>${a.adAccountId}</code></td><td>${a.name ?? '—'}</td><td>${a.currency ?? '—'}</td><td>${a.status}</td></tr>`)}</tbody></table></div>`}
${c.status === 'revoked' ? '' : canRevoke
  ? html`<h2>Revoke</h2><p>Revoking signs the gateway out of this ${platformName(c.platform)} account; the end user must connect again.</p>
<form method="post" action="/console/connections/${c.connectionId}/revoke">
${csrfField(s)}
<button type="submit" class="danger">Revoke this connection</button>
</form>`
  : html`<p class="meta">Only an owner or admin can revoke a connection.</p>`}`;
    send(res, frame({ title: 'Connection', section: '/console/connections', session: s, body }));
  }));

  router.post('/console/connections/:id/revoke', ...consoleForm(async (req, res, s) => {
    const id = String(req.params.id);
    await tenantConnections.revoke(req.ctx.em, tenantOf(s.auth, ADMINS), id);
    res.redirect(303, `/console/connections/${encodeURIComponent(id)}?done=revoked`);
  }));

  return router;
}

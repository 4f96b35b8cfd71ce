import { Router, type Request } from 'express';
import { AppError } from '../../shared/errors/app-error';
import type { AppDeps } from '../deps';
import { html, type Html } from '../pages/html';
import { ADMINS, OWNER, tenantOf } from '../routes/tenant/require-role';
import { CreateTenantInvitationDto } from '../routes/tenant/schemas';
import { consoleForm, consolePage, csrfField, frame, q, send, when } from './frame';
import type { ConsoleSession } from './session';

const isAdmin = (s: ConsoleSession) => ADMINS.includes(s.auth.role);
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const MEMBERS = 100;

export function settingsRoutes(deps: AppDeps): Router {
  const router = Router();
  const { tenants, apiKeys, tenantUsers, invitations } = deps.services;

  async function apiKeySection(req: Request, s: ConsoleSession, fresh?: { apiKey: string; previousKeyExpiresAt: Date }): Promise<Html> {
    if (!isAdmin(s)) return html`<p class="meta">Only an owner or admin sees the API key.</p>`;
    const keys = await apiKeys.list(req.ctx.em, tenantOf(s.auth, ADMINS));
    return html`${fresh ? html`<div class="notice" role="status"><p><strong>Copy the new API key now.</strong> It is shown only once. The previous key keeps working until ${when(iso(fresh.previousKeyExpiresAt))}.</p>
<label for="new-key">New API key</label><code id="new-key" class="secret">${fresh.apiKey}</code></div>` : ''}
<dl><dt>Current key</dt><dd>${keys.current ? html`<code>${keys.current.maskedKey}</code> <span class="meta">created ${when(iso(keys.current.createdAt))}, last used ${when(iso(keys.current.lastUsedAt))}</span>` : 'None'}</dd>
${keys.previous.map((k) => html`<dt>Previous key</dt><dd><code>${k.maskedKey}</code> <span class="meta">works until ${when(iso(k.expiresAt))}</span></dd>`)}</dl>
${s.auth.role === 'owner'
  ? html`<form method="post" action="/console/settings/api-key/rotate">${csrfField(s)}<button type="submit">Rotate the API key</button></form>`
  : html`<p class="meta">Only an owner can rotate the API key.</p>`}`;
  }

  async function teamSection(req: Request, s: ConsoleSession, problem?: string): Promise<Html> {
    const users = await tenantUsers.list(req.ctx.em, s.auth.tenantId, 1, MEMBERS);
    const invited = isAdmin(s) ? await invitations.list(req.ctx.em, tenantOf(s.auth, ADMINS)) : [];
    const pending = invited.filter((i) => i.status === 'pending');
    return html`<div class="table-wrap"><table><caption>Members</caption>
<thead><tr><th scope="col">Name</th><th scope="col">Email</th><th scope="col">Role</th></tr></thead>
<tbody>${users.items.map((u) => html`<tr><td>${u.name}</td><td>${u.email}</td><td>${u.role}</td></tr>`)}</tbody></table></div>
${isAdmin(s) ? html`${pending.length ? html`<h3>Invitations waiting</h3><ul>${pending.map((i) => html`<li>${i.email} (${i.role}), until ${when(iso(i.expiresAt))}</li>`)}</ul>` : ''}
<h3>Invite a teammate</h3>
${problem ? html`<div class="errors" role="alert"><p>${problem}</p></div>` : ''}
<form method="post" action="/console/settings/invitations">${csrfField(s)}
<label for="invite-email">Email</label><input id="invite-email" name="email" type="email" maxlength="254" required>
<label for="invite-role">Role</label><select id="invite-role" name="role"><option value="member">Member</option><option value="admin">Admin</option></select>
<button type="submit">Send the invitation</button></form>` : ''}`;
  }

  async function page(req: Request, s: ConsoleSession, o: { fresh?: { apiKey: string; previousKeyExpiresAt: Date }; inviteProblem?: string } = {}) {
    const t = await tenants.get(req.ctx.em, s.auth.tenantId);
    const g = t.settings.guardrails;
    const origins = t.settings.allowedOrigins ?? [];
    return frame({
      title: 'Settings',
      section: '/console/settings',
      session: s,
      body: html`<h1>Settings of ${t.name}</h1>
${q(req, 'done') === 'invited' ? html`<p class="notice" role="status">The invitation is on its way.</p>` : ''}
<section aria-labelledby="api-key"><h2 id="api-key">API key</h2>${await apiKeySection(req, s, o.fresh)}</section>
<section aria-labelledby="origins"><h2 id="origins">Allowed origins</h2>
${origins.length ? html`<ul>${origins.map((x) => html`<li><code>${x}</code></li>`)}</ul>` : html`<p>None: end users return only to the default address.</p>`}</section>
<section aria-labelledby="guardrails"><h2 id="guardrails">Guardrails</h2>
${g ? html`<dl>
<dt>Largest daily budget</dt><dd>${g.maxDailyBudget ? Object.entries(g.maxDailyBudget).map(([cur, v]) => `${v} ${cur}`).join(', ') : 'No limit'}</dd>
<dt>Largest budget increase</dt><dd>${g.maxBudgetIncreasePercent !== undefined ? `${g.maxBudgetIncreasePercent} %` : 'No limit'}</dd>
<dt>Writes that need a confirmation</dt><dd>${g.requireConfirmation?.length ? g.requireConfirmation.join(', ') : 'None'}</dd></dl>` : html`<p>No guardrail is set.</p>`}</section>
<section aria-labelledby="team"><h2 id="team">Team</h2>${await teamSection(req, s, o.inviteProblem)}</section>`,
    });
  }

  router.get('/console/settings', consolePage(async (req, res, s) => send(res, await page(req, s))));

  router.post('/console/settings/api-key/rotate', ...consoleForm(deps, async (req, res, s) => {
    const fresh = await apiKeys.rotate(req.ctx.em, tenantOf(s.auth, OWNER));
    send(res, await page(req, s, { fresh }));
  }));

  router.post('/console/settings/invitations', ...consoleForm(deps, async (req, res, s) => {
    const tenantId = tenantOf(s.auth, ADMINS);
    const input = CreateTenantInvitationDto.safeParse({ email: req.body?.email ?? '', role: req.body?.role ?? 'member' });
    if (!input.success) return send(res, await page(req, s, { inviteProblem: 'Enter a valid email and pick a role.' }), 400);
    try {
      await invitations.create(req.ctx.em, tenantId, input.data, s.auth.tenantUserId);
    } catch (err) {
      if (err instanceof AppError && err.code === 'ALREADY_EXISTS') return send(res, await page(req, s, { inviteProblem: 'Someone already has an account with this email.' }), 409);
      throw err;
    }
    res.redirect(303, '/console/settings?done=invited');
  }));

  return router;
}

import { Router, type Request } from 'express';
import { AppError, isAppError } from '../../shared/errors/app-error';
import { APP_PLATFORMS, PLATFORM_APPS, type AppPlatform } from '../../shared/domain/tenants/platform-apps';
import type { TenantAppView } from '../../shared/domain/tenants/tenant-apps.service';
import type { AppDeps } from '../deps';
import { html, type Html } from '../pages/html';
import { ADMINS, OWNER, tenantOf } from '../routes/tenant/require-role';
import { CreateTenantInvitationDto } from '../routes/tenant/schemas';
import { consoleForm, consolePage, csrfField, frame, q, send, when } from './frame';
import type { ConsoleSession } from './session';
import { settingsEditRoutes } from './settings-edits';
import { appsSection, guardrailsSection, originsSection, type EditProblem } from './settings-forms';

const isAdmin = (s: ConsoleSession) => ADMINS.includes(s.auth.role);
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const MEMBERS = 100;
const notFoundAsUndefined = (e: unknown): undefined => {
  if (isAppError(e) && e.code === 'NOT_FOUND') return undefined;
  throw e;
};
/** What a change's redirect says on the page it lands on. */
const DONE: Record<string, string> = {
  invited: 'The invitation is on its way.',
  origins: 'The allowed origins are saved.',
  guardrails: 'The guardrails are saved. Every write from now on is checked against them.',
  ...Object.fromEntries(APP_PLATFORMS.map((p) => [`app-${p}`, `The ${PLATFORM_APPS[p].label} app is saved.`])),
};

interface PageOptions {
  fresh?: { apiKey: string; previousKeyExpiresAt: Date };
  inviteProblem?: string;
  problem?: EditProblem;
}

export function settingsRoutes(deps: AppDeps): Router {
  const router = Router();
  const { tenants, apiKeys, tenantUsers, invitations, tenantApps } = deps.services;

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

  async function appsOf(req: Request, s: ConsoleSession): Promise<Partial<Record<AppPlatform, TenantAppView>>> {
    const found = await Promise.all(APP_PLATFORMS.map((p) => tenantApps.get(req.ctx.em, tenantOf(s.auth), p).catch(notFoundAsUndefined)));
    return Object.fromEntries(APP_PLATFORMS.map((p, i) => [p, found[i]]));
  }

  async function page(req: Request, s: ConsoleSession, o: PageOptions = {}) {
    const t = await tenants.get(req.ctx.em, s.auth.tenantId);
    const done = DONE[q(req, 'done')];
    const edit = isAdmin(s);
    return frame({
      title: 'Settings',
      section: '/console/settings',
      session: s,
      body: html`<h1>Settings of ${t.name}</h1>
${done ? html`<p class="notice" role="status">${done}</p>` : ''}
<section aria-labelledby="api-key"><h2 id="api-key">API key</h2>${await apiKeySection(req, s, o.fresh)}</section>
<section aria-labelledby="apps"><h2 id="apps">Platform apps</h2>${appsSection(s, await appsOf(req, s), edit, o.problem)}</section>
<section aria-labelledby="origins"><h2 id="origins">Allowed origins</h2>${originsSection(s, t.settings.allowedOrigins ?? [], edit, o.problem)}</section>
<section aria-labelledby="guardrails"><h2 id="guardrails">Guardrails</h2>${guardrailsSection(s, t.settings.guardrails, edit, o.problem)}</section>
<section aria-labelledby="team"><h2 id="team">Team</h2>${await teamSection(req, s, o.inviteProblem)}</section>`,
    });
  }

  router.use(settingsEditRoutes(deps, page));
  router.get('/console/settings', consolePage(async (req, res, s) => send(res, await page(req, s))));

  router.post('/console/settings/api-key/rotate', ...consoleForm(async (req, res, s) => {
    const fresh = await apiKeys.rotate(req.ctx.em, tenantOf(s.auth, OWNER));
    send(res, await page(req, s, { fresh }));
  }));

  router.post('/console/settings/invitations', ...consoleForm(async (req, res, s) => {
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

import { Router, type Request } from 'express';
import { WEBHOOK_EVENT_TYPES } from '../../shared/domain/webhooks/events';
import type { DeliveryView, EndpointView } from '../../shared/domain/webhooks/endpoints.service';
import { AppError } from '../../shared/errors/app-error';
import type { AppDeps } from '../deps';
import { html, type Html } from '../pages/html';
import { CreateWebhookDto } from '../routes/tenant/webhooks.schemas';
import { ADMINS, tenantOf } from '../routes/tenant/require-role';
import { consoleForm, consolePage, csrfField, frame, idParam, q, send, when } from './frame';
import type { ConsoleSession } from './session';

const DELIVERIES = 25;
const DELIVERY_TONE: Record<DeliveryView['status'], string> = { delivered: 'ok', pending: 'warn', failed: 'bad' };
const DELIVERY_LABEL: Record<DeliveryView['status'], string> = { delivered: 'Delivered', pending: 'Retrying', failed: 'Failed' };

/** All posted values of a repeated field (checkboxes). */
const many = (req: Request, name: string): string[] => {
  const v = (req.body as Record<string, unknown> | undefined)?.[name];
  return (Array.isArray(v) ? v : [v]).filter((x): x is string => typeof x === 'string');
};

const state = (e: EndpointView) =>
  e.enabled ? html`<span class="pill ok">Enabled</span>` : html`<span class="pill bad">Disabled${e.disabledReason === 'failing' ? ' (every delivery failed for 3 days)' : ''}</span>`;

/** A new secret, shown on this page only: it is stored encrypted and never shown again. */
const secretOnce = (secret: string) => html`<div class="notice" role="status"><p><strong>Copy this signing secret now.</strong> It is shown only once.</p>
<label for="secret">Signing secret</label><code id="secret" class="secret">${secret}</code></div>`;

function createForm(s: ConsoleSession, problem?: string): Html {
  return html`<h2>Add an endpoint</h2>
${problem ? html`<div class="errors" role="alert"><p>${problem}</p></div>` : ''}
<form method="post" action="/console/webhooks">
${csrfField(s)}
<label for="url">Address (https)</label>
<input id="url" name="url" type="text" inputmode="url" maxlength="2000" required>
<label for="description">Description</label>
<input id="description" name="description" type="text" maxlength="500">
<fieldset><legend>Events</legend>
<ul class="choices">
<li><label><input type="checkbox" name="events" value="*" checked> Every event, including future ones</label></li>
${WEBHOOK_EVENT_TYPES.map((t) => html`<li><label><input type="checkbox" name="events" value="${t}"> <code>${t}</code></label></li>`)}
</ul></fieldset>
<button type="submit">Add the endpoint</button>
</form>`;
}

export function webhookRoutes(deps: AppDeps): Router {
  const router = Router();
  const { endpoints } = deps.services.webhooks;

  const listPage = async (req: Request, s: ConsoleSession, extra?: { problem?: string; created?: EndpointView & { secret: string } }) => {
    const all = await endpoints.list(req.ctx.em, tenantOf(s.auth, ADMINS));
    return frame({
      title: 'Webhooks',
      section: '/console/webhooks',
      session: s,
      body: html`<h1>Webhooks</h1>
${extra?.created ? html`<h2>Endpoint added: <a href="/console/webhooks/${extra.created.id}">${extra.created.url}</a></h2>${secretOnce(extra.created.secret)}` : ''}
${all.length === 0 ? html`<p>No endpoint yet.</p>` : html`<div class="table-wrap"><table>
<caption>Endpoints</caption>
<thead><tr><th scope="col">Address</th><th scope="col">Events</th><th scope="col">State</th></tr></thead>
<tbody>${all.map((e) => html`<tr><td><a href="/console/webhooks/${e.id}">${e.url}</a>${e.description ? html`<span class="meta">${e.description}</span>` : ''}</td>
<td>${e.events === '*' ? 'Every event' : e.events.join(', ')}</td><td>${state(e)}</td></tr>`)}</tbody></table></div>`}
${createForm(s, extra?.problem)}`,
    });
  };

  router.get('/console/webhooks', consolePage(async (req, res, s) => send(res, await listPage(req, s))));

  router.post('/console/webhooks', ...consoleForm(async (req, res, s) => {
    const tenantId = tenantOf(s.auth, ADMINS);
    const picked = many(req, 'events');
    const description = typeof req.body?.description === 'string' && req.body.description.trim() ? req.body.description : undefined;
    const input = CreateWebhookDto.safeParse({ url: req.body?.url ?? '', events: picked.includes('*') ? '*' : picked, ...(description ? { description } : {}) });
    if (!input.success) return send(res, await listPage(req, s, { problem: 'Enter an https address and pick at least one event.' }), 400);
    try {
      const created = await endpoints.create(req.ctx.em, tenantId, input.data);
      send(res, await listPage(req, s, { created }), 201);
    } catch (err) {
      if (err instanceof AppError && err.code === 'VALIDATION_FAILED') return send(res, await listPage(req, s, { problem: err.message }), 400);
      throw err;
    }
  }));

  const endpointPage = async (req: Request, s: ConsoleSession, secret?: string) => {
    const tenantId = tenantOf(s.auth, ADMINS);
    const id = idParam(req, 'id');
    const e = await endpoints.get(req.ctx.em, tenantId, id);
    const d = await endpoints.deliveries(req.ctx.em, tenantId, id, { page: 1, pageSize: DELIVERIES });
    const done = q(req, 'done');
    return frame({
      title: 'Webhook endpoint',
      section: '/console/webhooks',
      session: s,
      body: html`<p><a href="/console/webhooks">All endpoints</a></p>
<h1>Endpoint ${e.url}</h1>
${secret ? secretOnce(secret) : ''}
${done === 'redelivered' ? html`<p class="notice" role="status">The event is queued to be sent again.</p>` : ''}
<dl><dt>State</dt><dd>${state(e)}</dd><dt>Events</dt><dd>${e.events === '*' ? 'Every event' : e.events.join(', ')}</dd>
<dt>Added</dt><dd>${when(e.createdAt)}</dd>${e.previousSecretExpiresAt ? html`<dt>Previous secret signs until</dt><dd>${when(e.previousSecretExpiresAt)}</dd>` : ''}</dl>
<h2>Recent deliveries</h2>
${d.items.length === 0 ? html`<p>Nothing was sent to this endpoint yet.</p>` : html`<div class="table-wrap"><table>
<caption>${d.items.length} most recent of ${d.total}</caption>
<thead><tr><th scope="col">Created</th><th scope="col">Event</th><th scope="col">Status</th><th scope="col">Answer</th><th scope="col">Action</th></tr></thead>
<tbody>${d.items.map((x) => html`<tr><td>${when(x.createdAt)}</td><td><code>${x.eventType}</code></td>
<td><span class="pill ${DELIVERY_TONE[x.status]}">${DELIVERY_LABEL[x.status]}</span> <span class="meta">${x.attempts} attempt(s)</span></td>
<td>${x.lastStatusCode ?? '—'}${x.lastError ? html`<span class="meta">${x.lastError}</span>` : ''}</td>
<td>${e.enabled ? html`<form method="post" action="/console/webhooks/${e.id}/deliveries/${x.id}/redeliver">${csrfField(s)}<button type="submit" class="secondary" aria-label="Send the ${x.eventType} event of ${when(x.createdAt)} again">Send again</button></form>` : '—'}</td></tr>`)}</tbody></table></div>`}
<h2>Signing secret</h2>
<p>A new secret starts signing at once; the current one keeps signing alongside it for 24 hours, so your receiver can switch.</p>
<form method="post" action="/console/webhooks/${e.id}/rotate">${csrfField(s)}<button type="submit">Rotate the secret</button></form>
<h2>${e.enabled ? 'Disable' : 'Enable'}</h2>
<form method="post" action="/console/webhooks/${e.id}/enabled">${csrfField(s)}<input type="hidden" name="enabled" value="${e.enabled ? 'false' : 'true'}">
<button type="submit" class="${e.enabled ? 'danger' : ''}">${e.enabled ? 'Disable this endpoint' : 'Enable this endpoint'}</button></form>`,
    });
  };

  router.get('/console/webhooks/:id', consolePage(async (req, res, s) => send(res, await endpointPage(req, s))));

  router.post('/console/webhooks/:id/rotate', ...consoleForm(async (req, res, s) => {
    const { secret } = await endpoints.rotateSecret(req.ctx.em, tenantOf(s.auth, ADMINS), idParam(req, 'id'));
    send(res, await endpointPage(req, s, secret));
  }));

  router.post('/console/webhooks/:id/enabled', ...consoleForm(async (req, res, s) => {
    const id = idParam(req, 'id');
    await endpoints.update(req.ctx.em, tenantOf(s.auth, ADMINS), id, { enabled: req.body?.enabled === 'true' });
    res.redirect(303, `/console/webhooks/${encodeURIComponent(id)}`);
  }));

  router.post('/console/webhooks/:id/deliveries/:deliveryId/redeliver', ...consoleForm(async (req, res, s) => {
    const id = idParam(req, 'id');
    await endpoints.redeliver(req.ctx.em, tenantOf(s.auth, ADMINS), id, idParam(req, 'deliveryId'));
    res.redirect(303, `/console/webhooks/${encodeURIComponent(id)}?done=redelivered`);
  }));

  return router;
}

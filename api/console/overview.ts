import { Router } from 'express';
import { tenantOverview } from '../../shared/domain/tenants/tenant-overview';
import { html, type Html } from '../pages/html';
import { barChart, type Bar } from './charts';
import { consolePage, frame, platformName, send } from './frame';

/** What each connection state means to the team. */
export const CONNECTION_STATES: Record<string, { label: string; tone: Bar['tone'] }> = {
  active: { label: 'Active', tone: 'ok' },
  expired: { label: 'Re-consent needed', tone: 'warn' },
  error: { label: 'Re-consent needed (error)', tone: 'warn' },
  revoked: { label: 'Revoked', tone: 'bad' },
};
export const JOB_STATES: Record<string, { label: string; tone: Bar['tone'] }> = {
  queued: { label: 'Queued', tone: 'info' },
  active: { label: 'Running', tone: 'info' },
  completed: { label: 'Completed', tone: 'ok' },
  failed: { label: 'Failed', tone: 'bad' },
};

const sum = (rows: { count: number }[]) => rows.reduce((n, r) => n + r.count, 0);

const tile = (label: string, value: number, href: string) =>
  html`<li class="tile"><a href="${href}"><span class="tile-value">${value}</span><span class="tile-label">${label}</span></a></li>`;

function section(title: string, id: string, body: Html): Html {
  return html`<section aria-labelledby="${id}"><h2 id="${id}">${title}</h2>${body}</section>`;
}

export function overviewRoutes(): Router {
  const router = Router();
  router.get('/console', consolePage(async (req, res, s) => {
    const o = await tenantOverview(req.ctx.em, s.auth.tenantId);
    const byState = (status: string) => o.connections.filter((c) => c.status === status);
    const reconsent = sum(byState('expired')) + sum(byState('error'));
    const failedJobs = sum(o.jobs.filter((j) => j.state === 'failed'));
    const failedDeliveries = sum(o.deliveries.filter((d) => d.status === 'failed'));
    const platforms = [...new Set(o.connections.map((c) => c.platform))];
    const body = html`<h1>Overview</h1>
<ul class="tiles">
${tile('Active connections', sum(byState('active')), '/console/connections?status=active')}
${tile('Need re-consent', reconsent, '/console/connections?status=expired')}
${tile('Failed jobs, last 24 h', failedJobs, '/console/jobs?state=failed')}
${tile('Failed webhook deliveries, last 24 h', failedDeliveries, '/console/webhooks')}
</ul>
${section('Connections by platform and health', 'connections', platforms.length
  ? html`${platforms.map((p) => html`<h3>${platformName(p)}</h3>${barChart(`${platformName(p)} connections`, o.connections.filter((c) => c.platform === p).map((c) => ({ label: CONNECTION_STATES[c.status]?.label ?? c.status, value: c.count, tone: CONNECTION_STATES[c.status]?.tone })))}`)}`
  : html`<p>No end user has connected an ad platform yet.</p>`)}
${section('Jobs in the last 24 hours', 'jobs', barChart('Jobs by state', Object.entries(JOB_STATES).map(([state, v]) => ({ label: v.label, value: sum(o.jobs.filter((j) => j.state === state)), tone: v.tone }))))}
${section('Webhook deliveries in the last 24 hours', 'deliveries', barChart('Webhook deliveries', [
  { label: 'Delivered', value: sum(o.deliveries.filter((d) => d.status === 'delivered')), tone: 'ok' },
  { label: 'Retrying', value: sum(o.deliveries.filter((d) => d.status === 'pending')), tone: 'warn' },
  { label: 'Failed', value: failedDeliveries, tone: 'bad' },
]))}
${section('Platform throttling in the last 24 hours', 'throttling', html`<p class="meta">Jobs a platform's rate limit stopped for good (waits the gateway absorbed by itself are not counted).</p>
${barChart('Jobs stopped by a rate limit', o.throttled.map((t) => ({ label: platformName(t.platform), value: t.count, tone: 'warn' as const })))}`)}`;
    send(res, frame({ title: 'Overview', section: '/console', session: s, body }));
  }));
  return router;
}

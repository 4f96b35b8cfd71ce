import { Router } from 'express';
import { PLATFORMS, isPlatform } from '../../shared/platforms';
import { listJobs } from '../../shared/domain/jobs/job-list';
import type { JobView } from '../../shared/domain/jobs/job-view';
import type { RateLimitWait } from '../../shared/domain/jobs/job-store';
import type { AppDeps } from '../deps';
import { html, type Html } from '../pages/html';
import { accountFilter } from '../routes/jobs/list-jobs.route';
import { consolePage, frame, platformName, q, select, send, when } from './frame';
import { errorInWords } from './job-words';
import { JOB_STATES } from './overview';

const PAGE = 50;
const STATES = Object.keys(JOB_STATES) as JobView['state'][];
const isState = (s: string): s is JobView['state'] => (STATES as string[]).includes(s);
const stateLabel = (s: string) => JOB_STATES[s]?.label ?? s;
const pill = (state: string) => html`<span class="pill ${JOB_STATES[state]?.tone ?? 'info'}">${stateLabel(state)}</span>`;
const CURSOR = /^[A-Za-z0-9_-]{1,200}$/;

/** Any JSON value as readable, escaped text. */
const pretty = (v: unknown): Html => html`<pre class="json">${JSON.stringify(v, null, 2)}</pre>`;

type TimedJob = JobView & { rateLimitWaits: RateLimitWait[] };
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
/** How long a wait lasted, in words (it is put back on the queue until then). */
const waitLength = (w: RateLimitWait) => {
  const s = Math.max(0, Math.round((Date.parse(w.until) - Date.parse(w.at)) / 1000));
  return s < 60 ? plural(s, 'second') : plural(Math.round(s / 60), 'minute');
};

/** The job's steps in time order: its rate-limit waits fall between its start and its end. */
function timeline(j: TimedJob): Html {
  const steps: { at?: string; what: string }[] = [
    { at: j.createdAt, what: 'Queued' },
    ...(j.startedAt ? [{ at: j.startedAt, what: `Started (${plural(j.attempts, 'attempt')} so far; waits for a rate limit do not use one)` }] : []),
    ...j.rateLimitWaits.map((w) => ({ at: w.at, what: `Waited ${waitLength(w)} for a rate limit (${w.reason}), until ${when(w.until)}` })),
    ...(j.finishedAt ? [{ at: j.finishedAt, what: j.state === 'failed' ? 'Failed' : 'Finished' }] : []),
  ].sort((a, b) => Date.parse(a.at!) - Date.parse(b.at!));
  if (!j.finishedAt) steps.push({ what: j.state === 'active' ? 'Running now' : 'Waiting for its turn (a rate limit or a busy queue)' });
  return html`<ol class="timeline">${steps.map((s) => html`<li>${s.at ? html`<time datetime="${s.at}">${when(s.at)}</time> ` : ''}${s.what}</li>`)}</ol>`;
}

export function jobRoutes(deps: AppDeps): Router {
  const router = Router();

  router.get('/console/jobs', consolePage(async (req, res, s) => {
    const f = { state: q(req, 'state'), platform: q(req, 'platform'), account: q(req, 'account', 64), operation: q(req, 'operation', 100) };
    const cursor = q(req, 'cursor');
    const platform = isPlatform(f.platform) ? f.platform : undefined;
    const page = await listJobs(deps.orm, s.auth, {
      wholeTenant: true,
      state: isState(f.state) ? f.state : undefined,
      platform,
      operation: f.operation || undefined,
      adAccounts: f.account ? accountFilter(deps.services.guard, platform, f.account) : undefined,
      cursor: CURSOR.test(cursor) ? cursor : undefined,
      limit: PAGE,
    });
    const next = page.nextCursor ? new URLSearchParams({ ...f, cursor: page.nextCursor }) : undefined;
    const body = html`<h1>Jobs</h1>
<form method="get" action="/console/jobs" class="filters" role="search">
${select('state', 'State', STATES, f.state, stateLabel)}
${select('platform', 'Platform', PLATFORMS, f.platform, platformName)}
<label for="account">Ad account</label>
<input id="account" name="account" type="search" value="${f.account}" maxlength="64">
<label for="operation">Operation</label>
<input id="operation" name="operation" type="search" value="${f.operation}" maxlength="100">
<button type="submit">Filter</button>
</form>
${page.items.length === 0 ? html`<p>No job matches.</p>` : html`<div class="table-wrap"><table>
<caption>Jobs, newest first</caption>
<thead><tr><th scope="col">Created</th><th scope="col">Operation</th><th scope="col">Platform</th><th scope="col">Ad account</th><th scope="col">State</th></tr></thead>
<tbody>${page.items.map((j) => html`<tr>
<td><a href="/console/jobs/${j.id}">${when(j.createdAt)}</a></td>
<td>${j.operation}</td><td>${platformName(j.platform)}</td><td>${j.adAccountId ? html`<code>${j.adAccountId}</code>` : '—'}</td><td>${pill(j.state)}</td>
</tr>`)}</tbody></table></div>`}
${next ? html`<p><a class="button secondary" href="/console/jobs?${next.toString()}">Older jobs</a></p>` : ''}`;
    send(res, frame({ title: 'Jobs', section: '/console/jobs', session: s, body }));
  }));

  router.get('/console/jobs/:id', consolePage(async (req, res, s) => {
    const j = await deps.services.jobs.getInTenant(s.auth, String(req.params.id));
    const words = errorInWords(j);
    const body = html`<p><a href="/console/jobs">All jobs</a></p>
<h1>${j.operation} on ${platformName(j.platform)}</h1>
<dl>
<dt>State</dt><dd>${pill(j.state)}</dd>
<dt>Kind</dt><dd>${j.type}</dd>
<dt>Ad account</dt><dd>${j.adAccountId ? html`<code>${j.adAccountId}</code>` : '—'}</dd>
<dt>Request reference</dt><dd>${j.requestId ? html`<code>${j.requestId}</code>` : '—'}</dd>
<dt>Job reference</dt><dd><code>${j.id}</code></dd>
</dl>
<h2>Timeline</h2>
${timeline(j)}
${j.error ? html`<h2>What went wrong</h2>
<p class="problem">${words}</p>
<p class="meta">Code <code>${j.error.code}</code>: ${j.error.message}</p>
${j.error.details?.length ? html`<details><summary>The platform's details</summary>${pretty(j.error.details)}</details>` : ''}` : ''}
${j.state === 'completed' ? html`<h2>Result</h2>${pretty(j.result ?? null)}` : ''}
${j.progress ? html`<h2>Progress</h2>${pretty(j.progress)}` : ''}`;
    send(res, frame({ title: 'Job', section: '/console/jobs', session: s, body }));
  }));

  return router;
}

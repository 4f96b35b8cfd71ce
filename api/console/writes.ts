import { Router, type Request } from 'express';
import { AUDIT_OUTCOMES } from '../../shared/domain/audit/audit-types';
import { PLATFORMS } from '../../shared/platforms';
import type { AppDeps } from '../deps';
import { html, type Html } from '../pages/html';
import { ListAuditQuery } from '../routes/audit/audit.schemas';
import { listQuery, streamCsv } from '../routes/audit/list-audit.route';
import { consolePage, frame, platformName, q, select, send, sendProblem, when } from './frame';

const PAGE = 50;
const FILTERS = ['platform', 'adAccountId', 'operation', 'outcome', 'from', 'to'] as const;
const OUTCOME_LABEL: Record<string, string> = {
  accepted: 'Accepted', dry_run: 'Dry run', refused: 'Refused by a guardrail', confirmation_required: 'Waiting for confirmation', completed: 'Done', failed: 'Failed',
};

/** The filters of the page as the audit route's own query schema reads them (the same checks, the same messages). */
function filtersOf(req: Request) {
  const raw = Object.fromEntries(FILTERS.map((f) => [f, q(req, f, 100)]).filter(([, v]) => v));
  const cursor = q(req, 'cursor');
  return { raw: raw as Record<string, string>, parsed: ListAuditQuery.safeParse({ ...raw, ...(cursor ? { cursor } : {}), limit: PAGE }) };
}

const values = (v: Record<string, unknown> | undefined): Html =>
  v && Object.keys(v).length ? html`<dl class="values">${Object.entries(v).map(([k, x]) => html`<dt>${k}</dt><dd><code>${typeof x === 'string' ? x : JSON.stringify(x)}</code></dd>`)}</dl>` : html`<span class="meta">—</span>`;

export function writeRoutes(deps: AppDeps): Router {
  const router = Router();
  const { audit } = deps.services;

  router.get('/console/writes', consolePage(async (req, res, s) => {
    const { raw, parsed } = filtersOf(req);
    if (!parsed.success) return sendProblem(res, { status: 400, title: 'Check the filters', text: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') }, s);
    const page = await audit.list(s.auth, listQuery(audit, parsed.data));
    const next = page.nextCursor ? new URLSearchParams({ ...raw, cursor: page.nextCursor }) : undefined;
    const body = html`<h1>Writes</h1>
<p>Every change made through the gateway on your end users' ad accounts, with the values before and after.</p>
<form method="get" action="/console/writes" class="filters" role="search">
${select('platform', 'Platform', PLATFORMS, raw.platform ?? '', platformName)}
<label for="adAccountId">Ad account</label><input id="adAccountId" name="adAccountId" type="search" maxlength="64" value="${raw.adAccountId ?? ''}">
<label for="operation">Operation</label><input id="operation" name="operation" type="search" maxlength="100" value="${raw.operation ?? ''}">
${select('outcome', 'Outcome', AUDIT_OUTCOMES, raw.outcome ?? '', (o) => OUTCOME_LABEL[o] ?? o)}
<label for="from">From (date, UTC)</label><input id="from" name="from" type="date" value="${raw.from ?? ''}">
<label for="to">To (date, UTC, included)</label><input id="to" name="to" type="date" value="${raw.to ?? ''}">
<button type="submit">Filter</button>
</form>
<p><a class="button secondary" href="/console/writes.csv?${new URLSearchParams(raw).toString()}" download>Download these writes as CSV</a></p>
${page.items.length === 0 ? html`<p>No write matches.</p>` : html`<div class="table-wrap"><table>
<caption>Writes, newest first</caption>
<thead><tr><th scope="col">When</th><th scope="col">Who</th><th scope="col">Account</th><th scope="col">Operation</th><th scope="col">Outcome</th><th scope="col">Before</th><th scope="col">After</th></tr></thead>
<tbody>${page.items.map((r) => html`<tr><td>${when(r.time)}</td>
<td>${r.principal.externalUserId ?? r.principal.kind}</td>
<td>${platformName(r.platform)} <code>${r.adAccountId}</code></td>
<td><code>${r.operation}</code></td>
<td>${OUTCOME_LABEL[r.outcome] ?? r.outcome}${r.jobId ? html` <a href="/console/jobs/${r.jobId}">job</a>` : ''}${r.errorCode ? html`<span class="meta">${r.errorCode}</span>` : ''}</td>
<td>${values(r.before)}</td><td>${values(r.after)}</td></tr>`)}</tbody></table></div>`}
${next ? html`<p><a class="button secondary" href="/console/writes?${next.toString()}">Older writes</a></p>` : ''}`;
    send(res, frame({ title: 'Writes', section: '/console/writes', session: s, body }));
  }));

  // The same records as the page's filters, every page of them, as the audit route's CSV.
  router.get('/console/writes.csv', consolePage(async (req, res, s) => {
    const { parsed } = filtersOf(req);
    if (!parsed.success) return sendProblem(res, { status: 400, title: 'Check the filters', text: 'A filter is not valid.' }, s);
    await streamCsv(res, audit, s.auth, listQuery(audit, parsed.data), req.ctx.log);
  }));

  return router;
}

/**
 * `GET /rest/adAnalytics` (docs/platforms/linkedin.md, "Reporting"): finders `analytics` (one
 * `pivot`) and `statistics` (`pivots`, up to 3), `dateRange` in UTC and inclusive, facets of URNs,
 * at most 20 `fields`, no paging and a silent cap of 15,000 rows. Entities the member cannot read
 * are left out without an error.
 */
import type express from 'express';
import { op, type Call, type SimDeps } from '../ctx';
import { addInto, dayMetrics, METRICS, wireValue, type DayMetrics } from '../metrics';
import type { RestliValue } from '../restli';
import { urnId, type Rec } from '../state';
import { errors } from '../wire';

const PIVOTS = ['ACCOUNT', 'CAMPAIGN_GROUP', 'CAMPAIGN', 'CREATIVE'] as const;
type Pivot = (typeof PIVOTS)[number];
const GRANULARITY = ['ALL', 'DAILY', 'MONTHLY', 'YEARLY'] as const;
const MAX_FIELDS = 20;
const MAX_ROWS = 15_000;
const DAY_MS = 86_400_000;

interface YMD {
  year: number;
  month: number;
  day: number;
}

function ymd(v: RestliValue | undefined, name: string): number {
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw errors.illegal(`Invalid value for param dateRange: ${name} must be (year:Y,month:M,day:D)`);
  const [y, m, d] = ['year', 'month', 'day'].map((k) => Number(v[k]));
  const t = Date.UTC(y!, m! - 1, d!);
  if (![y, m, d].every(Number.isInteger) || new Date(t).getUTCDate() !== d) throw errors.illegal(`Invalid value for param dateRange: ${name} is not a date`);
  return t;
}

const toYmd = (t: number): YMD => {
  const d = new Date(t);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
};

/** The time bucket a day falls in, clipped to the requested range. */
function bucket(g: (typeof GRANULARITY)[number], day: number, from: number, to: number): [number, number] {
  const d = new Date(day);
  if (g === 'DAILY') return [day, day];
  if (g === 'ALL') return [from, to];
  const start = g === 'MONTHLY' ? Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) : Date.UTC(d.getUTCFullYear(), 0, 1);
  const end = g === 'MONTHLY' ? Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) - DAY_MS : Date.UTC(d.getUTCFullYear() + 1, 0, 1) - DAY_MS;
  return [Math.max(start, from), Math.min(end, to)];
}

function pivotValue(p: Pivot, cr: Rec, c: Call): string {
  if (p === 'ACCOUNT') return cr.account as string;
  if (p === 'CREATIVE') return cr.id as string;
  if (p === 'CAMPAIGN') return cr.campaign as string;
  const accountId = urnId(cr.account as string, 'sponsoredAccount')!;
  const camp = c.state.campaigns.get(accountId, String(urnId(cr.campaign as string, 'sponsoredCampaign')));
  return (camp?.campaignGroup as string) ?? '';
}

function facet(c: Call, name: string, kind: 'sponsoredAccount' | 'sponsoredCampaignGroup' | 'sponsoredCampaign' | 'sponsoredCreative'): Set<string> | undefined {
  const list = c.p.list(name);
  if (!list) return undefined;
  if (list.some((u) => urnId(u, kind) === undefined)) throw errors.illegal(`Invalid value for param ${name}: expected ${kind} URNs`);
  return new Set(list);
}

function report(c: Call, q: 'analytics' | 'statistics'): Record<string, unknown> {
  c.requireScope('report');
  const pivots: Pivot[] = q === 'analytics' ? [c.p.enumOf('pivot', PIVOTS, true)!] : (c.p.list('pivots') as Pivot[] | undefined) ?? [];
  if (!pivots.length || pivots.length > 3 || pivots.some((p) => !PIVOTS.includes(p))) throw errors.illegal('Invalid value for param pivots');
  const granularity = c.p.enumOf('timeGranularity', GRANULARITY, true)!;
  const range = c.p.obj('dateRange');
  if (!range?.start) throw errors.illegal('Missing required param dateRange.start');
  const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  const from = ymd(range.start, 'start');
  const to = range.end !== undefined ? ymd(range.end, 'end') : today;
  if (to < from) throw errors.illegal('Invalid value for param dateRange: end is before start');
  const fields = c.p.fields();
  if (fields && fields.length > MAX_FIELDS) throw errors.illegal(`Too many fields requested: at most ${MAX_FIELDS}`);
  const unknown = fields?.filter((f) => f !== 'dateRange' && f !== 'pivotValues' && !METRICS.includes(f));
  if (unknown?.length) throw errors.illegal(`Invalid field(s) in projection: ${unknown.join(', ')}`);
  const facets = {
    account: facet(c, 'accounts', 'sponsoredAccount'),
    group: facet(c, 'campaignGroups', 'sponsoredCampaignGroup'),
    campaign: facet(c, 'campaigns', 'sponsoredCampaign'),
    creative: facet(c, 'creatives', 'sponsoredCreative'),
  };
  if (!Object.values(facets).some(Boolean)) throw errors.illegal('At least one facet (accounts, campaignGroups, campaigns, creatives) is required');

  const rows = new Map<string, { pivotValues: string[]; range: [number, number]; sum: DayMetrics }>();
  for (const accountId of c.member.roles.keys()) {
    const account = c.state.accounts.get(accountId)!;
    for (const cr of c.state.creatives.list(accountId)) {
      const n = urnId(cr.id as string, 'sponsoredCreative')!;
      if (!c.state.serving.has(n)) continue;
      if (facets.account && !facets.account.has(cr.account as string)) continue;
      if (facets.campaign && !facets.campaign.has(cr.campaign as string)) continue;
      if (facets.creative && !facets.creative.has(cr.id as string)) continue;
      if (facets.group && !facets.group.has(pivotValue('CAMPAIGN_GROUP', cr, c))) continue;
      const first = Math.max(from, Math.floor((cr.createdAt as number) / DAY_MS) * DAY_MS);
      const pv = pivots.map((p) => pivotValue(p, cr, c));
      for (let day = first; day <= Math.min(to, today); day += DAY_MS) {
        const b = bucket(granularity, day, from, to);
        const key = `${b[0]}|${pv.join('|')}`;
        let row = rows.get(key);
        if (!row) rows.set(key, (row = { pivotValues: pv, range: b, sum: {} }));
        addInto(row.sum, dayMetrics(c.state.seed, n, new Date(day).toISOString().slice(0, 10), account.currency as string));
      }
    }
  }
  const picked = fields ?? ['impressions', 'clicks'];
  const elements = [...rows.values()]
    .sort((a, b) => a.range[0] - b.range[0] || a.pivotValues.join().localeCompare(b.pivotValues.join()))
    .slice(0, MAX_ROWS)
    .map((r) => {
      const out: Record<string, unknown> = {};
      for (const f of picked) {
        if (f === 'pivotValues') out.pivotValues = r.pivotValues;
        else if (f === 'dateRange') out.dateRange = { start: toYmd(r.range[0]), end: toYmd(r.range[1]) };
        else out[f] = wireValue(f, r.sum[f] ?? 0);
      }
      return out;
    });
  return { paging: { start: 0, count: 10, links: [] }, elements };
}

export function analyticsRoutes(r: express.Router, deps: SimDeps): void {
  r.get('/adAnalytics', op(deps, 'adAnalytics', 'FINDER', (c) => {
    const q = c.p.str('q', true);
    if (q !== 'analytics' && q !== 'statistics') throw errors.illegal(`Unsupported finder ${q}`);
    c.charge(`member:${c.member.name}`);
    return report(c, q);
  }));
}

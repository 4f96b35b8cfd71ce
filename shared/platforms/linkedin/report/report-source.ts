import type { PlatformCaller } from '../../core/caller';
import type { Attribution, ReportRequest, ReportSource, SourceRow } from '../../core/report-source';
import { idOf, type UrnKind } from '../ids';
import { callLinkedin, getOne, type CursorPage, type LinkedinCall } from '../operations/call';
import { analyticsCall, campaignGroupsCall, campaignsCall, creativesCall } from '../operations/reads';
import type { ReadAnalytics } from '../operations/read.dto';

/*
 * LinkedIn's part of the cross-platform report (docs/reports.md): `adAnalytics?q=analytics` built
 * by the same `analyticsCall` as GET /api/v1/linkedin/analytics. Campaign groups are the report's
 * `campaign`, campaigns its `adset`, creatives its `ad`. LinkedIn's days are UTC whatever the
 * account, and its analytics carry no names, so the names and parents come from the account's
 * entity lists.
 */

const PIVOT: Record<ReportRequest['level'], { pivot: ReadAnalytics['pivot']; kind: UrnKind }> = {
  account: { pivot: 'ACCOUNT', kind: 'account' },
  campaign: { pivot: 'CAMPAIGN_GROUP', kind: 'group' },
  adset: { pivot: 'CAMPAIGN', kind: 'campaign' },
  ad: { pivot: 'CREATIVE', kind: 'creative' },
};
const FIELDS = ['dateRange', 'pivotValues', 'impressions', 'clicks', 'costInLocalCurrency', 'externalWebsiteConversions', 'conversionValueInLocalCurrency'];

type Rec = Record<string, unknown>;
interface Ymd {
  year: number;
  month: number;
  day: number;
}

export function linkedinAnalyticsQuery(accountId: string, req: ReportRequest): ReadAnalytics {
  return {
    adAccountId: accountId,
    pivot: PIVOT[req.level].pivot,
    timeGranularity: req.granularity === 'day' ? 'DAILY' : 'ALL',
    startDate: req.from,
    endDate: req.to,
    fields: FIELDS,
  } as ReadAnalytics;
}

const ymdText = (d: Ymd) => `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

/** What the rows need to know about the account's entities: names and parents by id. */
export interface Lineage {
  names: Map<string, string>;
  parentOf: Map<string, string>;
}

async function listAll(caller: PlatformCaller, call: (pageToken?: string) => LinkedinCall): Promise<Rec[]> {
  const out: Rec[] = [];
  let token: string | undefined;
  do {
    const page = await callLinkedin<CursorPage>(caller, call(token), 'read');
    out.push(...(page.elements ?? []));
    token = page.metadata?.nextPageToken || undefined;
  } while (token);
  return out;
}

async function lineage(caller: PlatformCaller, level: ReportRequest['level']): Promise<Lineage> {
  const id = caller.ref.platformAccountId!;
  const names = new Map<string, string>();
  const parentOf = new Map<string, string>();
  if (level === 'account') return { names, parentOf };
  const note = (kind: UrnKind, e: Rec, parentKind?: UrnKind, parent?: unknown) => {
    const own = idOf(kind, String(e.id));
    if (!own) return;
    if (typeof e.name === 'string') names.set(`${kind}:${own}`, e.name);
    const p = parentKind && typeof parent === 'string' ? idOf(parentKind, parent) : null;
    if (p) parentOf.set(`${kind}:${own}`, p);
  };
  if (level === 'campaign') for (const g of await listAll(caller, (t) => campaignGroupsCall(id, { pageSize: 500, pageToken: t } as never))) note('group', g);
  if (level === 'adset' || level === 'ad') for (const c of await listAll(caller, (t) => campaignsCall(id, { pageSize: 500, pageToken: t } as never))) note('campaign', c, 'group', c.campaignGroup);
  if (level === 'ad') for (const c of await listAll(caller, (t) => creativesCall(id, { pageSize: 100, pageToken: t } as never))) note('creative', c, 'campaign', c.campaign);
  return { names, parentOf };
}

/** What every row of one pivot value states about its entity. */
interface Entity {
  id: string;
  name: string | null;
  parent: SourceRow['parent'];
}

function entityOf(req: ReportRequest, pv: string, l: Lineage): Entity {
  const { kind } = PIVOT[req.level];
  const id = idOf(kind, pv) ?? pv;
  const campaignOfCreative = req.level === 'ad' ? l.parentOf.get(`creative:${id}`) : undefined;
  return {
    id,
    name: l.names.get(`${kind}:${id}`) ?? null,
    parent: {
      ...(req.level === 'adset' ? { campaignId: l.parentOf.get(`campaign:${id}`) } : {}),
      ...(req.level === 'ad' ? { adsetId: campaignOfCreative, campaignId: campaignOfCreative ? l.parentOf.get(`campaign:${campaignOfCreative}`) : undefined } : {}),
    },
  };
}

// LinkedIn's default conversion windows: 30 days after a click, 7 after a view (docs/reports.md).
const ATTRIBUTION: Attribution = { clickDays: 30, viewDays: 7, source: 'account_default' };

/** `entities`: each pivot value's entity, resolved once for all its days. */
export function linkedinRow(req: ReportRequest, e: Rec, l: Lineage, entities = new Map<string, Entity>()): SourceRow {
  const pv = Array.isArray(e.pivotValues) ? String(e.pivotValues[0]) : '';
  let entity = entities.get(pv);
  if (!entity) entities.set(pv, (entity = entityOf(req, pv, l)));
  const range = e.dateRange as { start: Ymd } | undefined;
  return {
    id: entity.id,
    name: entity.name,
    parent: entity.parent,
    date: req.granularity === 'day' && range ? ymdText(range.start) : undefined,
    spend: e.costInLocalCurrency === undefined ? '0' : String(e.costInLocalCurrency),
    conversionValue: e.conversionValueInLocalCurrency === undefined ? null : String(e.conversionValueInLocalCurrency),
    impressions: Number(e.impressions ?? 0),
    clicks: Number(e.clicks ?? 0),
    conversions: e.externalWebsiteConversions === undefined ? null : Number(e.externalWebsiteConversions),
    reach: null,
    attribution: ATTRIBUTION,
    raw: e,
  };
}

export async function linkedinReportRows(caller: PlatformCaller, req: ReportRequest): Promise<Rec[]> {
  const page = await callLinkedin<{ elements?: Rec[] }>(caller, analyticsCall(caller.ref.platformAccountId!, linkedinAnalyticsQuery(caller.ref.platformAccountId!, req)), 'read');
  return page.elements ?? [];
}

export const linkedinReportSource: ReportSource = {
  restatementDays: 2,
  fixedTimezone: 'UTC',
  async rows(caller, req) {
    const [raw, l] = await Promise.all([linkedinReportRows(caller, req), lineage(caller, req.level)]);
    const entities = new Map<string, Entity>();
    return { rows: raw.map((e) => linkedinRow(req, e, l, entities)), account: {} };
  },
  async facts(caller) {
    const a = await callLinkedin<{ name?: string; currency?: string }>(caller, getOne(`adAccounts/${caller.ref.platformAccountId}`), 'read');
    return { name: a.name ?? null, currency: a.currency ?? null, timezone: 'UTC' };
  },
};

/**
 * Campaign groups and campaigns under `/rest/adAccounts/{account}` (docs/platforms/linkedin.md):
 * FINDER search (cursor paging), GET, CREATE (201, empty body, `x-restli-id`), PARTIAL_UPDATE
 * (`X-RestLi-Method: PARTIAL_UPDATE`, 204) and DELETE (drafts only). No idempotency: every create
 * makes a new object.
 */
import type express from 'express';
import { op, Reply, type Call, type SimDeps } from '../ctx';
import { criterion } from '../restli';
import { URN, urnId, stamps, type KindStore, type Rec } from '../state';
import { CAMPAIGN_STATUS, GROUP_STATUS, validateCreate, validatePatch, type Kind } from '../validate';
import { cursorPage, errors, validationError } from '../wire';

interface KindSpec {
  kind: Kind;
  resource: 'adCampaignGroups' | 'adCampaigns';
  store: (c: Call) => KindStore;
  statuses: readonly string[];
  /** Search criteria holding URNs, with the URN kind each takes. */
  urnCriteria: Record<string, 'sponsoredCampaignGroup' | 'sponsoredCampaign'>;
  plainCriteria: string[];
  urn: (id: number | string) => string;
}

const SPECS: KindSpec[] = [
  { kind: 'group', resource: 'adCampaignGroups', store: (c) => c.state.groups, statuses: GROUP_STATUS, urnCriteria: { id: 'sponsoredCampaignGroup' }, plainCriteria: ['status', 'name'], urn: URN.group },
  {
    kind: 'campaign', resource: 'adCampaigns', store: (c) => c.state.campaigns, statuses: CAMPAIGN_STATUS,
    urnCriteria: { id: 'sponsoredCampaign', campaignGroup: 'sponsoredCampaignGroup' }, plainCriteria: ['status', 'name', 'type'], urn: URN.campaign,
  },
];

/** ASSUMED: without a status criterion, objects on their way out are not listed. */
const HIDDEN_BY_DEFAULT = ['PENDING_DELETION', 'REMOVED'];

const servingStatuses = (kind: Kind, status: string) => (status === 'ACTIVE' ? ['RUNNABLE'] : [`${kind === 'group' ? 'CAMPAIGN_GROUP' : 'CAMPAIGN'}_${status}`]);

function entityId(raw: string): string {
  if (!/^\d{1,19}$/.test(raw)) throw errors.illegal(`Syntax exception in path variables: ${raw}`);
  return String(Number(raw));
}

function search(c: Call, s: KindSpec, accountId: number): Record<string, unknown> {
  const q = c.p.str('q', true);
  if (q !== 'search') throw errors.illegal(`Unsupported finder ${q}`);
  const crit = c.p.obj('search');
  for (const k of Object.keys(crit ?? {})) {
    if (!(k in s.urnCriteria) && !s.plainCriteria.includes(k) && k !== 'test') throw errors.illegal(`Invalid search criterion ${k}`);
  }
  const urnFilters = Object.entries(s.urnCriteria).map(([key, kind]) => {
    const ids = criterion(crit, key)?.map((u) => {
      const n = urnId(u, kind);
      if (n === undefined) throw errors.illegal(`Invalid search criterion ${key}: ${u} is not a ${kind} URN`);
      return key === 'id' ? n : u;
    });
    return { key, ids };
  });
  const status = criterion(crit, 'status');
  if (status?.some((x) => !s.statuses.includes(x))) throw errors.illegal('Invalid search criterion status');
  const names = criterion(crit, 'name');
  const types = criterion(crit, 'type');
  const test = crit?.test;
  const order = c.p.enumOf('sortOrder', ['ASCENDING', 'DESCENDING']) ?? 'ASCENDING';
  let all = s.store(c).list(accountId).filter((r) =>
    urnFilters.every(({ key, ids }) => !ids || ids.includes(key === 'id' ? (r.id as number) : (r[key] as never))) &&
    (status ? status.includes(r.status as string) : !HIDDEN_BY_DEFAULT.includes(r.status as string)) &&
    (!names || names.includes(r.name as string)) &&
    (!types || types.includes(r.type as string)) &&
    (test === undefined || String(r.test) === test),
  );
  if (order === 'DESCENDING') all = [...all].reverse();
  const pageSize = c.p.int('pageSize', 100, 1, c.deps.settings.maxPageSize);
  return cursorPage(all, pageSize, c.p.str('pageToken'), `${accountId}|${JSON.stringify(crit ?? null)}|${order}`);
}

function create(c: Call, s: KindSpec): Reply {
  c.requireScope('write');
  const { id: accountId, rec: account } = c.account(c.req.params.accountId as string, 'write');
  const currency = account.currency as string;
  const body = validateCreate(s.kind, c.req.body, URN.account(accountId), currency);
  const now = Date.now();
  if (s.kind === 'campaign') {
    const groupId = urnId(String(body.campaignGroup), 'sponsoredCampaignGroup');
    const group = groupId === undefined ? undefined : c.state.groups.get(accountId, String(groupId));
    if (!group) throw validationError([{ code: 'INVALID_VALUE_FOR_FIELD', description: `campaignGroup ${String(body.campaignGroup)} is not a campaign group of this account`, fieldPath: 'campaignGroup' }]);
    if (['ARCHIVED', 'CANCELED', 'PENDING_DELETION', 'REMOVED'].includes(group.status as string)) {
      throw validationError([{ code: 'INVALID_VALUE_FOR_FIELD', description: `campaign group ${groupId} is ${String(group.status)}`, fieldPath: 'campaignGroup' }]);
    }
  }
  // What the caller sent, plus the fields LinkedIn owns; nothing is defaulted that the caller did not send.
  const rec: Rec = {
    id: c.state.nextId(s.kind),
    ...body,
    test: account.test,
    servingStatuses: servingStatuses(s.kind, body.status as string),
    ...(s.kind === 'group' ? { backfilled: false, allowedCampaignTypes: ['TEXT_AD', 'SPONSORED_UPDATES', 'SPONSORED_INMAILS', 'DYNAMIC'] } : { version: { versionTag: '1' } }),
    changeAuditStamps: stamps(now, now),
  };
  s.store(c).add(accountId, rec);
  const id = String(rec.id);
  return new Reply(201, undefined, { 'x-restli-id': id, 'x-linkedin-id': id, location: `/adAccounts/${accountId}/${s.resource}/${id}` });
}

function update(c: Call, s: KindSpec): Reply {
  const method = String(c.req.headers['x-restli-method'] ?? '').toUpperCase();
  // ASSUMED: a POST to an entity key without the method header is not a method LinkedIn knows.
  if (method !== 'PARTIAL_UPDATE') throw errors.illegal('POST on an entity key requires X-RestLi-Method: PARTIAL_UPDATE');
  c.requireScope('write');
  const { id: accountId, rec: account } = c.account(c.req.params.accountId as string, 'write');
  const rec = s.store(c).get(accountId, entityId(c.req.params.id as string));
  if (!rec) throw errors.notFound(`${s.kind === 'group' ? 'Campaign group' : 'Campaign'} ${c.req.params.id}`);
  const set = validatePatch(s.kind, c.req.body, rec, account.currency as string);
  const now = Date.now();
  Object.assign(rec, set);
  rec.servingStatuses = servingStatuses(s.kind, rec.status as string);
  rec.changeAuditStamps = stamps((rec.changeAuditStamps as { created: { time: number } }).created.time, now);
  if (rec.version) rec.version = { versionTag: String(Number((rec.version as { versionTag: string }).versionTag) + 1) };
  return new Reply(204);
}

export function entityRoutes(r: express.Router, deps: SimDeps): void {
  for (const s of SPECS) {
    const base = `/adAccounts/:accountId/${s.resource}`;
    r.get(base, op(deps, s.resource, 'FINDER-search', (c) => {
      c.requireScope('read');
      const { id } = c.account(c.req.params.accountId as string, 'read');
      return search(c, s, id);
    }));
    r.post(base, op(deps, s.resource, 'CREATE', (c) => create(c, s)));
    r.get(`${base}/:id`, op(deps, s.resource, 'GET', (c) => {
      c.requireScope('read');
      const { id: accountId } = c.account(c.req.params.accountId as string, 'read');
      const rec = s.store(c).get(accountId, entityId(c.req.params.id as string));
      if (!rec) throw errors.notFound(`${s.kind === 'group' ? 'Campaign group' : 'Campaign'} ${c.req.params.id}`);
      return rec;
    }));
    r.post(`${base}/:id`, op(deps, s.resource, 'PARTIAL_UPDATE', (c) => update(c, s)));
    r.delete(`${base}/:id`, op(deps, s.resource, 'DELETE', (c) => {
      c.requireScope('write');
      const { id: accountId } = c.account(c.req.params.accountId as string, 'write');
      const id = entityId(c.req.params.id as string);
      const rec = s.store(c).get(accountId, id);
      if (!rec) throw errors.notFound(`${s.kind === 'group' ? 'Campaign group' : 'Campaign'} ${id}`);
      if (rec.status !== 'DRAFT') throw validationError([{ code: 'DELETE_ALLOWED_ONLY_FOR_DRAFT_STATUS', description: 'Only DRAFT entities can be deleted; set PENDING_DELETION instead', fieldPath: 'status' }]);
      s.store(c).remove(accountId, id);
      return new Reply(204);
    }));
  }
}

import { AppError } from '../../../errors/app-error';
import { urnOf } from '../ids';
import { accountPath, finder, type LinkedinCall } from './call';
import type { ReadAnalytics, ReadCampaignGroups, ReadCampaigns, ReadCreatives } from './read.dto';

/* The reads' LinkedIn calls (docs/platforms/linkedin.md): search finders with Rest.li criteria, cursor paged. */

const values = (list: readonly string[] | undefined) => (list?.length ? { values: list } : undefined);

export function campaignGroupsCall(accountId: string, q: ReadCampaignGroups): LinkedinCall {
  return finder(accountPath(accountId, 'adCampaignGroups'), 'search', {
    search: searchOf({ status: values(q.status), id: values(q.ids?.map((id) => urnOf('group', id))), name: values(q.name ? [q.name] : undefined), test: q.test }),
    sortOrder: q.sortOrder,
    pageSize: q.pageSize,
    pageToken: q.pageToken,
  });
}

export function campaignsCall(accountId: string, q: ReadCampaigns): LinkedinCall {
  return finder(accountPath(accountId, 'adCampaigns'), 'search', {
    search: searchOf({
      status: values(q.status),
      id: values(q.ids?.map((id) => urnOf('campaign', id))),
      campaignGroup: values(q.campaignGroupIds?.map((id) => urnOf('group', id))),
      type: values(q.type),
      name: values(q.name ? [q.name] : undefined),
      test: q.test,
    }),
    sortOrder: q.sortOrder,
    pageSize: q.pageSize,
    pageToken: q.pageToken,
  });
}

export function creativesCall(accountId: string, q: ReadCreatives): LinkedinCall {
  return finder(accountPath(accountId, 'creatives'), 'criteria', {
    campaigns: q.campaignIds?.map((id) => urnOf('campaign', id)),
    intendedStatuses: q.intendedStatus,
    sortOrder: q.sortOrder,
    pageSize: q.pageSize,
    pageToken: q.pageToken,
  });
}

const ymd = (d: string) => {
  const [year, month, day] = d.split('-').map(Number);
  return { year: year!, month: month!, day: day! };
};

/**
 * adAnalytics for the guarded account: its URN is always a facet, so a report never reaches past the
 * account the route checked, whatever other facets the caller adds.
 */
export function analyticsCall(accountId: string, q: ReadAnalytics): LinkedinCall {
  if (q.endDate && q.endDate < q.startDate) {
    throw new AppError('VALIDATION_FAILED', 'Invalid query.endDate: before startDate', { details: [{ path: 'query.endDate', message: 'before startDate' }] });
  }
  return finder('adAnalytics', 'analytics', {
    pivot: q.pivot,
    timeGranularity: q.timeGranularity,
    dateRange: { start: ymd(q.startDate), ...(q.endDate ? { end: ymd(q.endDate) } : {}) },
    accounts: [urnOf('account', accountId)],
    campaignGroups: q.campaignGroupIds?.map((id) => urnOf('group', id)),
    campaigns: q.campaignIds?.map((id) => urnOf('campaign', id)),
    creatives: q.creativeIds?.map((id) => urnOf('creative', id)),
    fields: q.fields,
  });
}

function searchOf(criteria: Record<string, unknown>): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(criteria)) if (v !== undefined) out[k] = v;
  return Object.keys(out).length ? out : undefined;
}

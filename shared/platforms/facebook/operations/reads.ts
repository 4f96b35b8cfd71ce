import { resolveFields, type GraphObject } from './fields';
import { act, get, pageParams, type GraphCall, type PageQuery } from './graph-call';

export interface ListInput extends PageQuery {
  fields?: string;
  effectiveStatus?: string[];
  /** Only on edges where Meta documents it (campaigns, adsets, ads); validated by the list's query. */
  filtering?: { field: string; operator: string; value?: unknown }[];
}

/** Any `{ data, paging }` edge: validated fields (or the object's defaults) plus cursor paging. */
export function listCall(path: string, object: GraphObject, q: ListInput, extra: Record<string, unknown> = {}): GraphCall {
  return get(path, { fields: resolveFields(object, q.fields), ...pageParams(q), effective_status: q.effectiveStatus, filtering: q.filtering, ...extra });
}

/**
 * `GET /{id}`; `must` fields are added to what the caller asked for, so the gateway can check the
 * object belongs to the guarded account (`account_id`).
 */
export function detailCall(id: string, object: GraphObject, fields: string | undefined, must: string[] = []): GraphCall {
  return get(id, { fields: resolveFields(object, fields, must) });
}

/** Where each account-level list lives (docs/platforms/facebook.md §3). */
export const ACCOUNT_EDGES = {
  campaigns: { edge: 'campaigns', object: 'campaign' },
  adsets: { edge: 'adsets', object: 'adset' },
  ads: { edge: 'ads', object: 'ad' },
  creatives: { edge: 'adcreatives', object: 'adcreative' },
  pages: { edge: 'promote_pages', object: 'page' },
  savedAudiences: { edge: 'saved_audiences', object: 'savedaudience' },
  customAudiences: { edge: 'customaudiences', object: 'customaudience' },
  pixels: { edge: 'adspixels', object: 'adspixel' },
  customConversions: { edge: 'customconversions', object: 'customconversion' },
} as const satisfies Record<string, { edge: string; object: GraphObject }>;

export type AccountEdge = keyof typeof ACCOUNT_EDGES;

export const accountListCall = (accountId: string, which: AccountEdge, q: ListInput): GraphCall =>
  listCall(`${act(accountId)}/${ACCOUNT_EDGES[which].edge}`, ACCOUNT_EDGES[which].object, q);

/** Ad accounts of the connection's user: `/me/adaccounts`. */
export const myAdAccountsCall = (q: ListInput): GraphCall => listCall('me/adaccounts', 'adaccount', q);
export const adAccountCall = (accountId: string, fields?: string): GraphCall => detailCall(act(accountId), 'adaccount', fields);
export const myBusinessesCall = (q: ListInput): GraphCall => listCall('me/businesses', 'business', q);
export const businessCall = (id: string, fields?: string): GraphCall => detailCall(id, 'business', fields);
export const businessAdAccountsCall = (id: string, q: ListInput): GraphCall => listCall(`${id}/owned_ad_accounts`, 'adaccount', q);
export const businessCatalogsCall = (id: string, q: ListInput): GraphCall => listCall(`${id}/owned_product_catalogs`, 'productcatalog', q);

/**
 * The ad account a Graph object belongs to: `account_id` on ad objects, creatives, audiences and
 * custom conversions; `owner_ad_account.account_id` on pixels (null for business-owned pixels).
 */
export function accountOf(o: Record<string, unknown> | undefined): string | null {
  if (!o) return null;
  if (typeof o.account_id === 'string' || typeof o.account_id === 'number') return String(o.account_id).replace(/^act_/, '');
  const owner = o.owner_ad_account as { account_id?: string; id?: string } | undefined;
  if (owner?.account_id) return String(owner.account_id);
  if (owner?.id) return String(owner.id).replace(/^act_/, '');
  return null;
}

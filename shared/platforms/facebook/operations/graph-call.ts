import { encodeValue } from '../../core/encode';

/**
 * One Graph API call in Meta's encoding (docs/platforms/facebook.md §1): GET/DELETE carry `params` in the query, POST
 * sends them form-urlencoded; objects and arrays are JSON text inside a field.
 */
export interface GraphCall {
  method: 'GET' | 'POST' | 'DELETE';
  /** Below the versioned base: `act_1/campaigns`, `120…`. */
  path: string;
  params: Record<string, string>;
}

/** Drops undefined values and JSON-encodes objects, as Graph expects every field. */
export function encodeParams(p: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(p)) if (v !== undefined && v !== null) out[k] = encodeValue(v);
  return out;
}

export const get = (path: string, params: Record<string, unknown> = {}): GraphCall => ({ method: 'GET', path, params: encodeParams(params) });
export const post = (path: string, params: Record<string, unknown> = {}): GraphCall => ({ method: 'POST', path, params: encodeParams(params) });

export const act = (accountId: string) => `act_${accountId}`;

/** Cursor paging the gateway passes through (docs/api-conventions.md §6). */
export interface PageQuery {
  limit?: number;
  after?: string;
  before?: string;
}

export const pageParams = (q: PageQuery) => ({ limit: q.limit, after: q.after, before: q.before });

export interface GraphList<T = Record<string, unknown>> {
  data?: T[];
  paging?: { cursors?: { before?: string; after?: string }; next?: string; previous?: string };
  summary?: unknown;
}

/** The gateway's list shape: Graph's data and cursors; Graph's `next`/`previous` URLs carry the token, so they never leave. */
export interface GatewayList<T = Record<string, unknown>> {
  data: T[];
  paging: { cursors: { before: string | null; after: string | null }; hasNext: boolean; hasPrevious: boolean };
}

export function toGatewayList<T>(r: GraphList<T> | undefined): GatewayList<T> {
  const c = r?.paging?.cursors;
  return {
    data: r?.data ?? [],
    paging: {
      cursors: { before: c?.before ?? null, after: c?.after ?? null },
      hasNext: Boolean(r?.paging?.next),
      hasPrevious: Boolean(r?.paging?.previous),
    },
  };
}

/**
 * One LinkedIn call as the operations describe it: pure data, so request building is unit tested
 * without HTTP. Paths are below the versioned `/rest/` base; query values are Rest.li-encoded by the
 * wire (`restli.ts`); `X-RestLi-Method` names the Rest.li method, as LinkedIn's own client sends it.
 */
import { encodeKey } from '../restli';
import { dropUndefined } from '../../core/encode';
import type { CallRequest, PlatformCaller } from '../../core/caller';

export interface LinkedinCall {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
  headers: Record<string, string>;
  /** A write that is safe to repeat (a PARTIAL_UPDATE setting values): the client may retry it. */
  idempotent?: boolean;
}

/**
 * One LinkedIn call over the account's caller: a read from a route, or a job's write. The token
 * source names the connection, so LinkedIn refusing the token refreshes it once and then marks the connection.
 */
export function callLinkedin<T = unknown>(caller: PlatformCaller, c: LinkedinCall, kind: 'read' | 'write', wire?: CallRequest['wire']): Promise<T> {
  return caller.request<T>({ method: c.method, path: c.path, query: c.query, body: c.body, headers: c.headers, kind, idempotent: c.idempotent, wire });
}

const method = (m: string) => ({ 'X-RestLi-Method': m });

/** `adAccounts/{account}/{collection}[/{key}]`, the key encoded whole when it is a URN. */
export const accountPath = (accountId: string, collection: string, key?: string | number) =>
  `adAccounts/${accountId}/${collection}${key === undefined ? '' : `/${encodeKey(key)}`}`;

export const finder = (path: string, q: string, query: Record<string, unknown>): LinkedinCall => ({
  method: 'GET',
  path,
  query: { q, ...dropUndefined(query) },
  headers: method('FINDER'),
});

export const getOne = (path: string): LinkedinCall => ({ method: 'GET', path, headers: method('GET') });

/** CREATE: LinkedIn answers 201 with the id in `x-restli-id`; it has no idempotency key, so never retried blindly. */
export const create = (path: string, body: Record<string, unknown>): LinkedinCall => ({ method: 'POST', path, body: dropUndefined(body), headers: method('CREATE'), idempotent: false });

/** PARTIAL_UPDATE `{"patch":{"$set":{…}}}`: setting values twice changes nothing, so it may be retried. */
export const partialUpdate = (path: string, set: Record<string, unknown>): LinkedinCall => ({
  method: 'POST',
  path,
  body: { patch: { $set: dropUndefined(set) } },
  headers: method('PARTIAL_UPDATE'),
  idempotent: true,
});

/** A cursor page of a search finder. */
export interface CursorPage<T = Record<string, unknown>> {
  elements?: T[];
  metadata?: { nextPageToken?: string };
}

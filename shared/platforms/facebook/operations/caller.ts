import type { PlatformCaller } from '../../core/caller';
import type { CallKind, PlatformRequest } from '../../core/types';
import type { GraphCall } from './graph-call';

export interface GraphCaller {
  /** Runs one Graph call with the connection's token (or `token`, e.g. a page token). Throws AppError. */
  call<T = Record<string, unknown>>(c: GraphCall, opts?: { kind?: CallKind; token?: string; wire?: PlatformRequest['wire'] }): Promise<T>;
}

/** Graph calls in Meta's encoding over the account's caller (GET/DELETE: query; POST: form fields). */
export function graphCaller(caller: PlatformCaller): GraphCaller {
  return {
    call: <T>(c: GraphCall, opts: { kind?: CallKind; token?: string; wire?: PlatformRequest['wire'] } = {}) =>
      caller.request<T>({
        method: c.method,
        path: c.path,
        ...(c.method === 'POST' ? { body: c.params } : { query: c.params }),
        token: opts.token,
        kind: opts.kind,
        wire: opts.wire,
      }),
  };
}

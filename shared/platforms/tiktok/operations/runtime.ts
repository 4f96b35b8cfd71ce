import type { PlatformCaller } from '../../core/caller';
import type { PlatformRequest } from '../../core/types';
import type { TiktokCall } from './call';

/**
 * One TikTok call over the account's caller: a read from a route, or a job's write. The caller's
 * token source names the connection, so a token TikTok refuses (40102/40104/40105) marks it revoked.
 */
export function callTiktok<T = unknown>(caller: PlatformCaller, call: TiktokCall, kind: 'read' | 'write' = 'write', wire?: PlatformRequest['wire']): Promise<T> {
  return caller.request<T>({ method: call.method, path: call.path, query: call.query, body: call.body, kind, idempotent: call.idempotent, wire });
}

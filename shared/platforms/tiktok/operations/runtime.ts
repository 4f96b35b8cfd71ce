import type { Services } from '../../../domain/services';
import type { PlatformCaller, PlatformRequest } from '../../../domain/jobs/platform-access';
import type { TiktokCall } from './call';

/** The guarded account a call is made for (GuardedAccount / the job's account snapshot). */
export interface TiktokAccount {
  platformAccountId: string;
  connectionId: string;
}

/**
 * A read, straight through the adapter's client (reads never queue). The token source names the
 * connection, so a token TikTok refuses (40102/40104/40105) marks the connection revoked.
 */
export async function readTiktok<T = unknown>(services: Services, account: TiktokAccount, call: TiktokCall): Promise<T> {
  const adapter = services.platforms.get('tiktok');
  const token = await services.platformAuth.tokenSource(account.connectionId);
  return adapter.client.request<T>({
    method: call.method,
    path: call.path,
    query: call.query,
    body: call.body,
    token,
    accountKey: account.platformAccountId,
    kind: 'read',
  });
}

/**
 * A call from a job. The job's caller passes the connection's token source to the client, so a
 * token TikTok refuses marks the connection revoked there, as on reads.
 */
export function callFromJob<T = unknown>(caller: PlatformCaller, call: TiktokCall, kind: 'read' | 'write' = 'write', wire?: PlatformRequest['wire']): Promise<T> {
  return caller.request<T>({ method: call.method, path: call.path, query: call.query, body: call.body, kind, idempotent: call.idempotent, wire });
}

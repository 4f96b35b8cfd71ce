import type { Services } from '../../../domain/services';
import type { CallKind, PlatformRequest, TokenSource } from '../../core/types';
import type { GraphCall } from './graph-call';

/** The account a call is made for (the guard's GuardedAccount or a job's account snapshot). */
export interface CallAccount {
  platformAccountId: string;
  connectionId: string;
}

export interface GraphCaller {
  /** Runs one Graph call with the connection's token (or `token`, e.g. a page token). Throws AppError. */
  call<T = Record<string, unknown>>(c: GraphCall, opts?: { kind?: CallKind; token?: string; wire?: PlatformRequest['wire'] }): Promise<T>;
}

/**
 * Graph calls for one ad account through the platform core: the outbound limiter keyed by the
 * account, retries, error mapping, and a token source that marks the connection expired when Meta
 * answers 190.
 */
export function facebookCaller(services: Pick<Services, 'platforms' | 'platformAuth'>, account: CallAccount): GraphCaller {
  const adapter = services.platforms.get('facebook');
  let source: Promise<TokenSource> | undefined;
  return {
    async call<T>(c: GraphCall, opts: { kind?: CallKind; token?: string; wire?: PlatformRequest['wire'] } = {}): Promise<T> {
      source ??= services.platformAuth.tokenSource(account.connectionId);
      const token = opts.token ?? (await source);
      const appKey = typeof token === 'string' ? (await source).appKey : undefined;
      // A page token is a string; its proof uses the same app's secret as the user token's.
      const appSecret = typeof token === 'string' ? await (await source).appSecret?.() : undefined;
      const kind = opts.kind ?? (c.method === 'GET' ? 'read' : 'write');
      return adapter.client.request<T>({
        method: c.method,
        path: c.path,
        ...(c.method === 'POST' ? { body: c.params } : { query: c.params }),
        token,
        appKey,
        appSecret,
        accountKey: account.platformAccountId,
        kind,
        wire: opts.wire,
      });
    },
  };
}

import { isAppError } from '../../errors/app-error';
import type { CallKind, PlatformApp, PlatformClient, PlatformRequest, TokenSource } from './types';

/** The connection a call is made with: which tenant, platform and stored grant. */
export interface ConnectionRef {
  tenantId: string;
  platform: string;
  connectionId: string;
}

/**
 * The ad account a call is charged to (the guard's GuardedAccount and a job's account snapshot
 * both are one). `loginCustomerId` is Google's manager the account is reached through.
 */
export interface AccountRef extends ConnectionRef {
  platformAccountId: string;
  loginCustomerId?: string | null;
}

/** One platform call as operations describe it; token, limiter keys and the platform's headers are added by the caller. */
export interface CallRequest {
  method: PlatformRequest['method'];
  path: string;
  query?: Record<string, unknown>;
  body?: unknown;
  /** Defaults to `read` for GET and `write` otherwise. */
  kind?: CallKind;
  /** The platform dedupes retries itself (TikTok request_id): the client may retry the write. */
  idempotent?: boolean;
  headers?: Record<string, string>;
  /** A checkpointed create's send/answer hooks (createOnce). */
  wire?: PlatformRequest['wire'];
  /** A token other than the connection's but of the same app (a Meta Page token). */
  token?: string;
  /** The metrics label (PlatformRequest.operation). */
  operation?: string;
  /** A proxied call (PlatformRequest.passthrough). */
  passthrough?: PlatformRequest['passthrough'];
  /** One call of a fan-out (PlatformRequest.lane). */
  lane?: PlatformRequest['lane'];
  /** The answer's body built from its text (PlatformRequest.parseBody). */
  parseBody?: PlatformRequest['parseBody'];
}

/** The tenant app a caller's calls are made with, without its secret. */
export interface CallerApp {
  clientId: string;
  extras: PlatformApp['extras'];
}

/**
 * Calls one platform for one ad account (or, without one, for its connection). The token comes
 * from the connection's token source on every call, so long imports survive a refresh, a refused
 * token refreshes once or marks the connection, and every call passes the outbound limiter.
 */
export interface PlatformCaller {
  readonly ref: ConnectionRef & Partial<Pick<AccountRef, 'platformAccountId' | 'loginCustomerId'>>;
  request<T = unknown>(req: CallRequest): Promise<T>;
  /** The tenant's app for the platform (read once per caller). */
  app(): Promise<CallerApp>;
  /**
   * Another account on the same connection, sharing this caller's token source (Google clients
   * reached through a manager): calls refused together cause one refresh.
   */
  forAccount(account: Pick<AccountRef, 'platformAccountId' | 'loginCustomerId'>): PlatformCaller;
}

export type CallerFor = (ref: AccountRef | ConnectionRef) => PlatformCaller;

/** What the caller is built from: the adapters' clients and the connections' tokens and apps. */
export interface CallerDeps {
  adapter(platform: string): {
    client: Pick<PlatformClient, 'request'>;
    /** Headers every call of the platform carries for this app and account (Google developer-token, login-customer-id). */
    callHeaders?(app: CallerApp, account: Partial<Pick<AccountRef, 'loginCustomerId'>>): Record<string, string>;
  };
  tokenSource(connectionId: string): Promise<TokenSource>;
  appFor(c: { tenantId: string; platform: string }): Promise<PlatformApp>;
}

/**
 * Memoizes a lookup; a failure is not kept, so the next call tries again. `settled` holds the value
 * once loaded, so a fan-out's calls read it without awaiting a promise each.
 */
function once<T>(load: () => Promise<T>): { (): Promise<T>; settled?: T } {
  let p: Promise<T> | undefined;
  const get: { (): Promise<T>; settled?: T } = () => {
    if (!p) {
      p = load();
      p.then(
        (v) => (get.settled = v),
        () => (p = undefined),
      );
    }
    return p;
  };
  return get;
}

/**
 * The one way anything reaches a platform for an account: reads, write jobs and imports alike.
 * The per-app limiter key is the app the grant was made with, else the tenant's current app for
 * the platform (the platform budgets calls per app), else `default` when neither is known.
 */
export function callerFactory(deps: () => CallerDeps): CallerFor {
  return (ref) => {
    const source = once(() => deps().tokenSource(ref.connectionId));
    const app = once(async (): Promise<CallerApp> => {
      const a = await deps().appFor({ tenantId: ref.tenantId, platform: ref.platform });
      return { clientId: a.clientId, extras: a.extras };
    });
    // Known without waiting: the grant's app, else the tenant's app once loaded.
    const settledAppKey = (token: TokenSource): string | undefined => token.appKey ?? app.settled?.clientId;
    const appKey = async (token: TokenSource): Promise<string> => {
      const known = settledAppKey(token);
      if (known) return known;
      try {
        return (await app()).clientId;
      } catch (e) {
        if (isAppError(e) && e.code === 'PLATFORM_APP_NOT_CONFIGURED') return 'default';
        throw e;
      }
    };
    const build = (account: Partial<Pick<AccountRef, 'platformAccountId' | 'loginCustomerId'>>): PlatformCaller => {
      // The app is read once per caller, so its headers for this account are the same on every call.
      let accountHeaders: Record<string, string> | undefined;
      const send = <T>(req: CallRequest, tokens: TokenSource, a: CallerApp | undefined, key: string, appSecret: string | undefined): Promise<T> => {
        const adapter = deps().adapter(ref.platform);
        let headers = req.headers;
        if (adapter.callHeaders) {
          accountHeaders ??= adapter.callHeaders(a!, account);
          headers = req.headers ? { ...accountHeaders, ...req.headers } : accountHeaders;
        }
        return adapter.client.request<T>({
          method: req.method,
          path: req.path,
          query: req.query,
          body: req.body,
          headers,
          idempotent: req.idempotent,
          wire: req.wire,
          operation: req.operation,
          passthrough: req.passthrough,
          lane: req.lane,
          parseBody: req.parseBody,
          token: req.token ?? tokens,
          appSecret,
          appKey: key,
          accountKey: account.platformAccountId,
          kind: req.kind ?? (req.method === 'GET' ? 'read' : 'write'),
        });
      };
      const firstCall = async <T>(req: CallRequest): Promise<T> => {
        const tokens = await source();
        const a = deps().adapter(ref.platform).callHeaders ? await app() : undefined;
        // A token given as a string is the same app's: its proof uses the connection's app secret.
        const appSecret = req.token ? await tokens.appSecret?.() : undefined;
        return send<T>(req, tokens, a, settledAppKey(tokens) ?? (await appKey(tokens)), appSecret);
      };
      return {
        ref: { ...ref, ...account },
        app,
        forAccount: (a) => build(a),
        request<T>(req: CallRequest): Promise<T> {
          // Token source and app already loaded (every call after a caller's first, e.g. a fan-out's):
          // the call is made without an async frame of its own.
          const tokens = source.settled;
          const key = tokens && settledAppKey(tokens);
          const appReady = app.settled !== undefined || !deps().adapter(ref.platform).callHeaders;
          if (!tokens || !key || req.token || !appReady) return firstCall<T>(req);
          return send<T>(req, tokens, app.settled, key, undefined);
        },
      };
    };
    const r = ref as Partial<AccountRef>;
    return build({ platformAccountId: r.platformAccountId, loginCustomerId: r.loginCustomerId });
  };
}

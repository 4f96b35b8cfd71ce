import type { AppError } from '../../errors/app-error';

/*
 * Core never lists the platforms, so it names one by its module's name as a plain string; the union
 * of the listed names, `Platform`, is derived from the module list in `shared/platforms/index.ts`.
 */

/** A tenant's app credentials for one platform, decrypted (identity's `tenantApps.getDecrypted`). */
export interface PlatformApp {
  clientId: string;
  clientSecret: string;
  redirectUri?: string;
  extras: { developerToken?: string; loginCustomerId?: string; [k: string]: unknown };
}

/**
 * Where a call's access token comes from. A plain string is used as is; a source lets the client
 * refresh once on an auth failure (Google) and mark the connection when the platform rejects it.
 */
export interface TokenSource {
  connectionId?: string;
  /** Limiter key for the platform app the token belongs to. */
  appKey?: string;
  get(): Promise<string>;
  /**
   * Forces a refresh; absent when the platform has no refresh (Meta, TikTok). `rejected` is the
   * token the platform refused, so a call refused with an already replaced token gets the new one
   * instead of a second refresh.
   */
  refresh?(rejected?: string): Promise<string>;
  /** The app secret of the token's app (Meta appsecret_proof); absent when not known. Never logged. */
  appSecret?(): Promise<string | undefined>;
}

export type CallKind = 'read' | 'write';

export interface PlatformRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path below the platform's versioned base, e.g. `act_1/campaigns` or `campaign/get/`. */
  path: string;
  query?: Record<string, unknown>;
  /** JSON body (TikTok, Google) or form fields (Meta encodes them per its wire format). */
  body?: unknown;
  /** Form-urlencoded fields (OAuth token endpoints). */
  form?: Record<string, string | undefined>;
  token?: string | TokenSource;
  /** Ad account the call is charged to (limiter key); absent for account-less calls. */
  accountKey?: string;
  appKey?: string;
  kind: CallKind;
  /** A write the platform deduplicates (TikTok request_id) or that is checkpointed: safe to retry. */
  idempotent?: boolean;
  headers?: Record<string, string>;
  /** Hit the platform's non-versioned host (OAuth endpoints) instead of the API base. */
  absoluteUrl?: string;
  /** Secret of the app the token belongs to, when the caller has it (Meta appsecret_proof). */
  appSecret?: string;
  /** Deadline for waiting on the outbound limiter; defaults from config for reads. */
  limitDeadlineMs?: number;
  /**
   * Told when a request is put on the wire, and when it has ended without success (the platform
   * answered with an error, or it never left), so a checkpointed create knows whether a request
   * may still be in flight after a crash.
   */
  wire?: { onSend(): Promise<void>; onSettled(): Promise<void> };
  /** The call's metrics label when its path is the caller's own (the proxy): bounded by whoever sets it. */
  operation?: string;
  /**
   * A proxied call (docs/proxy.md): its answer is read only up to this many bytes (past them the
   * read is aborted: 502 PLATFORM_RESPONSE_TOO_LARGE), the token is replaced wherever the answer's
   * text carries it, and a platform error keeps the platform's answer (`AppError.platform`).
   */
  passthrough?: { maxResponseBytes: number };
  /**
   * A fan-out's per-account call: it goes over the client's fan-out connections
   * (HttpClientDeps.fanOutConnections), so a fan-out never holds the connections other calls use.
   */
  lane?: 'fan-out';
  /**
   * Builds the answer's body from its text in place of JSON.parse (one that throws leaves the text,
   * as an unparsable answer does): a bulk read can keep a large part of the answer as text.
   */
  parseBody?: (text: string) => unknown;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** How the client should treat a platform answer. */
export type Failure =
  | { kind: 'transient'; error: AppError; retryAfterMs?: number }
  | {
      kind: 'rate-limit';
      error: AppError;
      retryAfterMs: number;
      scope: 'account' | 'app';
      /**
       * A quota that only frees up at its reset (Google's daily RESOURCE_EXHAUSTED): the account, and
       * the app when `alsoApp` or when the request named a quota owner (descriptor.quotaOwnerHeader),
       * are held until then and the call answers 429 at once instead of retrying.
       */
      untilReset?: { alsoApp: boolean };
    }
  | { kind: 'reauth'; error: AppError; connectionStatus: 'expired' | 'revoked'; refreshable: boolean }
  | { kind: 'fatal'; error: AppError };

/** Limit signals read from a successful answer (usage headers). */
export interface UsageSignal {
  scope: 'account' | 'app';
  /** Highest usage percentage seen for the scope. */
  pct: number;
  /** Platform's own "wait this long" hint, if any. */
  regainMs?: number;
}

/** What the client knows of the call an answer belongs to. */
export interface ClassifyContext {
  /** The API version the adapter sent, named in a PLATFORM_VERSION_RETIRED message. */
  version?: string;
  /** A passthrough call: the path is the caller's, not one the gateway knows the platform serves. */
  passthrough?: boolean;
}

export interface ErrorMapper {
  /** Turns a non-success answer (or a success envelope with an error code) into a failure; null = success. */
  classify(res: RawResponse, ctx?: ClassifyContext): Failure | null;
  /** Usage signals in the answer's headers (Meta); empty for platforms without them. */
  usage(res: RawResponse): UsageSignal[];
}

export interface PlatformDescriptor {
  platform: string;
  /** Versioned API base, e.g. `https://graph.facebook.com/v25.0`. */
  apiBase: string;
  apiVersion: string;
  /** Default OAuth scopes: the union of what the scope model's features need. */
  scopes: string[];
  /** Request header naming who owns a daily quota (Google's developer-token); its presence makes a daily-quota hold cover the app too. */
  quotaOwnerHeader?: string;
  /** Calls carry a proof made with the app secret (Meta appsecret_proof), so token sources offer the secret. */
  appSecretProof?: boolean;
  /** Response headers that carry limit signals. */
  limitHeaders: string[];
  /** Calls per second per ad account and per app the outbound limiter allows (0 = unpaced). */
  accountRps: number;
  appRps: number;
}

export interface TokenGrant {
  accessToken: string;
  refreshToken?: string;
  /** null = does not expire on a timer (TikTok, Meta system users). */
  expiresAt: Date | null;
  scopes: string[];
  /** Account ids the grant names directly (TikTok advertiser_ids). */
  accountIds?: string[];
  platformUserId?: string;
}

export interface DiscoveredAccount {
  platformAccountId: string;
  name: string | null;
  currency: string | null;
  timezone: string | null;
  /** Google: the manager a client account is reached through (login-customer-id). */
  managerId?: string | null;
}

export interface OAuthCallback {
  code?: string;
  state?: string;
  error?: string;
  errorDescription?: string;
}

export interface PlatformOAuth {
  usesPkce: boolean;
  /** `rerequest`: the user's earlier consent did not grant some of `scopes` (declined): ask for them again. */
  authorizeUrl(input: { app: PlatformApp; redirectUri: string; state: string; scopes: string[]; codeChallenge?: string; rerequest?: boolean }): string;
  /** Reads the platform's callback query (TikTok names the code `auth_code`). */
  readCallback(query: Record<string, unknown>): OAuthCallback;
  exchangeCode(input: { app: PlatformApp; code: string; redirectUri: string; codeVerifier?: string }): Promise<TokenGrant>;
  /** Google: new access token from the refresh token. */
  refresh?(app: PlatformApp, refreshToken: string): Promise<TokenGrant>;
  /** Meta: re-extends a long-lived token before its 60 days run out. */
  extend?(app: PlatformApp, accessToken: string): Promise<TokenGrant>;
  /** With `extend`: token maintenance extends a token once less than this is left (a setting of the platform's config slice). */
  extendWithinMs?: number;
  /** Inspects a token supplied by the caller (Meta debug_token); returns expiry and scopes. */
  inspect?(app: PlatformApp, accessToken: string): Promise<Pick<TokenGrant, 'expiresAt' | 'scopes' | 'platformUserId'>>;
  revoke(app: PlatformApp, grant: { accessToken: string; refreshToken?: string }): Promise<void>;
}

export interface AccountOperations {
  /** Platform id forms → the stored normalized form, or null if the input is not an id. */
  normalizeAccountId(raw: string): string | null;
  /** Every ad account the token can use, with names, currencies and time zones. */
  discoverAccounts(input: { app: PlatformApp; token: string | TokenSource; grant?: TokenGrant }): Promise<DiscoveredAccount[]>;
  /** Proves the account is reachable with the token; throws the mapped platform error otherwise. */
  fetchAccount(input: { app: PlatformApp; token: string | TokenSource; platformAccountId: string; managerId?: string | null }): Promise<DiscoveredAccount>;
}

export interface PlatformClient {
  /** The parsed platform body (TikTok: the envelope's `data`). Throws AppError. */
  request<T = unknown>(req: PlatformRequest): Promise<T>;
  /** Same, with status and headers. */
  requestRaw(req: PlatformRequest): Promise<RawResponse>;
}

export interface PlatformAdapter {
  platform: string;
  descriptor: PlatformDescriptor;
  oauth: PlatformOAuth;
  client: PlatformClient;
  errors: ErrorMapper;
  operations: AccountOperations;
  /** Headers every account call carries for the tenant's app (Google developer-token, login-customer-id). */
  callHeaders?(app: Pick<PlatformApp, 'extras'>, account: { loginCustomerId?: string | null }): Record<string, string>;
}

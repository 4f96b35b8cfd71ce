/** Every error code the gateway answers with; the HTTP mapping lives in api/http. Also the OpenAPI `error.code` enum. */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'MALFORMED_JSON',
  'INVALID_QUERY',
  'UNAUTHENTICATED',
  'TOKEN_INVALID',
  'TOKEN_EXPIRED',
  'API_KEY_INVALID',
  'FORBIDDEN',
  'AD_ACCOUNT_NOT_OWNED',
  'AD_ACCOUNT_NOT_VALIDATED',
  'CONNECTION_REAUTH_REQUIRED',
  'CONNECTION_SCOPE_MISSING',
  'NOT_FOUND',
  'AD_ACCOUNT_NOT_FOUND',
  'CONNECTION_NOT_FOUND',
  'JOB_NOT_FOUND',
  'ROUTE_NOT_FOUND',
  'AD_ACCOUNT_OWNED_BY_OTHER',
  'IDEMPOTENCY_KEY_REUSED',
  'PLATFORM_APP_NOT_CONFIGURED',
  'ALREADY_EXISTS',
  /** The tenant's app for a platform still serves active connections: they must be revoked before it is removed. */
  'PLATFORM_APP_IN_USE',
  'PAYLOAD_TOO_LARGE',
  'PLATFORM_REJECTED',
  'RATE_LIMITED',
  'PLATFORM_RATE_LIMITED',
  'INTERNAL',
  'PLATFORM_UNAVAILABLE',
  'PLATFORM_TIMEOUT',
  /**
   * A create's earlier attempt may have made an object, and the lookup could not tell which one is
   * its own (several candidates, or more pages than it may read): nothing more is created.
   */
  'CREATE_UNCONFIRMED',
  /** A write would break one of the tenant's guardrails (a budget limit, a budget increase): nothing was queued. */
  'GUARDRAIL_EXCEEDED',
  /** The tenant asks for this write to be confirmed: send it again with `Confirm: <error.confirmToken>`. */
  'CONFIRMATION_REQUIRED',
  /** A proxied path (`/api/v1/{platform}/proxy/…`) names no account of the caller's and is on no allow list (docs/proxy.md). */
  'PROXY_PATH_NOT_ALLOWED',
  /** A proxied platform answer was over the proxy's size limit: nothing of it is returned. */
  'PLATFORM_RESPONSE_TOO_LARGE',
  /** The platform no longer serves (or never served) the API version the gateway is configured with: raise the version. */
  'PLATFORM_VERSION_RETIRED',
  /** Readiness probe only: a dependency of this replica is down. */
  'NOT_READY',
  /** PostgreSQL or (where a request needs it) Redis cannot be reached: retry later. */
  'SERVICE_UNAVAILABLE',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface FieldErrorDetail {
  path: string;
  message: string;
}

export interface PlatformErrorDetail {
  platform: string;
  code?: number | string;
  subcode?: number | string;
  message?: string;
  userMessage?: string;
  traceId?: string;
  [extra: string]: unknown;
}

export type ErrorDetail = FieldErrorDetail | PlatformErrorDetail | Record<string, unknown>;

export interface AppErrorOptions {
  details?: ErrorDetail[];
  /** Seconds the caller should wait (429, 503). */
  retryAfter?: number;
  cause?: unknown;
  /** CONFIRMATION_REQUIRED: the token that confirms exactly this request. */
  confirmToken?: string;
  /** The platform's own error object, passed on by the proxy (`error.platform`, docs/proxy.md). */
  platform?: unknown;
}

export class AppError extends Error {
  readonly details: ErrorDetail[];
  readonly retryAfter?: number;
  readonly confirmToken?: string;
  /** The platform's own error object (the proxy passes it on, credentials removed); the HTTP client sets it on a passthrough call's error. */
  platform?: unknown;

  constructor(
    readonly code: ErrorCode,
    message: string,
    opts: AppErrorOptions = {},
  ) {
    super(message, opts.cause !== undefined ? { cause: opts.cause } : undefined);
    this.name = 'AppError';
    this.details = opts.details ?? [];
    this.retryAfter = opts.retryAfter;
    if (opts.confirmToken) this.confirmToken = opts.confirmToken;
    if (opts.platform !== undefined) this.platform = opts.platform;
  }

  /** Serializable form, stored in job rows and rebuilt on the api side. */
  toJSON(): { code: ErrorCode; message: string; details: ErrorDetail[]; retryAfter?: number; platform?: unknown } {
    return { code: this.code, message: this.message, details: this.details, retryAfter: this.retryAfter, ...(this.platform !== undefined ? { platform: this.platform } : {}) };
  }

  static fromJSON(j: { code: ErrorCode; message: string; details?: ErrorDetail[]; retryAfter?: number; platform?: unknown }): AppError {
    return new AppError(j.code, j.message, { details: j.details, retryAfter: j.retryAfter, platform: j.platform });
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);

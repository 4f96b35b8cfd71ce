import { AppError, type ErrorCode } from '../../errors/app-error';
import type { ClassifyContext, ErrorMapper, Failure, RawResponse } from '../core/types';
import { versionRetiredFailure } from '../core/versions';

interface AdsError {
  errorCode?: Record<string, string>;
  message?: string;
  details?: { quotaErrorDetails?: { rateScope?: string; retryDelay?: string } };
}
interface RpcStatus {
  code?: number;
  message?: string;
  status?: string;
  details?: { '@type'?: string; errors?: AdsError[]; requestId?: string; reason?: string }[];
}

/** Wait for short-term throttling (RESOURCE_TEMPORARILY_EXHAUSTED) that carries no retryDelay. */
const SHORT_TERM_WAIT_MS = 5_000;
/**
 * Hold after the daily operations quota (RESOURCE_EXHAUSTED) when Google gives no retryDelay. The
 * quota is a sliding 24 h window with no published reset instant, so the customer is probed again
 * once an hour rather than every minute.
 */
export const DAILY_QUOTA_HOLD_MS = 3_600_000;

/** Protobuf Duration JSON ("30s", "1.5s") → ms. */
export function durationMs(d: string | undefined): number | undefined {
  const m = d ? /^(\d+(?:\.\d+)?)s$/.exec(d) : null;
  return m ? Math.round(Number(m[1]) * 1000) : undefined;
}

function firstAdsError(s: RpcStatus): { family?: string; value?: string; error?: AdsError; requestId?: string; reason?: string } {
  for (const d of s.details ?? []) {
    if (d.errors?.length) {
      const error = d.errors[0]!;
      const [family, value] = Object.entries(error.errorCode ?? {})[0] ?? [];
      return { family, value, error, requestId: d.requestId };
    }
    if (d.reason) return { reason: d.reason };
  }
  return {};
}

const RETIRED = { platform: 'google', displayName: 'Google Ads', setting: 'GOOGLE_ADS_API_VERSION' };

/** `version`: the API version the adapter sends, named in a PLATFORM_VERSION_RETIRED message. */
export function classifyGoogle(res: RawResponse, ctx: ClassifyContext = {}): Failure | null {
  const { version } = ctx;
  if (res.status < 400) return null;
  // A version past its sunset is first refused with UNSUPPORTED_VERSION, then no longer routed at all:
  // a bare "Not Found" text instead of a JSON status (docs/platforms/google.md, Versions).
  if (res.status === 404 && typeof res.body === 'string' && /^\s*not found\s*$/i.test(res.body)) {
    return versionRetiredFailure(RETIRED, version, { code: 404, message: res.body.trim() });
  }
  const body = res.body as { error?: RpcStatus | string; error_description?: string } | undefined;
  // OAuth token endpoint: `{ "error": "invalid_grant", "error_description": … }` (docs/platforms/google.md §2).
  if (body && typeof body.error === 'string') {
    const d = [{ platform: 'google', code: body.error, message: body.error_description }];
    if (body.error === 'invalid_grant') {
      return { kind: 'reauth', refreshable: false, connectionStatus: 'revoked', error: new AppError('CONNECTION_REAUTH_REQUIRED', 'The Google connection must be re-authorized', { details: d }) };
    }
    return { kind: res.status >= 500 ? 'transient' : 'fatal', error: new AppError(res.status >= 500 ? 'PLATFORM_UNAVAILABLE' : 'PLATFORM_REJECTED', body.error_description ?? body.error, { details: d }) };
  }
  const s: RpcStatus = (body?.error as RpcStatus) ?? {};
  const { family, value, error, requestId, reason } = firstAdsError(s);
  const details = [
    {
      platform: 'google',
      code: family && value ? `${family}.${value}` : (reason ?? s.status ?? res.status),
      subcode: s.status,
      message: error?.message ?? s.message,
      traceId: requestId ?? res.headers['request-id'],
    },
  ];
  const make = (code: ErrorCode, message: string, retryAfter?: number) => new AppError(code, message, { details, retryAfter });
  const msg = error?.message ?? s.message ?? `Google Ads answered HTTP ${res.status}`;

  if (family === 'requestError' && value === 'UNSUPPORTED_VERSION') return versionRetiredFailure(RETIRED, version, details[0]!);
  if (family === 'authenticationError' || (!family && res.status === 401)) {
    return { kind: 'reauth', refreshable: true, connectionStatus: 'expired', error: make('CONNECTION_REAUTH_REQUIRED', 'The Google connection must be re-authorized') };
  }
  // QuotaError (google/ads/googleads/v23/errors/quota_error.proto): RESOURCE_TEMPORARILY_EXHAUSTED is
  // short-term throttling, retried after its hint; RESOURCE_EXHAUSTED is the daily operations quota
  // (https://developers.google.com/google-ads/api/docs/best-practices/quotas), held until it resets.
  if (family === 'quotaError' || s.status === 'RESOURCE_EXHAUSTED') {
    const q = error?.details?.quotaErrorDetails;
    const scope = q?.rateScope === 'DEVELOPER' ? 'app' : 'account';
    if (family === 'quotaError' && value === 'RESOURCE_EXHAUSTED') {
      const hold = durationMs(q?.retryDelay) ?? DAILY_QUOTA_HOLD_MS;
      return {
        kind: 'rate-limit',
        scope,
        retryAfterMs: hold,
        untilReset: { alsoApp: scope === 'app' },
        error: make('PLATFORM_RATE_LIMITED', 'Google Ads daily operations quota exhausted; calls for this customer are held until it resets', Math.ceil(hold / 1000)),
      };
    }
    const wait = durationMs(q?.retryDelay) ?? SHORT_TERM_WAIT_MS;
    return { kind: 'rate-limit', scope, retryAfterMs: wait, error: make('PLATFORM_RATE_LIMITED', 'Google Ads quota reached', Math.ceil(wait / 1000)) };
  }
  if (family === 'authorizationError' || reason === 'ACCESS_TOKEN_SCOPE_INSUFFICIENT' || s.status === 'PERMISSION_DENIED') {
    return { kind: 'fatal', error: make('FORBIDDEN', msg) };
  }
  if (family === 'queryError') return { kind: 'fatal', error: make('INVALID_QUERY', msg) };
  if (family === 'internalError' || s.status === 'INTERNAL' || s.status === 'UNAVAILABLE' || s.status === 'UNKNOWN' || res.status >= 500) {
    const timeout = s.status === 'DEADLINE_EXCEEDED' || value === 'DEADLINE_EXCEEDED';
    return { kind: 'transient', error: make(timeout ? 'PLATFORM_TIMEOUT' : 'PLATFORM_UNAVAILABLE', 'Google Ads failed to answer') };
  }
  if (s.status === 'NOT_FOUND' || res.status === 404) return { kind: 'fatal', error: make('NOT_FOUND', msg) };
  return { kind: 'fatal', error: make('PLATFORM_REJECTED', msg) };
}

/** The error mapper; the client passes the version it sent in the context. */
export const googleErrors: ErrorMapper = { classify: classifyGoogle, usage: () => [] };

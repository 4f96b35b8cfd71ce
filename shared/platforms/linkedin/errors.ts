import { AppError, type ErrorCode } from '../../errors/app-error';
import type { ClassifyContext, ErrorMapper, Failure, RawResponse } from '../core/types';
import { versionRetiredFailure } from '../core/versions';

interface LiErrorBody {
  status?: number;
  serviceErrorCode?: number;
  code?: string;
  message?: string;
  errorDetails?: { inputErrors?: { code?: string; description?: string; input?: { inputPath?: { fieldPath?: string } } }[] };
  /** OAuth endpoints: `{error, error_description}`. */
  error?: string;
  error_description?: string;
}

/** serviceErrorCode of the daily per-endpoint quota ("Resource level throttle limit …"). */
const DAILY_QUOTA = 101;
/**
 * A daily quota resets at midnight UTC: hold the account until then, but probe again after an hour
 * at most (a quota may be raised meanwhile, and a stale hold is worse than one more 429).
 */
export const DAILY_QUOTA_MAX_HOLD_MS = 3_600_000;
/** Any other 429 (LinkedIn's infrastructure protection): a short pause, then the limiter retries. */
export const SHORT_THROTTLE_MS = 5_000;

export function untilMidnightUtc(now = Date.now()): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1) - now;
}

function details(res: RawResponse, b: LiErrorBody) {
  const d: Record<string, unknown> = {
    platform: 'linkedin',
    code: b.code ?? b.error ?? res.status,
    subcode: b.serviceErrorCode,
    message: b.message ?? b.error_description,
    traceId: res.headers['x-li-uuid'],
  };
  const inputs = b.errorDetails?.inputErrors;
  if (inputs?.length) d.inputErrors = inputs.map((i) => ({ code: i.code, message: i.description, field: i.input?.inputPath?.fieldPath }));
  for (const k of Object.keys(d)) if (d[k] === undefined) delete d[k];
  return [d];
}

/**
 * LinkedIn answers errors with an HTTP status and `{status, serviceErrorCode, code, message}`;
 * classification keys on the status and `code`, never on the message (docs/platforms/linkedin.md).
 */
/** `version`: the LinkedIn-Version the adapter sends, named in a PLATFORM_VERSION_RETIRED message. */
export function classifyLinkedin(res: RawResponse, now = Date.now(), ctx: ClassifyContext = {}): Failure | null {
  const { version } = ctx;
  if (res.status < 400) return null;
  const b: LiErrorBody = typeof res.body === 'object' && res.body !== null ? (res.body as LiErrorBody) : { message: typeof res.body === 'string' ? res.body.slice(0, 200) : undefined };
  const make = (code: ErrorCode, message: string, retryAfter?: number) => new AppError(code, message, { details: details(res, b), retryAfter });
  const msg = b.message ?? b.error_description ?? `LinkedIn answered HTTP ${res.status}`;

  // The OAuth endpoints: the caller (exchange, refresh) decides what a refusal means.
  if (typeof b.error === 'string') {
    return res.status >= 500 ? { kind: 'transient', error: make('PLATFORM_UNAVAILABLE', 'LinkedIn failed to answer') } : { kind: 'fatal', error: make('PLATFORM_REJECTED', msg) };
  }
  if (res.status === 401) {
    // A fresh token is sometimes refused as revoked for a few seconds after issue: refresh once either way.
    return { kind: 'reauth', refreshable: true, connectionStatus: b.code === 'REVOKED_ACCESS_TOKEN' ? 'revoked' : 'expired', error: make('CONNECTION_REAUTH_REQUIRED', 'The LinkedIn connection must be re-authorized') };
  }
  if (res.status === 429) {
    if (b.serviceErrorCode === DAILY_QUOTA) {
      const hold = Math.min(untilMidnightUtc(now), DAILY_QUOTA_MAX_HOLD_MS);
      return {
        kind: 'rate-limit',
        scope: 'account',
        retryAfterMs: hold,
        untilReset: { alsoApp: false },
        error: make('PLATFORM_RATE_LIMITED', 'LinkedIn daily call limit reached for this endpoint; calls for this account are held', Math.ceil(hold / 1000)),
      };
    }
    return { kind: 'rate-limit', scope: 'account', retryAfterMs: SHORT_THROTTLE_MS, error: make('PLATFORM_RATE_LIMITED', 'LinkedIn rate limit reached', Math.ceil(SHORT_THROTTLE_MS / 1000)) };
  }
  if (res.status === 504) return { kind: 'transient', error: make('PLATFORM_TIMEOUT', 'LinkedIn did not answer in time') };
  if (res.status >= 500 || res.status === 408) return { kind: 'transient', error: make('PLATFORM_UNAVAILABLE', 'LinkedIn failed to answer') };
  if (res.status === 403) return { kind: 'fatal', error: make('FORBIDDEN', msg) };
  if (res.status === 404) return { kind: 'fatal', error: make('NOT_FOUND', msg) };
  // 426 NONEXISTENT_VERSION: the version is sunset or not released yet (docs/platforms/linkedin.md).
  if (res.status === 426) return versionRetiredFailure({ platform: 'linkedin', displayName: 'LinkedIn', setting: 'LINKEDIN_API_VERSION' }, version, details(res, b)[0]!);
  return { kind: 'fatal', error: make('PLATFORM_REJECTED', msg) };
}

/** The error mapper; the client passes the version it sent in the context. */
export const linkedinErrors: ErrorMapper = { classify: (res, ctx) => classifyLinkedin(res, Date.now(), ctx), usage: () => [] };

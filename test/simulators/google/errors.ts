/**
 * Google Ads error bodies: google.rpc.Status wrapped in `error`, with a GoogleAdsFailure detail.
 * Shapes follow docs/platforms/google.md §7.
 */
import { randomBytes } from 'node:crypto';

export interface GoogleAdsErrorItem {
  errorCode: Record<string, string>;
  message: string;
  trigger?: { stringValue?: string; int64Value?: string };
  location?: { fieldPathElements: Array<{ fieldName: string; index?: number }> };
  details?: Record<string, unknown>;
}

/** HTTP status ↔ canonical rpc status text and the rpc numeric code (used inside partialFailureError). */
const STATUS: Record<number, { status: string; rpc: number; message: string }> = {
  400: { status: 'INVALID_ARGUMENT', rpc: 3, message: 'Request contains an invalid argument.' },
  401: {
    status: 'UNAUTHENTICATED',
    rpc: 16,
    message:
      'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
  },
  403: { status: 'PERMISSION_DENIED', rpc: 7, message: 'The caller does not have permission' },
  404: { status: 'NOT_FOUND', rpc: 5, message: 'Requested entity was not found.' },
  409: { status: 'ABORTED', rpc: 10, message: 'The operation was aborted.' },
  429: { status: 'RESOURCE_EXHAUSTED', rpc: 8, message: 'Resource has been exhausted (e.g. check quota).' },
  500: { status: 'INTERNAL', rpc: 13, message: 'Internal error encountered.' },
  501: { status: 'UNIMPLEMENTED', rpc: 12, message: 'Operation is not implemented, or supported, or enabled.' },
  503: { status: 'UNAVAILABLE', rpc: 14, message: 'The service is currently unavailable.' },
  504: { status: 'DEADLINE_EXCEEDED', rpc: 4, message: 'The request deadline was exceeded.' },
};

export function statusInfo(http: number) {
  return STATUS[http] ?? STATUS[500]!;
}

export function newRequestId(): string {
  return randomBytes(16).toString('base64url').slice(0, 22);
}

/** An error the Ads API reports with a GoogleAdsFailure. */
export class AdsError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly errors: GoogleAdsErrorItem[],
  ) {
    super(errors[0]?.message ?? 'error');
  }
}

/** An error raised by Google's front end before the Ads API sees the call (no GoogleAdsFailure). */
export class RpcError extends Error {
  constructor(
    readonly httpStatus: number,
    message: string,
    readonly details: unknown[] = [],
  ) {
    super(message);
  }
}

export function adsErr(
  http: number,
  family: string,
  code: string,
  message: string,
  extra: Omit<GoogleAdsErrorItem, 'errorCode' | 'message'> = {},
): AdsError {
  return new AdsError(http, [{ errorCode: { [family]: code }, message, ...extra }]);
}

export const queryErr = (code: string, message: string, trigger?: string) =>
  adsErr(400, 'queryError', code, message, trigger !== undefined ? { trigger: { stringValue: trigger } } : {});

export const requestErr = (code: string, message: string) => adsErr(400, 'requestError', code, message);

export function failureDetail(version: string, errors: GoogleAdsErrorItem[], requestId: string) {
  return {
    '@type': `type.googleapis.com/google.ads.googleads.${version}.errors.GoogleAdsFailure`,
    errors,
    requestId,
  };
}

export function errorBody(version: string, err: AdsError | RpcError, requestId: string) {
  const info = statusInfo(err.httpStatus);
  if (err instanceof RpcError) {
    return { error: { code: err.httpStatus, message: err.message, status: info.status, details: err.details } };
  }
  return {
    error: {
      code: err.httpStatus,
      message: info.message,
      status: info.status,
      details: [failureDetail(version, err.errors, requestId)],
    },
  };
}

/**
 * A QuotaError with QuotaErrorDetails (retryDelay is a protobuf Duration string; null = none).
 * google/ads/googleads/v23/errors/quota_error.proto: RESOURCE_TEMPORARILY_EXHAUSTED is short-term
 * throttling (per account or developer, `rateScope`); RESOURCE_EXHAUSTED is the daily operations
 * quota, which forum answers from the Google Ads API team say carries no retry delay.
 */
export function quotaError(retrySeconds: number | null, rateScope: 'ACCOUNT' | 'DEVELOPER' = 'ACCOUNT', code = 'RESOURCE_TEMPORARILY_EXHAUSTED') {
  return adsErr(429, 'quotaError', code, retrySeconds === null ? 'Too many requests.' : `Too many requests. Retry in ${retrySeconds} seconds.`, {
    details: {
      quotaErrorDetails: {
        rateScope,
        // ASSUMED: rate name text is not documented for per-account throttling.
        rateName: rateScope === 'ACCOUNT' ? 'Requests per account per second' : 'Number of operations for basic access',
        ...(retrySeconds === null ? {} : { retryDelay: `${retrySeconds}s` }),
      },
    },
  });
}

/** Bodies for status-only or kind-named faults injected through /__sim/faults. */
export function faultError(kindOrStatus: string | number): AdsError | RpcError {
  switch (kindOrStatus) {
    case 'quota':
    case 429:
    case 'temporarily-exhausted':
      return quotaError(30);
    case 'daily-quota':
      return quotaError(null, 'DEVELOPER', 'RESOURCE_EXHAUSTED');
    case 'token-expired':
    case 401:
      return adsErr(401, 'authenticationError', 'OAUTH_TOKEN_EXPIRED', 'Authentication of the request failed.');
    case 'token-invalid':
      return adsErr(401, 'authenticationError', 'OAUTH_TOKEN_INVALID', 'Oauth token in the header is not valid.');
    case 'permission':
    case 403:
      return permissionDenied();
    case 'not-enabled':
      return notEnabled();
    case 'query':
    case 400:
      return queryErr('UNEXPECTED_INPUT', 'Error in query: unexpected input.');
    case 'deadline':
    case 504:
      return adsErr(504, 'internalError', 'DEADLINE_EXCEEDED', 'The request took longer than the deadline.');
    case 'unavailable':
    case 503:
      return adsErr(503, 'internalError', 'TRANSIENT_ERROR', 'The service encountered a transient error. Please retry.');
    case 'internal':
    case 500:
    default:
      return adsErr(500, 'internalError', 'INTERNAL_ERROR', 'An internal error has occurred.');
  }
}

export function permissionDenied() {
  return adsErr(
    403,
    'authorizationError',
    'USER_PERMISSION_DENIED',
    "User doesn't have permission to access customer. Note: If you're accessing a client customer, the manager's customer id must be set in the 'login-customer-id' header. See https://developers.google.com/google-ads/api/docs/concepts/call-structure#cid",
  );
}

export function notEnabled() {
  return adsErr(
    403,
    'authorizationError',
    'CUSTOMER_NOT_ENABLED',
    "The customer account can't be accessed because it is not yet enabled or has been deactivated.",
  );
}

/**
 * The `partialFailureError` of a mutate with `partialFailure: true`: a google.rpc.Status whose message
 * names the first failed operation's field path and whose details carry every failure.
 */
export function partialFailureError(version: string, errors: GoogleAdsErrorItem[], requestId: string) {
  const first = errors[0]!;
  const path = (first.location?.fieldPathElements ?? []).map((e) => (e.index !== undefined ? `${e.fieldName}[${e.index}]` : e.fieldName)).join('.');
  return {
    code: statusInfo(400).rpc,
    message: `${errors.length > 1 ? "Multiple errors in 'details'. First error: " : ''}${first.message}, at ${path}`,
    details: [failureDetail(version, errors, requestId)],
  };
}

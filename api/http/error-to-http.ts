import type { ErrorCode } from '../../shared/errors/app-error';

/** The one mapper from error code to HTTP status (docs/api-conventions.md §2). Exhaustive: a new code fails to compile. */
export function statusForCode(code: ErrorCode): number {
  switch (code) {
    case 'VALIDATION_FAILED':
    case 'MALFORMED_JSON':
    case 'INVALID_QUERY':
      return 400;
    case 'UNAUTHENTICATED':
    case 'TOKEN_INVALID':
    case 'TOKEN_EXPIRED':
    case 'API_KEY_INVALID':
      return 401;
    case 'FORBIDDEN':
    case 'AD_ACCOUNT_NOT_OWNED':
    case 'AD_ACCOUNT_NOT_VALIDATED':
    case 'CONNECTION_REAUTH_REQUIRED':
    case 'CONNECTION_SCOPE_MISSING':
    case 'PROXY_PATH_NOT_ALLOWED':
      return 403;
    case 'NOT_FOUND':
    case 'AD_ACCOUNT_NOT_FOUND':
    case 'CONNECTION_NOT_FOUND':
    case 'JOB_NOT_FOUND':
    case 'ROUTE_NOT_FOUND':
      return 404;
    case 'AD_ACCOUNT_OWNED_BY_OTHER':
    case 'IDEMPOTENCY_KEY_REUSED':
    case 'PLATFORM_APP_NOT_CONFIGURED':
    case 'ALREADY_EXISTS':
    case 'PLATFORM_APP_IN_USE':
    case 'CREATE_UNCONFIRMED':
    case 'CONFIRMATION_REQUIRED':
      return 409;
    case 'PAYLOAD_TOO_LARGE':
      return 413;
    case 'PLATFORM_REJECTED':
    case 'GUARDRAIL_EXCEEDED':
      return 422;
    case 'RATE_LIMITED':
    case 'PLATFORM_RATE_LIMITED':
      return 429;
    case 'INTERNAL':
      return 500;
    case 'PLATFORM_UNAVAILABLE':
    case 'PLATFORM_RESPONSE_TOO_LARGE':
    case 'PLATFORM_VERSION_RETIRED':
      return 502;
    case 'PLATFORM_TIMEOUT':
      return 504;
    case 'NOT_READY':
    case 'SERVICE_UNAVAILABLE':
      return 503;
    default: {
      const never: never = code;
      return never;
    }
  }
}

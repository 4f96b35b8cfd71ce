import type { ErrorCode } from './app-error';

/**
 * What a job run does with an error of a code:
 * - `end`: no retry can fix it (bad input, a refusal, a missing object or grant): the job fails now.
 * - `delay`: the platform asked us to slow down: the job is put back without using an attempt.
 * - `retry`: it may pass next time (the platform or a dependency was unavailable): the attempt is used
 *   and BullMQ retries with backoff until the job's attempts run out.
 */
export type JobDisposition = 'end' | 'delay' | 'retry';

/**
 * The one mapper from error code to what a job does with it. It sits beside the HTTP status mapper
 * (`statusForCode`, api/http/error-to-http.ts), which the worker role may not import. Exhaustive: a
 * new code fails to compile until it is classified here too.
 */
export function jobDisposition(code: ErrorCode): JobDisposition {
  switch (code) {
    case 'VALIDATION_FAILED':
    case 'INVALID_QUERY':
    case 'PLATFORM_REJECTED':
    case 'FORBIDDEN':
    case 'AD_ACCOUNT_NOT_OWNED':
    case 'AD_ACCOUNT_NOT_VALIDATED':
    case 'AD_ACCOUNT_NOT_FOUND':
    case 'CONNECTION_REAUTH_REQUIRED':
    case 'CONNECTION_NOT_FOUND':
    case 'NOT_FOUND':
    case 'JOB_NOT_FOUND':
    case 'PLATFORM_APP_NOT_CONFIGURED':
    case 'ALREADY_EXISTS':
    // Tenant administration's refusal; no job removes an app, and waiting would not revoke the connections.
    case 'PLATFORM_APP_IN_USE':
    // An earlier attempt may have made the object and the lookup cannot tell which: creating again could double it.
    case 'CREATE_UNCONFIRMED':
    // Decided before a job exists; a job that met one would meet it again.
    case 'GUARDRAIL_EXCEEDED':
    case 'CONFIRMATION_REQUIRED':
    case 'PROXY_PATH_NOT_ALLOWED':
    // The platform answered (the write may have been made): sending it again could make it twice.
    case 'PLATFORM_RESPONSE_TOO_LARGE':
    // Every call on the retired version gets the same answer until the configuration changes.
    case 'PLATFORM_VERSION_RETIRED':
    // A bug or a broken invariant: running the same code again gives the same answer.
    case 'INTERNAL':
      return 'end';
    case 'PLATFORM_RATE_LIMITED':
      return 'delay';
    case 'PLATFORM_UNAVAILABLE':
    case 'PLATFORM_TIMEOUT':
    case 'SERVICE_UNAVAILABLE':
    case 'NOT_READY':
    case 'RATE_LIMITED':
    // A scope may be granted by a reconnect while the job still has attempts left.
    case 'CONNECTION_SCOPE_MISSING':
    // Codes of the HTTP layer (input, credentials, routing, request replay): a job does not raise them
    // itself. Should one reach a job, a retry is the safe default; it ends once its attempts run out.
    case 'MALFORMED_JSON':
    case 'UNAUTHENTICATED':
    case 'TOKEN_INVALID':
    case 'TOKEN_EXPIRED':
    case 'API_KEY_INVALID':
    case 'ROUTE_NOT_FOUND':
    case 'AD_ACCOUNT_OWNED_BY_OTHER':
    case 'IDEMPOTENCY_KEY_REUSED':
    case 'PAYLOAD_TOO_LARGE':
      return 'retry';
    default: {
      const never: never = code;
      return never;
    }
  }
}

import { ERROR_CODES, type ErrorCode } from '../../../shared/errors/app-error';
import { jobDisposition, type JobDisposition } from '../../../shared/errors/job-disposition';

/** Every code, by what a job does with it: a new code must be added here as well as classified. */
const EXPECTED: Record<ErrorCode, JobDisposition> = {
  VALIDATION_FAILED: 'end',
  MALFORMED_JSON: 'retry',
  INVALID_QUERY: 'end',
  UNAUTHENTICATED: 'retry',
  TOKEN_INVALID: 'retry',
  TOKEN_EXPIRED: 'retry',
  API_KEY_INVALID: 'retry',
  FORBIDDEN: 'end',
  AD_ACCOUNT_NOT_OWNED: 'end',
  AD_ACCOUNT_NOT_VALIDATED: 'end',
  CONNECTION_REAUTH_REQUIRED: 'end',
  CONNECTION_SCOPE_MISSING: 'retry',
  NOT_FOUND: 'end',
  AD_ACCOUNT_NOT_FOUND: 'end',
  CONNECTION_NOT_FOUND: 'end',
  JOB_NOT_FOUND: 'end',
  ROUTE_NOT_FOUND: 'retry',
  AD_ACCOUNT_OWNED_BY_OTHER: 'retry',
  IDEMPOTENCY_KEY_REUSED: 'retry',
  PLATFORM_APP_NOT_CONFIGURED: 'end',
  ALREADY_EXISTS: 'end',
  PLATFORM_APP_IN_USE: 'end',
  CREATE_UNCONFIRMED: 'end',
  GUARDRAIL_EXCEEDED: 'end',
  CONFIRMATION_REQUIRED: 'end',
  PROXY_PATH_NOT_ALLOWED: 'end',
  PLATFORM_RESPONSE_TOO_LARGE: 'end',
  PLATFORM_VERSION_RETIRED: 'end',
  PAYLOAD_TOO_LARGE: 'retry',
  PLATFORM_REJECTED: 'end',
  RATE_LIMITED: 'retry',
  PLATFORM_RATE_LIMITED: 'delay',
  INTERNAL: 'end',
  PLATFORM_UNAVAILABLE: 'retry',
  PLATFORM_TIMEOUT: 'retry',
  NOT_READY: 'retry',
  SERVICE_UNAVAILABLE: 'retry',
};

describe('jobDisposition: what a job does with an error, by its code', () => {
  it.each(ERROR_CODES.map((c) => [c, EXPECTED[c]] as const))('%s → %s', (code, expected) => {
    expect(jobDisposition(code)).toBe(expected);
  });

  it('the table above names every code and nothing else', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...ERROR_CODES].sort());
  });
});

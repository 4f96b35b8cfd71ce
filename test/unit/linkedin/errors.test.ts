/** LinkedIn answers → the gateway's error codes and the client's retry/pause decisions. */
import { classifyLinkedin, DAILY_QUOTA_MAX_HOLD_MS, SHORT_THROTTLE_MS, untilMidnightUtc } from '../../../shared/platforms/linkedin/errors';
import type { RawResponse } from '../../../shared/platforms/core/types';

const res = (status: number, body: unknown, headers: Record<string, string> = {}): RawResponse => ({ status, body, headers });
const li = (status: number, code?: string, serviceErrorCode?: number, message = 'm') => res(status, { status, code, serviceErrorCode, message }, { 'x-li-uuid': 'uuid-1' });

describe('linkedin error classification', () => {
  it('success is no failure', () => {
    expect(classifyLinkedin(res(200, { elements: [] }))).toBeNull();
    expect(classifyLinkedin(res(201, undefined))).toBeNull();
    expect(classifyLinkedin(res(204, undefined))).toBeNull();
  });

  it('a 401 asks for one refresh; REVOKED_ACCESS_TOKEN marks the connection revoked, the rest expired', () => {
    expect(classifyLinkedin(li(401, 'EXPIRED_ACCESS_TOKEN', 65602))).toMatchObject({ kind: 'reauth', refreshable: true, connectionStatus: 'expired', error: { code: 'CONNECTION_REAUTH_REQUIRED' } });
    expect(classifyLinkedin(li(401, 'REVOKED_ACCESS_TOKEN', 65601))).toMatchObject({ kind: 'reauth', connectionStatus: 'revoked' });
    expect(classifyLinkedin(li(401, 'INVALID_ACCESS_TOKEN', 65600))).toMatchObject({ kind: 'reauth', connectionStatus: 'expired' });
  });

  it('a daily-quota 429 holds the account until midnight UTC, at most an hour; another 429 pauses briefly', () => {
    const late = Date.UTC(2026, 10, 24, 23, 50);
    expect(classifyLinkedin(li(429, undefined, 101), late)).toMatchObject({ kind: 'rate-limit', scope: 'account', retryAfterMs: 600_000, untilReset: { alsoApp: false }, error: { code: 'PLATFORM_RATE_LIMITED', retryAfter: 600 } });
    const early = Date.UTC(2026, 10, 24, 3, 0);
    expect(classifyLinkedin(li(429, undefined, 101), early)).toMatchObject({ retryAfterMs: DAILY_QUOTA_MAX_HOLD_MS });
    const other = classifyLinkedin(li(429));
    expect(other).toMatchObject({ kind: 'rate-limit', retryAfterMs: SHORT_THROTTLE_MS });
    expect(other).not.toHaveProperty('untilReset');
    expect(untilMidnightUtc(Date.UTC(2026, 0, 1, 0, 0))).toBe(86_400_000);
  });

  it.each([
    [403, 'ACCESS_DENIED', 'fatal', 'FORBIDDEN'],
    [404, 'NOT_FOUND', 'fatal', 'NOT_FOUND'],
    [400, 'ILLEGAL_ARGUMENT', 'fatal', 'PLATFORM_REJECTED'],
    [422, undefined, 'fatal', 'PLATFORM_REJECTED'],
    [426, 'NONEXISTENT_VERSION', 'fatal', 'PLATFORM_VERSION_RETIRED'],
    [500, 'INTERNAL_ERROR', 'transient', 'PLATFORM_UNAVAILABLE'],
    [503, 'UNDER_MAINTENANCE', 'transient', 'PLATFORM_UNAVAILABLE'],
    [504, undefined, 'transient', 'PLATFORM_TIMEOUT'],
  ])('HTTP %i %s → %s %s', (status, code, kind, appCode) => {
    expect(classifyLinkedin(li(status, code))).toMatchObject({ kind, error: { code: appCode } });
  });

  it('keeps LinkedIn code, serviceErrorCode, x-li-uuid and the input errors in the details', () => {
    const body = { status: 400, code: 'CURRENCY_MISMATCH', message: 'bad currency', errorDetails: { inputErrors: [{ code: 'CURRENCY_MISMATCH', description: 'EUR is not USD', input: { inputPath: { fieldPath: 'unitCost/currencyCode' } } }] } };
    const f = classifyLinkedin(res(400, body, { 'x-li-uuid': 'u-9' }))!;
    expect(f.error.details).toEqual([{ platform: 'linkedin', code: 'CURRENCY_MISMATCH', message: 'bad currency', traceId: 'u-9', inputErrors: [{ code: 'CURRENCY_MISMATCH', message: 'EUR is not USD', field: 'unitCost/currencyCode' }] }]);
  });

  it('an OAuth endpoint refusal is a rejection (the refresh decides it means re-authorize); its 5xx is transient', () => {
    expect(classifyLinkedin(res(400, { error: 'invalid_request', error_description: 'The provided authorization grant or refresh token is invalid, expired or revoked' }))).toMatchObject({ kind: 'fatal', error: { code: 'PLATFORM_REJECTED' } });
    expect(classifyLinkedin(res(503, { error: 'server_error' }))).toMatchObject({ kind: 'transient' });
  });

  it('a non-JSON outage page is transient', () => {
    expect(classifyLinkedin(res(502, '<html>Bad gateway</html>'))).toMatchObject({ kind: 'transient', error: { code: 'PLATFORM_UNAVAILABLE' } });
  });
});

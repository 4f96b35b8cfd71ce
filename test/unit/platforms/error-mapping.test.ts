import { classifyFacebook, facebookUsage } from '../../../shared/platforms/facebook/errors';
import { classifyTiktok } from '../../../shared/platforms/tiktok/errors';
import { classifyGoogle, DAILY_QUOTA_HOLD_MS, durationMs } from '../../../shared/platforms/google/errors';
import type { RawResponse } from '../../../shared/platforms/core/types';
import { normalizeFacebookAccountId } from '../../../shared/platforms/facebook/client';
import { normalizeGoogleCustomerId } from '../../../shared/platforms/google/client';
import { normalizeTiktokAccountId } from '../../../shared/platforms/tiktok/client';

const res = (status: number, body: unknown, headers: Record<string, string> = {}): RawResponse => ({ status, body, headers });

describe('Meta error mapping', () => {
  const graph = (code: number, extra: Record<string, unknown> = {}, status = 400, headers = {}) =>
    classifyFacebook(res(status, { error: { message: `(#${code}) msg`, type: 'OAuthException', code, fbtrace_id: 'AbCtrace', ...extra } }, headers));

  it.each([
    [190, { error_subcode: 463 }, 'reauth', 'CONNECTION_REAUTH_REQUIRED'],
    [100, { error_subcode: 1487694, error_user_msg: 'Targeting is deprecated' }, 'fatal', 'PLATFORM_REJECTED'],
    [200, {}, 'fatal', 'FORBIDDEN'],
    [10, {}, 'fatal', 'FORBIDDEN'],
    [294, {}, 'fatal', 'FORBIDDEN'],
    [4, { error_subcode: 1504022 }, 'rate-limit', 'PLATFORM_RATE_LIMITED'],
    [17, { error_subcode: 2446079 }, 'rate-limit', 'PLATFORM_RATE_LIMITED'],
    [32, {}, 'rate-limit', 'PLATFORM_RATE_LIMITED'],
    [613, { error_subcode: 1487742 }, 'rate-limit', 'PLATFORM_RATE_LIMITED'],
    [80000, {}, 'rate-limit', 'PLATFORM_RATE_LIMITED'],
    [80014, {}, 'rate-limit', 'PLATFORM_RATE_LIMITED'],
    [1, { is_transient: true }, 'transient', 'PLATFORM_UNAVAILABLE'],
    [2, { is_transient: true }, 'transient', 'PLATFORM_UNAVAILABLE'],
  ])('code %i → %s %s, keeping code, subcode, message and trace id', (code, extra, kind, appCode) => {
    const f = graph(code, extra)!;
    expect(f.kind).toBe(kind);
    expect(f.error.code).toBe(appCode);
    expect(f.error.details[0]).toMatchObject({ platform: 'facebook', code, message: `(#${code}) msg`, traceId: 'AbCtrace', subcode: (extra as { error_subcode?: number }).error_subcode });
  });

  it('100 carries the user message in the error message', () => {
    const f = graph(100, { error_user_msg: 'Budget too low' })!;
    expect(f.error.message).toContain('Budget too low');
    expect(f.error.details[0]).toMatchObject({ userMessage: 'Budget too low' });
  });

  it('190 with subcode 458 (app removed) marks revoked; others mark expired', () => {
    expect(graph(190, { error_subcode: 458 })).toMatchObject({ kind: 'reauth', connectionStatus: 'revoked' });
    expect(graph(190, { error_subcode: 463 })).toMatchObject({ kind: 'reauth', connectionStatus: 'expired' });
  });

  it('a BUC throttle honours estimated_time_to_regain_access', () => {
    const f = graph(80004, {}, 400, { 'x-business-use-case-usage': JSON.stringify({ 1: [{ type: 'ads_management', call_count: 100, estimated_time_to_regain_access: 3 }] }) })!;
    expect(f).toMatchObject({ kind: 'rate-limit', retryAfterMs: 180_000, scope: 'account' });
    expect(f.error.retryAfter).toBe(180);
  });

  it('success bodies and usage headers', () => {
    expect(classifyFacebook(res(200, { id: '1' }))).toBeNull();
    expect(classifyFacebook(res(503, 'Service Unavailable'))?.kind).toBe('transient');
    const u = facebookUsage(res(200, {}, {
      'x-app-usage': JSON.stringify({ call_count: 12, total_cputime: 40, total_time: 3 }),
      'x-ad-account-usage': JSON.stringify({ acc_id_util_pct: 88.5, reset_time_duration: 30 }),
      'x-business-use-case-usage': JSON.stringify({ 9: [{ type: 'ads_insights', call_count: 96, total_time: 10, estimated_time_to_regain_access: 0 }] }),
    }));
    expect(u).toEqual([{ scope: 'app', pct: 40 }, { scope: 'account', pct: 96, regainMs: undefined }]);
  });
});

describe('TikTok error mapping (HTTP 200 with a code)', () => {
  const tt = (code: number) => classifyTiktok(res(200, { code, message: `m${code}`, request_id: 'req-1', data: {} }));
  it('a 404 is a retired version on the gateway\'s own paths, but only a 404 on a passthrough path', () => {
    const notFound = res(404, { code: 40400, message: 'route not found', request_id: 'req-2' });
    expect(classifyTiktok(notFound, { version: 'v1.3' })).toMatchObject({ kind: 'fatal', error: { code: 'PLATFORM_VERSION_RETIRED' } });
    expect(classifyTiktok(notFound, { version: 'v1.3', passthrough: true })).toMatchObject({ kind: 'fatal', error: { code: 'PLATFORM_UNAVAILABLE' } });
  });
  it.each([
    [40002, 'fatal', 'PLATFORM_REJECTED'],
    [40000, 'fatal', 'PLATFORM_REJECTED'],
    [40001, 'fatal', 'FORBIDDEN'],
    // No developer permission / scope: TikTok has no per-endpoint scope model, so its own answer is the check (shared/platforms/tiktok/descriptor.ts).
    [40125, 'fatal', 'FORBIDDEN'],
    [40130, 'fatal', 'FORBIDDEN'],
    [40100, 'rate-limit', 'PLATFORM_RATE_LIMITED'],
    [40133, 'rate-limit', 'PLATFORM_RATE_LIMITED'],
    [40102, 'reauth', 'CONNECTION_REAUTH_REQUIRED'],
    [40104, 'reauth', 'CONNECTION_REAUTH_REQUIRED'],
    [40105, 'reauth', 'CONNECTION_REAUTH_REQUIRED'],
    [40007, 'fatal', 'NOT_FOUND'],
    [50000, 'transient', 'PLATFORM_UNAVAILABLE'],
    [50002, 'transient', 'PLATFORM_UNAVAILABLE'],
    [51001, 'transient', 'PLATFORM_UNAVAILABLE'],
  ])('code %i → %s %s with code, message and request id', (code, kind, appCode) => {
    const f = tt(code)!;
    expect(f.kind).toBe(kind);
    expect(f.error.code).toBe(appCode);
    expect(f.error.details[0]).toEqual({ platform: 'tiktok', code, message: `m${code}`, traceId: 'req-1' });
  });
  it('reauth codes mark the connection revoked; code 0 is success', () => {
    expect(tt(40105)).toMatchObject({ connectionStatus: 'revoked', refreshable: false });
    expect(tt(0)).toBeNull();
  });
});

describe('Google Ads error mapping (GoogleAdsFailure)', () => {
  const ads = (status: number, rpc: string, family: string, value: string, extra: Record<string, unknown> = {}) =>
    classifyGoogle(
      res(status, {
        error: {
          code: status,
          message: 'Request contains an invalid argument.',
          status: rpc,
          details: [{ '@type': 'type.googleapis.com/google.ads.googleads.v23.errors.GoogleAdsFailure', errors: [{ errorCode: { [family]: value }, message: `${value} happened`, ...extra }], requestId: 'gReq1' }],
        },
      }),
    );
  it.each([
    [401, 'UNAUTHENTICATED', 'authenticationError', 'OAUTH_TOKEN_EXPIRED', 'reauth', 'CONNECTION_REAUTH_REQUIRED'],
    [403, 'PERMISSION_DENIED', 'authorizationError', 'USER_PERMISSION_DENIED', 'fatal', 'FORBIDDEN'],
    [403, 'PERMISSION_DENIED', 'authorizationError', 'CUSTOMER_NOT_ENABLED', 'fatal', 'FORBIDDEN'],
    [400, 'INVALID_ARGUMENT', 'queryError', 'UNRECOGNIZED_FIELD', 'fatal', 'INVALID_QUERY'],
    [429, 'RESOURCE_EXHAUSTED', 'quotaError', 'RESOURCE_EXHAUSTED', 'rate-limit', 'PLATFORM_RATE_LIMITED'],
    [429, 'RESOURCE_EXHAUSTED', 'quotaError', 'RESOURCE_TEMPORARILY_EXHAUSTED', 'rate-limit', 'PLATFORM_RATE_LIMITED'],
    [500, 'INTERNAL', 'internalError', 'INTERNAL_ERROR', 'transient', 'PLATFORM_UNAVAILABLE'],
    [503, 'UNAVAILABLE', 'internalError', 'TRANSIENT_ERROR', 'transient', 'PLATFORM_UNAVAILABLE'],
  ])('%i %s %s.%s → %s %s', (status, rpc, family, value, kind, appCode) => {
    const f = ads(status, rpc, family, value)!;
    expect(f.kind).toBe(kind);
    expect(f.error.code).toBe(appCode);
    expect(f.error.details[0]).toMatchObject({ platform: 'google', code: `${family}.${value}`, subcode: rpc, message: `${value} happened`, traceId: 'gReq1' });
  });
  it('authentication errors allow one refresh; quota errors honour the retry delay', () => {
    expect(ads(401, 'UNAUTHENTICATED', 'authenticationError', 'OAUTH_TOKEN_INVALID')).toMatchObject({ refreshable: true });
    const q = ads(429, 'RESOURCE_EXHAUSTED', 'quotaError', 'RESOURCE_EXHAUSTED', { details: { quotaErrorDetails: { rateScope: 'ACCOUNT', retryDelay: '30s' } } })!;
    expect(q).toMatchObject({ retryAfterMs: 30_000, scope: 'account' });
    expect(q.error.retryAfter).toBe(30);
    expect(durationMs('1.5s')).toBe(1500);
  });
  // google/ads/googleads/v23/errors/quota_error.proto; https://developers.google.com/google-ads/api/docs/best-practices/quotas
  it('short-term throttling is retried after its hint; the daily quota is held until it resets, never retried', () => {
    const short = ads(429, 'RESOURCE_EXHAUSTED', 'quotaError', 'RESOURCE_TEMPORARILY_EXHAUSTED', { details: { quotaErrorDetails: { rateScope: 'ACCOUNT', retryDelay: '2s' } } })!;
    expect(short).toMatchObject({ kind: 'rate-limit', retryAfterMs: 2_000 });
    expect(short).not.toHaveProperty('untilReset');
    const daily = ads(429, 'RESOURCE_EXHAUSTED', 'quotaError', 'RESOURCE_EXHAUSTED', { details: { quotaErrorDetails: { rateScope: 'DEVELOPER' } } })!;
    expect(daily).toMatchObject({ kind: 'rate-limit', retryAfterMs: DAILY_QUOTA_HOLD_MS, untilReset: { alsoApp: true } });
    expect(daily.error.retryAfter).toBe(DAILY_QUOTA_HOLD_MS / 1000);
  });
  it('invalid_grant from the token endpoint marks the connection revoked', () => {
    expect(classifyGoogle(res(400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' }))).toMatchObject({ kind: 'reauth', connectionStatus: 'revoked', refreshable: false });
  });
});

describe('account id normalization', () => {
  it('accepts the platform forms and rejects others', () => {
    expect(normalizeFacebookAccountId('act_123')).toBe('123');
    expect(normalizeFacebookAccountId('123')).toBe('123');
    expect(normalizeFacebookAccountId('act_x')).toBeNull();
    expect(normalizeGoogleCustomerId('123-456-7890')).toBe('1234567890');
    expect(normalizeGoogleCustomerId('1234567890')).toBe('1234567890');
    expect(normalizeGoogleCustomerId('12-34567890')).toBeNull();
    expect(normalizeTiktokAccountId('7000000000000000011')).toBe('7000000000000000011');
    expect(normalizeTiktokAccountId('act_1')).toBeNull();
  });
});

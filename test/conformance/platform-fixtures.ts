/**
 * What the adapter conformance suite needs to know about each platform, keyed by platform name.
 * Every platform the production registry lists must have an entry: a platform missing here fails
 * the suite instead of going unchecked.
 */
import type { ErrorCode } from '../../shared/errors/app-error';
import type { Failure, PlatformApp, PlatformRequest } from '../../shared/platforms/core/types';
import type { PlatformErrorSpec, SimCall } from '../world';

export interface ExpectedFailure {
  /** Injected at the simulator with `SimHandle.injectError`, on the probe's path. */
  inject: PlatformErrorSpec;
  kind: Failure['kind'];
  code: ErrorCode;
}

export interface PlatformFixture {
  /** The app the simulator registers by default, as the gateway hands it to the adapter. */
  app: PlatformApp;
  /** Seeded simulator user whose consent the OAuth round trip gives. */
  simUser: string;
  /** Scopes the token grant must list after consent (the platform's own names). */
  grantedScopes: string[];
  /** An ad account of `simUser` in its stored form. */
  account: string;
  /** The platform's id forms → the stored form. */
  ids: [raw: string, stored: string][];
  /** Strings that are not account ids of this platform. */
  junk: string[];
  /** A raw read of `account` with `token` on API `version`, as the platform's wire format sends it (errors are injected on `path`). */
  probe(token: string, version: string): { path: string; method: string; query?: Record<string, string>; headers: Record<string, string>; body?: unknown };
  errors: { auth: ExpectedFailure; throttle: ExpectedFailure; transient: ExpectedFailure; badRequest: ExpectedFailure };
  /** Whether successful answers carry usage signals the limiter reads (ErrorMapper.usage). */
  usageOnSuccess: boolean;
  /** A request with structured parameters, and what the simulator must have received for it. */
  encoding: { request: Omit<PlatformRequest, 'token'>; pathPart: string; expectReceived(call: SimCall, version: string): void };
}

const FB_ACCOUNT = '100000000000001';
const TT_ACCOUNT = '7000000000000000011';
const G_ACCOUNT = '1000000001';
const LI_ACCOUNT = '508000001';

export const FIXTURES: Record<string, PlatformFixture> = {
  facebook: {
    app: { clientId: '1234567890123456', clientSecret: 'sim-app-secret', extras: {} },
    simUser: 'alice',
    grantedScopes: ['ads_read', 'ads_management'],
    account: FB_ACCOUNT,
    ids: [
      [`act_${FB_ACCOUNT}`, FB_ACCOUNT],
      [FB_ACCOUNT, FB_ACCOUNT],
      [` act_${FB_ACCOUNT} `, FB_ACCOUNT],
    ],
    junk: ['', 'act_', 'act_12x', 'abc', `act_${'9'.repeat(21)}`, '123-456-7890'],
    probe: (token) => ({ method: 'GET', path: `act_${FB_ACCOUNT}`, query: { fields: 'id', access_token: token }, headers: {} }),
    errors: {
      auth: { inject: { code: 190, subcode: 463 }, kind: 'reauth', code: 'CONNECTION_REAUTH_REQUIRED' },
      throttle: { inject: { code: 80004 }, kind: 'rate-limit', code: 'PLATFORM_RATE_LIMITED' },
      transient: { inject: { code: 2 }, kind: 'transient', code: 'PLATFORM_UNAVAILABLE' },
      badRequest: { inject: { code: 100 }, kind: 'fatal', code: 'PLATFORM_REJECTED' },
    },
    usageOnSuccess: true,
    encoding: {
      request: {
        method: 'GET',
        path: `act_${FB_ACCOUNT}/campaigns`,
        query: { fields: 'id,name', filtering: [{ field: 'effective_status', operator: 'IN', value: ['ACTIVE', 'PAUSED'] }], limit: 5 },
        kind: 'read',
        accountKey: FB_ACCOUNT,
      },
      pathPart: `/act_${FB_ACCOUNT}/campaigns`,
      expectReceived(call) {
        // Graph GET: structured values as JSON text in the query, the token as `access_token`.
        expect(call.method).toBe('GET');
        expect(JSON.parse(call.query.filtering)).toEqual([{ field: 'effective_status', operator: 'IN', value: ['ACTIVE', 'PAUSED'] }]);
        expect(call.query).toMatchObject({ fields: 'id,name', limit: '5', access_token: '[present]' });
      },
    },
  },
  tiktok: {
    app: { clientId: 'sim-tiktok-app', clientSecret: 'sim-tiktok-secret', extras: {} },
    simUser: 'alice',
    // TikTok grants permissions per app in its portal and lists their ids (numbers) in the token answer.
    grantedScopes: ['1', '2', '3', '4', '5', '6', '7', '8'],
    account: TT_ACCOUNT,
    ids: [
      [TT_ACCOUNT, TT_ACCOUNT],
      [` ${TT_ACCOUNT} `, TT_ACCOUNT],
    ],
    junk: ['', 'act_7000', '7000-0000', 'abc', '9'.repeat(25)],
    probe: (token) => ({ method: 'GET', path: 'advertiser/info/', query: { advertiser_ids: JSON.stringify([TT_ACCOUNT]) }, headers: { 'Access-Token': token } }),
    errors: {
      auth: { inject: { code: 40105 }, kind: 'reauth', code: 'CONNECTION_REAUTH_REQUIRED' },
      throttle: { inject: { code: 40100 }, kind: 'rate-limit', code: 'PLATFORM_RATE_LIMITED' },
      transient: { inject: { code: 50000 }, kind: 'transient', code: 'PLATFORM_UNAVAILABLE' },
      badRequest: { inject: { code: 40002 }, kind: 'fatal', code: 'PLATFORM_REJECTED' },
    },
    usageOnSuccess: false,
    encoding: {
      request: { method: 'GET', path: 'campaign/get/', query: { advertiser_id: TT_ACCOUNT, filtering: { primary_status: 'STATUS_ALL' }, page_size: 10 }, kind: 'read', accountKey: TT_ACCOUNT },
      pathPart: '/campaign/get/',
      expectReceived(call) {
        // TikTok GET: objects and arrays as JSON text in the query, the token in the Access-Token header.
        expect(call.method).toBe('GET');
        expect(JSON.parse(call.query.filtering)).toEqual({ primary_status: 'STATUS_ALL' });
        expect(call.query).toMatchObject({ advertiser_id: TT_ACCOUNT, page_size: '10' });
        expect(call.headers['access-token']).toBe('[present]');
      },
    },
  },
  google: {
    app: { clientId: 'sim-google-client-id.apps.googleusercontent.com', clientSecret: 'sim-google-client-secret', extras: {} },
    simUser: 'alice',
    grantedScopes: ['https://www.googleapis.com/auth/adwords'],
    account: G_ACCOUNT,
    ids: [
      [G_ACCOUNT, G_ACCOUNT],
      ['100-000-0001', G_ACCOUNT],
      [` ${G_ACCOUNT} `, G_ACCOUNT],
    ],
    junk: ['', '123', '10000000011', '100-0000-001', 'customers/1000000001', 'act_1000000001'],
    probe: (token) => ({
      method: 'POST',
      path: `customers/${G_ACCOUNT}/googleAds:search`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: { query: 'SELECT customer.id FROM customer' },
    }),
    errors: {
      auth: { inject: { kind: 'token-expired' }, kind: 'reauth', code: 'CONNECTION_REAUTH_REQUIRED' },
      throttle: { inject: { kind: 'quota' }, kind: 'rate-limit', code: 'PLATFORM_RATE_LIMITED' },
      transient: { inject: { kind: 'unavailable' }, kind: 'transient', code: 'PLATFORM_UNAVAILABLE' },
      badRequest: { inject: { kind: 'query' }, kind: 'fatal', code: 'INVALID_QUERY' },
    },
    usageOnSuccess: false,
    encoding: {
      request: { method: 'POST', path: `customers/${G_ACCOUNT}/googleAds:search`, body: { query: "SELECT campaign.id FROM campaign WHERE campaign.status = 'ENABLED'" }, kind: 'read', accountKey: G_ACCOUNT },
      pathPart: `/customers/${G_ACCOUNT}/googleAds:search`,
      expectReceived(call) {
        // Google Ads REST: a JSON body and the token as a Bearer header.
        expect(call.method).toBe('POST');
        expect(call.body).toEqual({ query: "SELECT campaign.id FROM campaign WHERE campaign.status = 'ENABLED'" });
        expect(call.headers.authorization).toBe('[present]');
        expect(call.headers['content-type']).toMatch(/^application\/json/);
      },
    },
  },
  linkedin: {
    app: { clientId: 'sim-linkedin-app', clientSecret: 'sim-linkedin-secret', extras: {} },
    simUser: 'alice',
    grantedScopes: ['r_ads', 'rw_ads', 'r_ads_reporting'],
    account: LI_ACCOUNT,
    ids: [
      [LI_ACCOUNT, LI_ACCOUNT],
      [`urn:li:sponsoredAccount:${LI_ACCOUNT}`, LI_ACCOUNT],
      [` ${LI_ACCOUNT} `, LI_ACCOUNT],
    ],
    junk: ['', 'abc', `urn:li:sponsoredCampaign:${LI_ACCOUNT}`, `act_${LI_ACCOUNT}`, '12x'],
    probe: (token, version) => ({
      method: 'GET',
      path: `adAccounts/${LI_ACCOUNT}`,
      headers: { authorization: `Bearer ${token}`, 'LinkedIn-Version': version, 'X-Restli-Protocol-Version': '2.0.0' },
    }),
    errors: {
      auth: { inject: { kind: 'token-expired' }, kind: 'reauth', code: 'CONNECTION_REAUTH_REQUIRED' },
      throttle: { inject: { kind: 'quota' }, kind: 'rate-limit', code: 'PLATFORM_RATE_LIMITED' },
      transient: { inject: { kind: 'unavailable' }, kind: 'transient', code: 'PLATFORM_UNAVAILABLE' },
      badRequest: { inject: { status: 400 }, kind: 'fatal', code: 'PLATFORM_REJECTED' },
    },
    usageOnSuccess: false,
    encoding: {
      request: {
        method: 'GET',
        path: `adAccounts/${LI_ACCOUNT}/adCampaigns`,
        query: { q: 'search', search: { status: { values: ['ACTIVE', 'PAUSED'] } } },
        kind: 'read',
        accountKey: LI_ACCOUNT,
      },
      pathPart: `/rest/adAccounts/${LI_ACCOUNT}/adCampaigns`,
      expectReceived(call, version) {
        // Rest.li 2.0: structured parameters in Rest.li syntax, the version headers and a Bearer token.
        expect(call.method).toBe('GET');
        expect(call.query).toMatchObject({ q: 'search', search: '(status:(values:List(ACTIVE,PAUSED)))' });
        expect(call.headers['x-restli-protocol-version']).toBe('2.0.0');
        expect(call.headers['linkedin-version']).toBe(version);
        expect(call.headers.authorization).toBe('[present]');
      },
    },
  },
};

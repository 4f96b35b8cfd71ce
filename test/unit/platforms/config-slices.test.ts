import { z } from 'zod';
import { ConfigError, configSchema, loadConfig } from '../../../shared/infra/config';
import { loadServiceConfig, parseConfigSlices, platformModules } from '../../../shared/platforms';
import { facebookConfig } from '../../../shared/platforms/facebook/config';
import { googleConfig } from '../../../shared/platforms/google/config';
import { tiktokConfig } from '../../../shared/platforms/tiktok/config';

const modules = [
  { name: 'a', config: z.object({ A_URL: z.string().url().default('https://a.example'), A_RPS: z.coerce.number().int().min(0).default(5) }) },
  { name: 'b' },
] as const;

describe('per-platform config slices', () => {
  it('parses each module its own variables, defaults for unset or empty ones, {} without a slice', () => {
    const slices = parseConfigSlices(modules, { A_RPS: '7', A_URL: '', OTHER: 'x' });
    expect(slices.get('a')).toEqual({ A_URL: 'https://a.example', A_RPS: 7 });
    expect(slices.get('b')).toEqual({});
  });

  it('stops with the zod message naming the bad variable', () => {
    expect(() => parseConfigSlices(modules, { A_URL: 'not a url', A_RPS: '-1' })).toThrow(ConfigError);
    try {
      parseConfigSlices(modules, { A_URL: 'not a url' });
    } catch (e) {
      expect((e as ConfigError).problems).toEqual([expect.stringMatching(/^A_URL: Invalid url/)]);
    }
  });
});

describe("the platforms' own config slices", () => {
  const slices = () => parseConfigSlices(platformModules, {});

  it('give every platform its variables with the defaults the service has always had', () => {
    expect(slices().get('facebook')).toEqual({
      FACEBOOK_GRAPH_URL: 'https://graph.facebook.com',
      FACEBOOK_DIALOG_URL: 'https://www.facebook.com',
      FACEBOOK_API_VERSION: 'v27.0',
      FACEBOOK_ACCOUNT_RPS: 20,
      FACEBOOK_APP_RPS: 0,
      FACEBOOK_TOKEN_EXTEND_DAYS: 10,
      FACEBOOK_INSIGHTS_SYNC_MAX_DAYS: 92,
      FACEBOOK_INSIGHTS_POLL_MS: 5_000,
      FACEBOOK_INSIGHTS_TIMEOUT_MS: 3_600_000,
      MEDIA_FETCH_ALLOWED_HOSTS: '',
      MEDIA_FETCH_TIMEOUT_MS: 20_000,
      MEDIA_FETCH_MAX_BYTES: 30 * 1024 * 1024,
    });
    expect(slices().get('tiktok')).toEqual({
      TIKTOK_API_URL: 'https://business-api.tiktok.com',
      TIKTOK_AUTH_URL: 'https://business-api.tiktok.com',
      TIKTOK_ACCOUNT_RPS: 0,
      TIKTOK_APP_RPS: 10,
    });
    expect(slices().get('google')).toEqual({
      GOOGLE_ADS_URL: 'https://googleads.googleapis.com',
      GOOGLE_ADS_API_VERSION: 'v26',
      GOOGLE_OAUTH_URL: 'https://accounts.google.com',
      GOOGLE_TOKEN_URL: 'https://oauth2.googleapis.com',
      GOOGLE_ACCOUNT_RPS: 10,
      GOOGLE_APP_RPS: 0,
      GOOGLE_GAQL_CONCURRENCY: 50,
      GOOGLE_GAQL_MAX_ACCOUNTS: 100,
      GOOGLE_FANOUT_CONNECTIONS: 64,
      GOOGLE_CURRENCY_CACHE_SECONDS: 21_600,
    });
  });

  it('are the only place a platform variable is declared: the shared schema names none, and no two slices share one', () => {
    const shared = Object.keys(configSchema._def.schema.shape);
    expect(shared.filter((k) => /^(FACEBOOK|TIKTOK|GOOGLE|LINKEDIN|MEDIA_FETCH)_/.test(k))).toEqual([]);
    const own = platformModules.flatMap((m) => Object.keys(m.config?.shape ?? {}));
    expect(new Set(own).size).toBe(own.length);
    expect(own.filter((k) => shared.includes(k))).toEqual([]);
    // The generic outbound settings stay shared.
    expect(shared).toEqual(expect.arrayContaining(['OUTBOUND_RATE_HEADROOM', 'HTTP_MAX_RETRIES', 'READ_DEADLINE_MS']));
  });

  it.each([
    ['FACEBOOK_API_VERSION', '25', /^FACEBOOK_API_VERSION: must be vNN\.0$/],
    ['FACEBOOK_GRAPH_URL', 'graph.facebook.com', /^FACEBOOK_GRAPH_URL: Invalid url/],
    ['MEDIA_FETCH_MAX_BYTES', '0', /^MEDIA_FETCH_MAX_BYTES: /],
    ['FACEBOOK_INSIGHTS_POLL_MS', 'soon', /^FACEBOOK_INSIGHTS_POLL_MS: /],
    ['TIKTOK_APP_RPS', '-1', /^TIKTOK_APP_RPS: /],
    ['GOOGLE_ADS_API_VERSION', 'v26.1', /^GOOGLE_ADS_API_VERSION: must be vNN$/],
    ['GOOGLE_GAQL_MAX_ACCOUNTS', '0', /^GOOGLE_GAQL_MAX_ACCOUNTS: /],
  ])('a bad %s (%j) stops the service at startup, naming the variable', (name, value, message) => {
    const problems = (() => {
      try {
        loadServiceConfig({ [name]: value });
      } catch (e) {
        expect(e).toBeInstanceOf(ConfigError);
        return (e as ConfigError).problems;
      }
      return [];
    })();
    expect(problems).toEqual([expect.stringMatching(message)]);
  });

  it("names the shared settings' and the platforms' bad variables together; empty values take the defaults", () => {
    expect(() => loadServiceConfig({ PORT: 'x', TIKTOK_API_URL: 'nope' })).toThrow(
      expect.objectContaining({ problems: [expect.stringMatching(/^PORT: /), expect.stringMatching(/^TIKTOK_API_URL: /)] }),
    );
    expect(facebookConfig(loadServiceConfig({ FACEBOOK_API_VERSION: '' })).FACEBOOK_API_VERSION).toBe('v27.0');
  });

  it('are read from the environment a config was loaded from, under keys set on the object itself', () => {
    const config = loadConfig({ GOOGLE_GAQL_MAX_ACCOUNTS: '7', MEDIA_FETCH_ALLOWED_HOSTS: '127.0.0.1' });
    expect(config).not.toHaveProperty('GOOGLE_GAQL_MAX_ACCOUNTS');
    expect(googleConfig(config).GOOGLE_GAQL_MAX_ACCOUNTS).toBe(7);
    expect(facebookConfig(config).MEDIA_FETCH_ALLOWED_HOSTS).toBe('127.0.0.1');
    expect(facebookConfig(config)).toBe(facebookConfig(config));
    expect(tiktokConfig({ ...config, TIKTOK_APP_RPS: 0 }).TIKTOK_APP_RPS).toBe(0);
    expect(() => googleConfig({ GOOGLE_ADS_URL: 'x' })).toThrow(ConfigError);
  });
});

import { z } from 'zod';
import { configSliceReader, envInt, envUrl } from '../core/config-slice';
import { defaultVersion } from '../core/versions';
import { googleVersions } from './versions';

/**
 * Google Ads' slice of the configuration, with its environment variables: the module declares it,
 * the service validates it at startup (a bad value stops it, naming the variable) and hands it to
 * the adapter; the GAQL service reads it with `googleConfig(config)`. Absent keys: Google's
 * production hosts and the defaults below.
 */
export const googleConfigSchema = z.object({
  /** Host of the Google Ads REST API (`/{version}/customers/...`; the simulator's address in tests). */
  GOOGLE_ADS_URL: envUrl('https://googleads.googleapis.com'),
  /** API version in every path: a sunset version answers UNSUPPORTED_VERSION, so it is configurable (docs/platforms/google.md §1). */
  GOOGLE_ADS_API_VERSION: z.string().regex(/^v\d+$/, 'must be vNN').default(defaultVersion(googleVersions)),
  /** Host of the consent screen (`/o/oauth2/v2/auth`). */
  GOOGLE_OAUTH_URL: envUrl('https://accounts.google.com'),
  /** Host of the token and revoke endpoints (`/token`, `/revoke`). */
  GOOGLE_TOKEN_URL: envUrl('https://oauth2.googleapis.com'),
  /**
   * Outbound pacing per customer / per tenant app, calls per second shared by every replica
   * (0 = unpaced). Google sends no usage headers, only a quotaError with a retry delay
   * (docs/platforms/google.md §7, §9), so the customer is paced ahead of it.
   */
  GOOGLE_ACCOUNT_RPS: envInt(10),
  GOOGLE_APP_RPS: envInt(0),
  /**
   * GAQL fan-out: accounts queried at once per request (each is a streamed search), and the most
   * accounts one request may cover (a list or a manager's clients). Each account is its own customer,
   * so this is never concurrency on one customer (which Google asks to limit); per-customer pacing
   * still applies. 8 rather than 4: a 50-account fan-out p50 1.17-1.22x the unbounded direct calls
   * against 1.21-1.36x at 4 (bench, same machine and hour), and half the rounds at real latencies.
   */
  GOOGLE_GAQL_CONCURRENCY: envInt(8, 1),
  GOOGLE_GAQL_MAX_ACCOUNTS: envInt(100, 1),
  /** How long an account's `customer.currency_code` is cached in Redis (money fields are converted with it); 0 = no cache. */
  GOOGLE_CURRENCY_CACHE_SECONDS: envInt(6 * 3600),
});

export type GoogleConfig = z.infer<typeof googleConfigSchema>;

/** The Google Ads settings in a (parsed or raw) config object; absent keys take their defaults. */
export const googleConfig = configSliceReader(googleConfigSchema);

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
   * still applies. 50: a 50-account fan-out runs in one round instead of several (bench: gateway
   * p50 about a fifth lower than at 8); it can, because fan-outs have connections of their own (below).
   */
  GOOGLE_GAQL_CONCURRENCY: envInt(50, 1),
  GOOGLE_GAQL_MAX_ACCOUNTS: envInt(100, 1),
  /**
   * Connections per replica for the calls of every fan-out (GAQL, accessible accounts), apart from
   * the 64 all other Google calls share: a fan-out never makes another read wait for a connection.
   * Concurrent fan-outs share these fairly: each freed connection goes to the one running fewest.
   */
  GOOGLE_FANOUT_CONNECTIONS: envInt(64, 1),
  /** How long an account's `customer.currency_code` is cached in Redis (money fields are converted with it); 0 = no cache. */
  GOOGLE_CURRENCY_CACHE_SECONDS: envInt(6 * 3600),
});

export type GoogleConfig = z.infer<typeof googleConfigSchema>;

/** The Google Ads settings in a (parsed or raw) config object; absent keys take their defaults. */
export const googleConfig = configSliceReader(googleConfigSchema);

import { z } from 'zod';
import { configSliceReader, envInt, envUrl } from '../core/config-slice';
import { defaultVersion } from '../core/versions';
import { facebookVersions } from './versions';

/**
 * Meta's slice of the configuration, with its environment variables: the module declares it, the
 * service validates it at startup (a bad value stops it, naming the variable) and hands it to the
 * adapter; write operations and routes read it with `facebookConfig(config)`. Absent keys: Meta's
 * production hosts and the defaults below.
 */
export const facebookConfigSchema = z.object({
  /** Host of the Graph API (the simulator's address in tests and the sandbox). */
  FACEBOOK_GRAPH_URL: envUrl('https://graph.facebook.com'),
  /** Host of the login dialog (`/{version}/dialog/oauth`). */
  FACEBOOK_DIALOG_URL: envUrl('https://www.facebook.com'),
  /** Graph API version on every call and in the dialog URL; its default is the registry's (versions.ts): a version stays usable at least 90 days after its successor ships (docs/platforms/facebook.md §1). */
  FACEBOOK_API_VERSION: z.string().regex(/^v\d+\.0$/, 'must be vNN.0').default(defaultVersion(facebookVersions)),
  /**
   * Outbound pacing per ad account / per tenant app, calls per second shared by every replica
   * (0 = unpaced). Meta's quotas are hourly per ad account (docs/platforms/facebook.md §6), so the account is paced.
   */
  FACEBOOK_ACCOUNT_RPS: envInt(20),
  FACEBOOK_APP_RPS: envInt(0),
  /** Re-extend a long-lived token (about 60 days) when fewer than this many days are left, well before it lapses and the user has to log in again. */
  FACEBOOK_TOKEN_EXTEND_DAYS: envInt(10, 1),
  /**
   * Insights: date ranges longer than this many days run as an async report run (Meta times out or
   * asks to "reduce the amount of data" on long synchronous ones); the job polls it every POLL_MS
   * and gives up after TIMEOUT_MS.
   */
  FACEBOOK_INSIGHTS_SYNC_MAX_DAYS: envInt(92, 1),
  FACEBOOK_INSIGHTS_POLL_MS: envInt(5_000, 10),
  FACEBOOK_INSIGHTS_TIMEOUT_MS: envInt(3_600_000, 1000),
  /**
   * Images fetched by URL for an upload (POST /facebook/adimages with `url`): Meta's adimages edge
   * takes only the bytes, so the gateway fetches them, under the webhook address rules. Hosts
   * exempt from those rules (comma list; tests use 127.0.0.1), the give-up time of one fetch.
   */
  MEDIA_FETCH_ALLOWED_HOSTS: z.string().default(''),
  MEDIA_FETCH_TIMEOUT_MS: envInt(20_000, 100),
  /** Largest image fetched: Meta's own limit for an ad image file is 30 MB. */
  MEDIA_FETCH_MAX_BYTES: envInt(30 * 1024 * 1024, 1),
});

export type FacebookConfig = z.infer<typeof facebookConfigSchema>;

/** The Meta settings in a (parsed or raw) config object; absent keys take their defaults. */
export const facebookConfig = configSliceReader(facebookConfigSchema);

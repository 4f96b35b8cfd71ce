import { z } from 'zod';
import { configSliceReader, envInt, envUrl } from '../core/config-slice';

/**
 * TikTok's slice of the configuration, with its environment variables: the module declares it,
 * the service validates it at startup (a bad value stops it, naming the variable) and hands it to
 * the adapter. Absent keys: TikTok's production host and the defaults below.
 */
export const tiktokConfigSchema = z.object({
  /** Host of the Business API (`/open_api/v1.3/...`; the simulator's address in tests and the sandbox). */
  TIKTOK_API_URL: envUrl('https://business-api.tiktok.com'),
  /** Host of the advertiser authorization page (`/portal/auth`). */
  TIKTOK_AUTH_URL: envUrl('https://business-api.tiktok.com'),
  /**
   * Outbound pacing per advertiser / per tenant app, calls per second shared by every replica
   * (0 = unpaced). TikTok counts calls per developer app (Basic tier: 10 QPS, docs/platforms/tiktok.md), so the app is paced.
   */
  TIKTOK_ACCOUNT_RPS: envInt(0),
  TIKTOK_APP_RPS: envInt(10),
});

export type TiktokConfig = z.infer<typeof tiktokConfigSchema>;

/** The TikTok settings in a (parsed or raw) config object; absent keys take their defaults. */
export const tiktokConfig = configSliceReader(tiktokConfigSchema);

import { z } from 'zod';
import { configSliceReader, envInt, envUrl } from '../core/config-slice';
import { defaultVersion } from '../core/versions';
import { linkedinVersions } from './versions';

/**
 * LinkedIn's slice of the configuration, with its environment variables: the module declares it,
 * the service validates it at startup and hands it to the adapter (absent keys: production hosts).
 */
export const linkedinConfigSchema = z.object({
  /** Host of the versioned REST API (`/rest/...`). */
  LINKEDIN_API_URL: envUrl('https://api.linkedin.com'),
  /** Host of the OAuth endpoints (`/oauth/v2/...`). */
  LINKEDIN_OAUTH_URL: envUrl('https://www.linkedin.com'),
  /** `LinkedIn-Version` sent on every call: YYYYMM (or YYYYMM.RR). Each is kept for a year (docs/platforms/linkedin.md). */
  LINKEDIN_API_VERSION: z.string().regex(/^\d{6}(\.\d{2})?$/, 'must be YYYYMM or YYYYMM.RR').default(defaultVersion(linkedinVersions)),
  /** Outbound pacing: calls per second per ad account and per app (0 = unpaced). LinkedIn's own limits are daily. */
  LINKEDIN_ACCOUNT_RPS: envInt(0),
  LINKEDIN_APP_RPS: envInt(10),
});

export type LinkedinConfig = z.infer<typeof linkedinConfigSchema>;

/** The LinkedIn settings in a (parsed or raw) config object; absent keys take their defaults. */
export const linkedinConfig = configSliceReader(linkedinConfigSchema);

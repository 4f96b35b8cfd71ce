import { PLATFORMS, type Platform } from '../../shared/platforms';
import { facebookMcp } from '../routes/facebook/mcp';
import { googleMcp } from '../routes/google/mcp';
import { linkedinMcp } from '../routes/linkedin/mcp';
import { tiktokMcp } from '../routes/tiktok/mcp';
import type { Level, PlatformMcp } from './platform-mcp';

/**
 * Each platform's MCP mapping, from its own route folder. Keyed by every `Platform`: a platform
 * listed in shared/platforms/index.ts without an entry here does not compile.
 */
export const platformMcp: { readonly [P in Platform]: PlatformMcp } = {
  tiktok: tiktokMcp,
  google: googleMcp,
  facebook: facebookMcp,
  linkedin: linkedinMcp,
};

/** The platforms with a create route for the tools, as a zod enum's values. */
export const CREATE_PLATFORMS = PLATFORMS.filter((p) => platformMcp[p].create) as unknown as readonly [Platform, ...Platform[]];

/** "ad sets (google: ad groups; …)": the unified level, then each platform's own name where it differs. */
export function levelWords(level: Level, plural: string): string {
  const own = PLATFORMS.flatMap((p) => {
    const name = platformMcp[p].levelNames?.[level];
    return name ? [`${p}: ${name}s`] : [];
  });
  return own.length ? `${plural} (${own.join('; ')})` : plural;
}

const LEVEL_WORDS: Record<Level, string> = { campaign: 'campaign', adset: 'ad set', ad: 'ad' };

/** "tiktok ad set = ad group; linkedin campaign = campaign group": each platform's own name of `levels`, where it differs. */
export function ownLevelNames(levels: readonly Level[]): string {
  return PLATFORMS.flatMap((p) => levels.flatMap((l) => (platformMcp[p].levelNames?.[l] ? [`${p} ${LEVEL_WORDS[l]} = ${platformMcp[p].levelNames![l]}`] : []))).join('; ');
}

import type { Config } from '../../infra/config';
import { configSliceSource } from '../../platforms/core/config-slice';
import {
  SUNSET_WARN_DAYS,
  standingOf,
  sunsetHeaders,
  versionInUse,
  type IsoDay,
  type PlatformVersionRegistry,
  type VersionStanding,
  type VersionState,
} from '../../platforms/core/versions';
import { parseConfigSlices, platformModules, type Platform } from '../../platforms';

/** Milliseconds since the epoch; tests pass a fixed one. */
export type Clock = () => number;

/** One platform's version in use, as `GET /api/v1/platforms` lists it. */
export interface PlatformVersionView {
  platform: Platform;
  displayName: string;
  version: string;
  /** The variable that sets it; null when the adapter fixes it (TikTok). */
  configVariable: string | null;
  state: VersionState;
  released: IsoDay | null;
  sunset: IsoDay | null;
  daysLeft: number | null;
  sources: { released: string; sunset: string } | null;
  unconfirmed: string | null;
}

interface Tracked {
  platform: Platform;
  displayName: string;
  registry: PlatformVersionRegistry;
  version: string;
}

/**
 * The platform API versions this process uses, where each stands against its platform's sunset on
 * the clock's day (shared/platforms/core/versions.ts). The versions are read once from the config
 * the process started with; only the day moves. A module without a registry is not listed.
 */
export class PlatformVersions {
  private readonly tracked: readonly Tracked[];

  constructor(config: Config, private readonly clock: Clock = Date.now) {
    const slices = parseConfigSlices<Platform>(platformModules, configSliceSource(config));
    this.tracked = platformModules.flatMap((m) =>
      m.versions ? [{ platform: m.name, displayName: m.displayName, registry: m.versions, version: versionInUse(m.versions, slices.get(m.name) ?? {}) }] : [],
    );
  }

  list(): PlatformVersionView[] {
    const now = this.clock();
    return this.tracked.map((t) => viewOf(t, standingOf(t.registry, t.version, now)));
  }

  /** The Deprecation/Sunset/Link headers of a platform route's answers from the warning window on; none before it or without an announced sunset. */
  warningHeaders(platform: string): Record<string, string> | undefined {
    const t = this.tracked.find((x) => x.platform === platform);
    if (!t) return undefined;
    const { entry, daysLeft } = standingOf(t.registry, t.version, this.clock());
    if (!entry?.sunset || daysLeft === null || daysLeft > SUNSET_WARN_DAYS) return undefined;
    return sunsetHeaders(t.displayName, { ...entry, sunset: entry.sunset });
  }

  /** Days left per platform for the metrics gauge; a platform without an announced sunset is left out. */
  daysLeft(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const v of this.list()) if (v.daysLeft !== null) out[v.platform] = v.daysLeft;
    return out;
  }
}

function viewOf(t: Tracked, s: VersionStanding): PlatformVersionView {
  return {
    platform: t.platform,
    displayName: t.displayName,
    version: t.version,
    configVariable: 'variable' in t.registry.inUse ? t.registry.inUse.variable : null,
    state: s.state,
    released: s.entry?.released ?? null,
    sunset: s.entry?.sunset ?? null,
    daysLeft: s.daysLeft,
    sources: s.entry?.sources ?? null,
    unconfirmed: s.entry?.unconfirmed ?? null,
  };
}

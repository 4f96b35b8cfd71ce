import { ConfigError, loadConfig, type Config } from '../infra/config';
import { PlatformRegistry, type AdapterDeps } from './core/registry';
import { configSliceInput, type PlatformModule } from './core/module';
import { configSliceSource } from './core/config-slice';
import { configuredVersionProblems } from './core/versions';
import type { ScopeModel } from './core/scopes';
import type { ImportSource } from './core/import-source';
import type { WriteOperation } from './core/write-operation';
import { proxyWriteOperation } from './core/proxy-write';
import type { PlatformWriteSafety } from './core/write-safety';
import { facebookModule } from './facebook';
import { tiktokModule } from './tiktok';
import { googleModule } from './google';
import { linkedinModule } from './linkedin';

/**
 * Every platform the gateway serves: THE list. Adding a platform is its folder (exporting one
 * PlatformModule), its simulator and tests, and one entry here; everything that needs every
 * platform (registry, config, app credentials, write and import lookups, scope models, route
 * enums) reads this.
 */
export const platformModules = [facebookModule, tiktokModule, googleModule, linkedinModule] as const;

export type Platform = (typeof platformModules)[number]['name'];
export const PLATFORMS = platformModules.map((m) => m.name) as [Platform, ...Platform[]];
export const isPlatform = (p: string): p is Platform => (PLATFORMS as readonly string[]).includes(p);

type Module = (typeof platformModules)[number];

/** The platform's money unit and validate-only mode (dry runs, guardrails). */
export function writeSafetyOf(platform: string): PlatformWriteSafety {
  const m = platformModules.find((x) => x.name === platform);
  if (!m) throw new Error(`no platform module ${platform}`);
  return m.writeSafety;
}

/**
 * The modules in the order tenant apps are listed (the `/api/v1/tenant/apps/{platform}` routes,
 * `GET /api/v1/tenant/platforms` and its enum): Meta, Google, TikTok as the contract has always
 * listed them, then every other module in list order. Nothing to add for a new platform.
 */
const APPS_LISTED_FIRST: readonly Module[] = [facebookModule, googleModule, tiktokModule];
export const appModules: readonly Module[] = [...APPS_LISTED_FIRST, ...platformModules.filter((m) => !APPS_LISTED_FIRST.includes(m))];

/**
 * Each module's config slice parsed from the environment (empty values count as unset, as in
 * loadConfig). Throws ConfigError naming every bad variable of every platform.
 */
export function parseConfigSlices<N extends string>(
  modules: readonly Pick<PlatformModule<N>, 'name' | 'config'>[],
  env: Readonly<Record<string, unknown>>,
): Map<N, Record<string, unknown>> {
  const out = new Map<N, Record<string, unknown>>();
  const problems: string[] = [];
  for (const m of modules) {
    const parsed = m.config ? m.config.safeParse(configSliceInput(m.config, env)) : { success: true as const, data: {} };
    if (parsed.success) out.set(m.name, parsed.data as Record<string, unknown>);
    else problems.push(...parsed.error.issues.map((i) => `${i.path.join('.') || m.name}: ${i.message}`));
  }
  if (problems.length) throw new ConfigError(problems);
  return out;
}

/**
 * The service's whole configuration: the shared settings (loadConfig) and every platform's slice,
 * checked together before anything connects, so one ConfigError names every bad variable. A
 * platform API version its registry does not support, or past its sunset on `now`, is one too
 * unless ALLOW_RETIRED_PLATFORM_VERSIONS is set.
 */
export function loadServiceConfig(env: NodeJS.ProcessEnv = process.env, now: number = Date.now()): Config {
  const problems: string[] = [];
  const checked = <T>(read: () => T): T | undefined => {
    try {
      return read();
    } catch (e) {
      if (!(e instanceof ConfigError)) throw e;
      problems.push(...e.problems);
      return undefined;
    }
  };
  const config = checked(() => loadConfig(env));
  const slices = checked(() => parseConfigSlices(platformModules, env));
  if (slices && !config?.ALLOW_RETIRED_PLATFORM_VERSIONS) problems.push(...configuredVersionProblems(platformModules, slices, now));
  if (problems.length || !config) throw new ConfigError(problems);
  return config;
}

/**
 * Validates every module's config slice first (fail fast), then builds each adapter with its
 * slice. The slices are read where the platforms' accessors (`facebookConfig(config)`) read them.
 */
export function createPlatformRegistry(deps: AdapterDeps): PlatformRegistry {
  const slices = parseConfigSlices<Platform>(platformModules, configSliceSource({ env: process.env, ...deps.config }));
  return new PlatformRegistry(
    platformModules.map((m) => m.createAdapter({ ...deps, http: { ...deps.http, displayName: m.displayName }, platformConfig: slices.get(m.name) })),
  );
}

const byName = new Map<string, Module>(platformModules.map((m) => [m.name, m]));

/** The scopes each operation of a platform needs, as its module declares them (absent: not checked ahead). */
export const scopeModelOf = (platform: string): ScopeModel | undefined => byName.get(platform)?.scopeModel;

/** The name people know a platform by ("Meta", "Google Ads"), as its module declares it. */
export const displayNameOf = (platform: string): string => byName.get(platform)?.displayName ?? platform;

export const importSourceOf = (platform: string): ImportSource | undefined => byName.get(platform)?.importSource;

// Each module's own writes, and the passthrough proxy's write for every module with proxy rules.
const writeOps: readonly WriteOperation[] = platformModules.flatMap((m) => [...m.writeOperations, ...(m.proxyRules ? [proxyWriteOperation(m.name, m.proxyRules)] : [])]);
const writeOpByName = new Map<string, WriteOperation>();
for (const op of writeOps) {
  if (writeOpByName.has(op.name)) throw new Error(`two write operations are named ${op.name}`);
  writeOpByName.set(op.name, op);
}

export const allWriteOperations = (): readonly WriteOperation[] => writeOps;

/** A module's write operation by its name (built once at load). */
export const writeOperationNamed = (name: string): WriteOperation | undefined => writeOpByName.get(name);

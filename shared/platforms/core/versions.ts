/*
 * A platform's API version registry: the versions the gateway supports, when each was released and
 * is sunset (the first day the platform stops serving it), where each date comes from, and which
 * setting holds the version in use. The config check at start, `GET /api/v1/platforms`, the
 * Deprecation/Sunset headers and the days-left gauge all read it (docs/platforms/<platform>.md, Versions).
 */

import { AppError } from '../../errors/app-error';
import type { Failure } from './types';

/** A calendar day, `YYYY-MM-DD` (UTC). */
export type IsoDay = string;

export interface PlatformVersion {
  /** As it is configured and sent: `v25.0`, `v26`, `202609`, `v1.3`. */
  version: string;
  released: IsoDay;
  /** The first day the platform no longer serves the version; null while the platform has announced none. */
  sunset: IsoDay | null;
  /** The platform's page (changelog, versioning or sunset table) each date comes from. */
  sources: { released: string; sunset: string };
  /** What no source settles about this entry (an estimated date, a day within the month); absent = both dates confirmed. */
  unconfirmed?: string;
}

export interface PlatformVersionRegistry {
  /**
   * Where the version in use comes from: a variable of the platform's config slice (with the default
   * the slice gives it: moving the default is this one line), or a version fixed in the adapter
   * (TikTok's path version).
   */
  inUse: { variable: string; default: string } | { fixed: string };
  /** Newest first. */
  versions: readonly PlatformVersion[];
  /** The registry entry a configured value belongs to (LinkedIn's `YYYYMM.RR` revision is its month's version); identity when absent. */
  entryKey?: (configured: string) => string;
}

/** Where the version in use stands today: `sunsetting` within WARN_DAYS of its sunset. */
export type VersionState = 'current' | 'sunsetting' | 'retired' | 'unsupported';

export interface VersionStanding {
  version: string;
  entry?: PlatformVersion;
  /** Whole days from today (UTC) to the sunset day; 0 or less once retired, null without an announced sunset. */
  daysLeft: number | null;
  state: VersionState;
}

/** Warnings start this many days before a sunset (headers, `sunsetting`). */
export const SUNSET_WARN_DAYS = 90;

const DAY_MS = 86_400_000;
const dayStart = (day: IsoDay): number => Date.parse(`${day}T00:00:00Z`);
const todayStart = (now: number): number => Math.floor(now / DAY_MS) * DAY_MS;

/** The version a module uses, read from its parsed config slice (or fixed in its adapter). */
export function versionInUse(registry: PlatformVersionRegistry, slice: Readonly<Record<string, unknown>>): string {
  return 'fixed' in registry.inUse ? registry.inUse.fixed : String(slice[registry.inUse.variable] ?? '');
}

export function standingOf(registry: PlatformVersionRegistry, version: string, now: number): VersionStanding {
  const key = registry.entryKey ? registry.entryKey(version) : version;
  const entry = registry.versions.find((v) => v.version === key);
  if (!entry) return { version, daysLeft: null, state: 'unsupported' };
  const daysLeft = entry.sunset === null ? null : Math.round((dayStart(entry.sunset) - todayStart(now)) / DAY_MS);
  const state: VersionState = daysLeft === null ? 'current' : daysLeft <= 0 ? 'retired' : daysLeft <= SUNSET_WARN_DAYS ? 'sunsetting' : 'current';
  return { version, entry, daysLeft, state };
}

/** The supported versions, newest first, as a short list for messages. */
const supportedList = (registry: PlatformVersionRegistry, now: number): string =>
  registry.versions
    .filter((v) => standingOf(registry, v.version, now).state !== 'retired')
    .map((v) => v.version)
    .join(', ');

/**
 * Why the configured versions cannot start the service: one line per platform whose version the
 * registry does not list or whose sunset has passed, naming the variable and what to set instead.
 */
export function configuredVersionProblems(
  modules: readonly { name: string; versions?: PlatformVersionRegistry }[],
  slices: ReadonlyMap<string, Readonly<Record<string, unknown>>>,
  now: number,
): string[] {
  const problems: string[] = [];
  for (const m of modules) {
    if (!m.versions) continue;
    const version = versionInUse(m.versions, slices.get(m.name) ?? {});
    const s = standingOf(m.versions, version, now);
    const where = 'variable' in m.versions.inUse ? m.versions.inUse.variable : `${m.name} API version`;
    const supported = `supported: ${supportedList(m.versions, now)}`;
    if (s.state === 'unsupported') problems.push(`${where}: ${m.name} version ${version} is not one the gateway supports (${supported})`);
    if (s.state === 'retired') problems.push(`${where}: ${m.name} version ${version} was sunset on ${s.entry?.sunset} (${supported})`);
  }
  return problems;
}

/**
 * The warning a platform route's answer carries while the version in use is `sunsetting`:
 * RFC 9745 `Deprecation` (an RFC 9651 Date item, `@` and epoch seconds: the day the warning window
 * opened), RFC 8594 `Sunset` (an HTTP-date: the platform's sunset day) and a `Link` to the
 * platform's page with the date (rel="sunset", RFC 8594 §3), whose title names the version.
 */
export function sunsetHeaders(displayName: string, entry: PlatformVersion & { sunset: IsoDay }): Record<'Deprecation' | 'Sunset' | 'Link', string> {
  const at = dayStart(entry.sunset);
  const warnedFrom = at - SUNSET_WARN_DAYS * DAY_MS;
  return {
    Deprecation: `@${Math.floor(warnedFrom / 1000)}`,
    Sunset: new Date(at).toUTCString(),
    Link: `<${entry.sources.sunset}>; rel="sunset"; title="${displayName} API ${entry.version} is sunset on ${entry.sunset}"`,
  };
}

/**
 * The failure of a call the platform refused because it does not serve the API version the call
 * named (each platform's answer is in docs/platforms/<platform>.md, Versions). Fatal: every call on
 * that version gets the same answer until the setting changes, so a job ends at once instead of
 * retrying. `version` is the one the adapter sends; `setting` the variable that sets it, if any.
 */
export function versionRetiredFailure(
  who: { platform: string; displayName: string; setting?: string },
  version: string | undefined,
  detail: Record<string, unknown>,
): Failure {
  const v = version ?? 'in use';
  const fix = who.setting ? `set ${who.setting} to a version it serves` : 'the gateway must move to a version it serves';
  return {
    kind: 'fatal',
    error: new AppError('PLATFORM_VERSION_RETIRED', `${who.displayName} no longer serves API version ${v}: ${fix}`, {
      details: [{ platform: who.platform, version: version ?? null, ...detail }],
    }),
  };
}

/** The version a registry uses when nothing is configured. */
export const defaultVersion = (registry: PlatformVersionRegistry): string => ('fixed' in registry.inUse ? registry.inUse.fixed : registry.inUse.default);

/**
 * The versions an upgrade is rehearsed on: the default, and the newest live version after it (the
 * next default), or, when the default is the newest, the live one before it (where a rollback goes).
 * The conformance suite runs against each (test/conformance).
 */
export function rehearsalVersions(registry: PlatformVersionRegistry, now: number): string[] {
  const current = defaultVersion(registry);
  const live = registry.versions.map((v) => v.version).filter((v) => standingOf(registry, v, now).state !== 'retired');
  const at = live.indexOf(current);
  if (at < 0) return [current];
  const other = at > 0 ? live[0] : live[at + 1];
  return other ? [current, other] : [current];
}

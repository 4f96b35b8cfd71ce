import { ConfigError } from '../../../shared/infra/config';
import { loadServiceConfig, parseConfigSlices, platformModules } from '../../../shared/platforms';
import { configuredVersionProblems, standingOf, sunsetHeaders, versionInUse, type PlatformVersionRegistry } from '../../../shared/platforms/core/versions';
import { tiktokDescriptor } from '../../../shared/platforms/tiktok/descriptor';

const TODAY = Date.parse('2026-11-28T15:30:00Z');
const at = (day: string) => Date.parse(`${day}T12:00:00Z`);

const registry: PlatformVersionRegistry = {
  inUse: { variable: 'X_API_VERSION', default: 'v2' },
  versions: [
    { version: 'v3', released: '2026-10-01', sunset: null, sources: { released: 'https://x.example/changelog', sunset: 'https://x.example/changelog' } },
    { version: 'v2', released: '2026-01-01', sunset: '2027-01-15', sources: { released: 'https://x.example/changelog', sunset: 'https://x.example/sunsets' } },
    { version: 'v1', released: '2025-01-01', sunset: '2026-06-01', sources: { released: 'https://x.example/changelog', sunset: 'https://x.example/sunsets' } },
  ],
};

describe('where a version stands on a given day', () => {
  it('counts whole UTC days to the sunset and warns from 90 days before it', () => {
    expect(standingOf(registry, 'v2', at('2026-10-16'))).toMatchObject({ daysLeft: 91, state: 'current' });
    expect(standingOf(registry, 'v2', at('2026-10-17'))).toMatchObject({ daysLeft: 90, state: 'sunsetting' });
    expect(standingOf(registry, 'v2', Date.parse('2027-01-14T23:59:59Z'))).toMatchObject({ daysLeft: 1, state: 'sunsetting' });
    expect(standingOf(registry, 'v2', Date.parse('2027-01-15T00:00:00Z'))).toMatchObject({ daysLeft: 0, state: 'retired' });
  });

  it('has no days left without an announced sunset, and knows no version outside the registry', () => {
    expect(standingOf(registry, 'v3', TODAY)).toMatchObject({ daysLeft: null, state: 'current' });
    expect(standingOf(registry, 'v9', TODAY)).toEqual({ version: 'v9', daysLeft: null, state: 'unsupported' });
  });

  it("reads the version from the module's slice, or the one fixed in the adapter", () => {
    expect(versionInUse(registry, { X_API_VERSION: 'v2' })).toBe('v2');
    expect(versionInUse({ ...registry, inUse: { fixed: 'v1.3' } }, {})).toBe('v1.3');
  });
});

describe('the config check', () => {
  const check = (version: string, now = TODAY) =>
    configuredVersionProblems([{ name: 'x', versions: registry }, { name: 'y' }], new Map([['x', { X_API_VERSION: version }]]), now);

  it('names the variable, the version and what is supported, for an unknown or a sunset version', () => {
    expect(check('v2')).toEqual([]);
    expect(check('v9')).toEqual(['X_API_VERSION: x version v9 is not one the gateway supports (supported: v3, v2)']);
    expect(check('v1')).toEqual(['X_API_VERSION: x version v1 was sunset on 2026-06-01 (supported: v3, v2)']);
    expect(check('v2', at('2027-01-15'))).toEqual(['X_API_VERSION: x version v2 was sunset on 2027-01-15 (supported: v3)']);
  });

  it('stops the service with a sunset version, unless ALLOW_RETIRED_PLATFORM_VERSIONS=true', () => {
    expect(() => loadServiceConfig({ FACEBOOK_API_VERSION: 'v24.0' }, TODAY)).toThrow(ConfigError);
    expect(() => loadServiceConfig({ FACEBOOK_API_VERSION: 'v24.0', LINKEDIN_API_VERSION: '202401' }, TODAY)).toThrow(
      /FACEBOOK_API_VERSION: facebook version v24\.0 was sunset on 2026-11-10 \(supported: v27\.0, v26\.0, v25\.0\)\n.*LINKEDIN_API_VERSION: linkedin version 202401 is not one the gateway supports/,
    );
    expect(() => loadServiceConfig({ FACEBOOK_API_VERSION: 'v24.0', ALLOW_RETIRED_PLATFORM_VERSIONS: 'true' }, TODAY)).not.toThrow();
  });

  it('starts with the defaults and with the versions the test world and the sandbox configure', () => {
    expect(() => loadServiceConfig({}, TODAY)).not.toThrow();
    expect(() => loadServiceConfig({ GOOGLE_ADS_API_VERSION: 'v23', LINKEDIN_API_VERSION: '202609.01' }, TODAY)).not.toThrow();
  });
});

describe("the platforms' registries", () => {
  const slices = parseConfigSlices(platformModules, {});

  it.each(platformModules.map((m) => [m.name, m] as const))('%s: its default version is supported and not sunset today (2026-11-28)', (_name, m) => {
    expect(m.versions).toBeDefined();
    const s = standingOf(m.versions!, versionInUse(m.versions!, slices.get(m.name) ?? {}), TODAY);
    expect(['current', 'sunsetting']).toContain(s.state);
  });

  it.each(platformModules.map((m) => [m.name, m.versions!] as const))('%s: newest first, dates in order, every date with an https source', (_name, r) => {
    const released = r.versions.map((v) => v.released);
    expect([...released].sort().reverse()).toEqual(released);
    for (const v of r.versions) {
      expect(v.released).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      if (v.sunset !== null) expect(Date.parse(v.sunset)).toBeGreaterThan(Date.parse(v.released));
      expect(v.sources.released).toMatch(/^https:\/\//);
      expect(v.sources.sunset).toMatch(/^https:\/\//);
    }
  });

  it("holds TikTok's version where the adapter builds its paths", () => {
    const tiktok = platformModules.find((m) => m.name === 'tiktok')!;
    expect(versionInUse(tiktok.versions!, {})).toBe(tiktokDescriptor({}).apiVersion);
  });

  it('the facts the product owner gave: Meta v24 expired 2026-11-10, v25 expires 2027-02-23, v26 and v27 are out', () => {
    const meta = platformModules.find((m) => m.name === 'facebook')!.versions!;
    expect(standingOf(meta, 'v24.0', TODAY)).toMatchObject({ state: 'retired' });
    expect(standingOf(meta, 'v25.0', TODAY)).toMatchObject({ state: 'sunsetting', daysLeft: 87 });
    expect(standingOf(meta, 'v26.0', TODAY).state).toBe('current');
    expect(standingOf(meta, 'v27.0', TODAY).state).toBe('current');
  });
});

describe('the warning headers', () => {
  it('Deprecation as an RFC 9651 date from the start of the window, Sunset as an HTTP-date, a Link naming the version', () => {
    const entry = registry.versions[1]!;
    expect(sunsetHeaders('X', { ...entry, sunset: '2027-01-15' })).toEqual({
      Deprecation: `@${Date.parse('2026-10-17T00:00:00Z') / 1000}`,
      Sunset: 'Fri, 15 Jan 2027 00:00:00 GMT',
      Link: '<https://x.example/sunsets>; rel="sunset"; title="X API v2 is sunset on 2027-01-15"',
    });
  });
});

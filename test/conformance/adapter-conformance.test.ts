import { createHash, randomBytes } from 'node:crypto';
import IORedis from 'ioredis';
import pino from 'pino';
import { loadConfig } from '../../shared/infra/config';
import { createPlatformRegistry, platformModules } from '../../shared/platforms';
import { rehearsalVersions } from '../../shared/platforms/core/versions';
import { OutboundLimiter } from '../../shared/platforms/core/limiter';
import type { PlatformRegistry } from '../../shared/platforms/core/registry';
import type { RawResponse } from '../../shared/platforms/core/types';
import { isSimPlatform, SIMULATORS } from '../simulators';
import { uniquePrefix } from '../world/app';
import { authorize } from '../world/connect';
import { simulatorEnv, startSimulators, type SimHandle, type SimHandles } from '../world/sim-control';
import { FIXTURES, type PlatformFixture } from './platform-fixtures';

/**
 * What every platform adapter must honour, checked against its simulator over HTTP. The platforms
 * come from the production registry, built the way the app builds it, so a new platform is covered
 * (and fails here until it has a simulator and a fixture) without touching this file. Each runs on
 * its default API version and on the one an upgrade (or a rollback) would move it to
 * (`rehearsalVersions`, shared/platforms/core/versions.ts), so moving a default is rehearsed here.
 */
const silent = pino({ level: 'silent' });
const LISTED = createPlatformRegistry({
  config: loadConfig(process.env),
  // Only listed here, never called: the registry used for calls is built against the simulators below.
  http: { limiter: {} as OutboundLimiter, logger: silent, connectTimeoutMs: 1, responseTimeoutMs: 1, maxRetries: 0 },
})
  .all()
  .map((a) => a.platform);

/** The versions each platform is checked on: its default first. */
const VERSIONS: Record<string, { variable?: string; versions: string[] }> = Object.fromEntries(
  platformModules.map((m) => [
    m.name,
    m.versions
      ? { variable: 'variable' in m.versions.inUse ? m.versions.inUse.variable : undefined, versions: rehearsalVersions(m.versions, Date.now()) }
      : { versions: [''] },
  ]),
);

let sims: SimHandles;
let redis: IORedis;
let limiter: OutboundLimiter;
/** One registry per (platform, version) checked, built against the simulators. */
const registries = new Map<string, PlatformRegistry>();

beforeAll(async () => {
  sims = await startSimulators(LISTED.filter(isSimPlatform));
  const config = loadConfig({ ...process.env, ...simulatorEnv(sims), HTTP_MAX_RETRIES: '0' });
  redis = new IORedis(config.REDIS_URL);
  limiter = new OutboundLimiter({ redisUrl: config.REDIS_URL, redis, prefix: uniquePrefix('conf'), logger: silent, readDeadlineMs: 5000 });
  for (const platform of LISTED) {
    const { variable, versions } = VERSIONS[platform] ?? { versions: [''] };
    for (const version of versions) {
      const env = { ...process.env, ...simulatorEnv(sims), HTTP_MAX_RETRIES: '0', ...(variable ? { [variable]: version } : {}) };
      registries.set(`${platform}@${version}`, createPlatformRegistry({ config: loadConfig(env), http: { limiter, logger: silent, connectTimeoutMs: 2000, responseTimeoutMs: 5000, maxRetries: 0 } }));
    }
  }
}, 60_000);
afterAll(async () => {
  for (const r of registries.values()) await r.close();
  await limiter?.close();
  redis?.disconnect();
  await Promise.all(Object.values(sims ?? {}).map((s) => s.close()));
});

const simOf = (platform: string): SimHandle => {
  const s = isSimPlatform(platform) ? sims[platform] : undefined;
  if (!s) throw new Error(`no simulator for ${platform}`);
  return s as SimHandle;
};

/** The fixture's probe put on the wire as is, answered as the adapter's error mapper sees answers. */
async function probe(registry: PlatformRegistry, platform: string, fx: PlatformFixture, token: string): Promise<RawResponse> {
  const p = fx.probe(token, registry.get(platform).descriptor.apiVersion);
  const base = registry.get(platform).descriptor.apiBase;
  const url = new URL(`./${p.path}`, base.endsWith('/') ? base : `${base}/`);
  for (const [k, v] of Object.entries(p.query ?? {})) url.searchParams.set(k, v);
  const res = await fetch(url, { method: p.method, headers: p.headers, body: p.body === undefined ? undefined : JSON.stringify(p.body) });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: the mapper gets the text
  }
  return { status: res.status, headers: Object.fromEntries(res.headers.entries()), body };
}

describe.each(LISTED)('%s adapter', (platform) => {
  const fx = FIXTURES[platform];

  it('has a simulator in test/simulators/index.ts and a fixture in test/conformance/platform-fixtures.ts', () => {
    expect({ platform, simulator: platform in SIMULATORS, fixture: fx !== undefined }).toEqual({ platform, simulator: true, fixture: true });
  });
  if (!fx || !isSimPlatform(platform)) return;

  describe.each(VERSIONS[platform]?.versions ?? [''])('on API version %s', (version) => {
    let registry: PlatformRegistry;
    beforeAll(() => {
      registry = registries.get(`${platform}@${version}`)!;
    });

    it('sends the version it is configured with', () => {
      if (version) expect(registry.get(platform).descriptor.apiVersion).toBe(version);
    });

    beforeEach(async () => {
      await simOf(platform).clear();
      await simOf(platform).throttle();
    });

    it('OAuth round trip: authorize URL on the configured host, consent, code exchange, a grant with the granted scopes', async () => {
      const adapter = registry.get(platform);
      const redirectUri = 'https://tenant.example/oauth/callback';
      const state = randomBytes(12).toString('base64url');
      const codeVerifier = randomBytes(32).toString('base64url');
      const codeChallenge = adapter.oauth.usesPkce ? createHash('sha256').update(codeVerifier).digest('base64url') : undefined;
      const url = adapter.oauth.authorizeUrl({ app: fx.app, redirectUri, state, scopes: adapter.descriptor.scopes, codeChallenge });
      expect(url.startsWith(simOf(platform).baseUrl)).toBe(true);

      const callback = new URL(await authorize(url, { sim_user: fx.simUser }));
      expect(`${callback.origin}${callback.pathname}`).toBe(redirectUri);
      const cb = adapter.oauth.readCallback(Object.fromEntries(callback.searchParams));
      expect(cb).toMatchObject({ state, code: expect.any(String) });

      const grant = await adapter.oauth.exchangeCode({ app: fx.app, code: cb.code!, redirectUri, codeVerifier: adapter.oauth.usesPkce ? codeVerifier : undefined });
      expect(grant.accessToken).toEqual(expect.any(String));
      expect(grant.accessToken.length).toBeGreaterThan(8);
      expect(grant.scopes).toEqual(expect.arrayContaining(fx.grantedScopes));
      // The token works: the account is reachable with it.
      const account = await adapter.operations.fetchAccount({ app: fx.app, token: grant.accessToken, platformAccountId: fx.account });
      expect(account.platformAccountId).toBe(fx.account);
    });

    it('normalises the platform id forms to the stored form and refuses junk', () => {
      const ops = registry.get(platform).operations;
      expect(fx.ids.map(([raw]) => ops.normalizeAccountId(raw))).toEqual(fx.ids.map(([, stored]) => stored));
      expect(fx.junk.map((j) => ops.normalizeAccountId(j))).toEqual(fx.junk.map(() => null));
    });

    it('classifies a normal answer as success', async () => {
      const { accessToken } = await simOf(platform).token(fx.simUser);
      const raw = await probe(registry, platform, fx, accessToken);
      expect(registry.get(platform).errors.classify(raw)).toBeNull();
    });

    it.each(['auth', 'throttle', 'transient', 'badRequest'] as const)('classifies the platform %s error into our kind and code', async (which) => {
      const sim = simOf(platform);
      const { accessToken } = await sim.token(fx.simUser);
      const expected = fx.errors[which];
      await sim.injectError({ ...expected.inject, path: fx.probe(accessToken, registry.get(platform).descriptor.apiVersion).path, count: 1 });
      const failure = registry.get(platform).errors.classify(await probe(registry, platform, fx, accessToken));
      expect({ kind: failure?.kind, code: failure?.error.code }).toEqual({ kind: expected.kind, code: expected.code });
      expect(failure?.error.details?.[0]).toMatchObject({ platform });
    });

    it("reads the platform's usage signals from successful answers (none where it sends none)", async () => {
      const { accessToken } = await simOf(platform).token(fx.simUser);
      const signals = registry.get(platform).errors.usage(await probe(registry, platform, fx, accessToken));
      if (fx.usageOnSuccess) {
        expect(signals.length).toBeGreaterThan(0);
        for (const s of signals) expect(s).toMatchObject({ scope: expect.stringMatching(/^(account|app)$/), pct: expect.any(Number) });
      } else expect(signals).toEqual([]);
    });

    it("turns the simulator's own throttling answer into a rate limit with a wait", async () => {
      const sim = simOf(platform);
      const { accessToken } = await sim.token(fx.simUser);
      // The simulator counts for its whole life: this test reads what it adds (it runs once per version).
      const before = (await sim.stats()).throttled;
      await sim.throttle(1);
      // Sent together: at most one fits the one-call-per-second budget.
      const answers = await Promise.all([0, 1, 2, 3].map(() => probe(registry, platform, fx, accessToken)));
      const failures = answers.map((a) => registry.get(platform).errors.classify(a)).filter((f) => f !== null);
      expect(failures.length).toBeGreaterThan(0);
      for (const f of failures) {
        expect(f).toMatchObject({ kind: 'rate-limit', error: { code: 'PLATFORM_RATE_LIMITED' } });
        expect(f.kind === 'rate-limit' && f.retryAfterMs).toBeGreaterThan(0);
      }
      expect((await sim.stats()).throttled).toBe(before + failures.length);
    });

    it("puts structured parameters on the wire in the platform's encoding", async () => {
      const sim = simOf(platform);
      const { accessToken } = await sim.token(fx.simUser);
      await registry.get(platform).client.request({ ...fx.encoding.request, token: accessToken });
      const calls = await sim.calls(fx.encoding.pathPart);
      expect(calls).toHaveLength(1);
      fx.encoding.expectReceived(calls[0]!, registry.get(platform).descriptor.apiVersion);
    });
  });
});

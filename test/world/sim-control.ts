import type { SimCall } from '../simulators/common/sim-kit';
import { SIMULATORS, type RunningSimOf, type SimPlatform } from '../simulators';
import type { FacebookSimOptions, FacebookTunables } from '../simulators/facebook';
import type { GoogleSimOptions } from '../simulators/google';
import type { LinkedinSimOptions, SimSettings as LinkedinSettings } from '../simulators/linkedin';
import type { TiktokSimOptions } from '../simulators/tiktok';
import { mintSimToken } from './connect';

export type { SimCall };

/** The parameters of a recorded call: the query of a GET, the (form or JSON) body otherwise. */
export function paramsOf(c: SimCall): Record<string, any> {
  return c.method === 'GET' ? c.query : c.body;
}

/** How each simulator can be started (seed, size, strict apps…), by platform. */
export interface SimStartOptionsOf {
  facebook: FacebookSimOptions;
  tiktok: TiktokSimOptions;
  google: GoogleSimOptions;
  linkedin: LinkedinSimOptions;
}

/**
 * Runtime knobs of each simulator (`SimHandle.settings`), by platform: Meta's tunables
 * (`POST /__sim/facebook/config`), Google's, LinkedIn's and TikTok's settings (`POST /__sim/settings`).
 */
export interface SimSettingsOf {
  facebook: Partial<FacebookTunables>;
  tiktok: Partial<{ servedVersions: string[] }>;
  google: Partial<Record<'searchPageSize' | 'streamBatchSize' | 'throttleRetrySeconds' | 'minVersion' | 'goneBelow', number>>;
  linkedin: Partial<LinkedinSettings>;
}

const SETTINGS_ROUTE: Record<SimPlatform, string | undefined> = { facebook: '/facebook/config', tiktok: '/settings', google: '/settings', linkedin: '/settings' };

/** A fault any simulator applies before its platform routes (shared control surface). */
export interface FaultSpec {
  /** Substring of the request path; absent matches every platform path. */
  path?: string;
  method?: string;
  /** How many matching calls it applies to; absent means until cleared. */
  count?: number;
  status?: number;
  body?: unknown;
  /** The body as these exact bytes (JSON unless `headers` say otherwise), instead of `body` serialised. */
  text?: string;
  headers?: Record<string, string>;
  latencyMs?: number;
  /** Destroy the socket without answering. */
  drop?: boolean;
  /** Platform-named fault rendered in the platform's error shape (Google: 'quota', 'internal', …). */
  kind?: string;
}

/**
 * An error in the platform's own wire shape: Meta `{ code, subcode? | kind: 'reduce_data' }`, TikTok
 * `{ code, message? }` (HTTP 200 envelope), Google `{ kind | status }`.
 */
export interface PlatformErrorSpec {
  code?: number;
  subcode?: number;
  kind?: string;
  status?: number;
  message?: string;
  path?: string;
  method?: string;
  count?: number;
}

/**
 * One control interface over every simulator, the same method names for each platform. It speaks
 * the simulators' `/__sim` HTTP surface, exactly as a test would against a separate process.
 */
export class SimHandle<P extends SimPlatform = SimPlatform> {
  constructor(
    readonly platform: P,
    /** The started simulator: in-process `state` and `control` for the few tests that need them. */
    readonly raw: RunningSimOf<P>,
  ) {}

  get baseUrl(): string {
    return this.raw.baseUrl;
  }

  /** Calls the simulator received whose path contains `pathPart` (all when absent), oldest first. */
  async calls(pathPart?: string, since = 0): Promise<SimCall[]> {
    const q = new URLSearchParams();
    if (pathPart) q.set('path', pathPart);
    if (since) q.set('since', String(since));
    const r = await this.sim('GET', `/calls${q.toString() ? `?${q}` : ''}`);
    return ((await r.json()) as { calls: SimCall[] }).calls;
  }

  async clearCalls(): Promise<void> {
    await this.sim('DELETE', '/calls');
  }

  /** A generic fault (status/body/latency/drop, or a platform-named `kind`). */
  async fault(f: FaultSpec): Promise<number> {
    return this.created(await this.sim('POST', '/faults', f), 'fault');
  }

  /** An error in the platform's own wire shape (see PlatformErrorSpec). */
  async injectError(e: PlatformErrorSpec): Promise<number> {
    const r = await this.sim('POST', SIMULATORS[this.platform].errorRoute, e);
    return this.created(r, 'platform error');
  }

  /** Removes every injected fault and platform error. */
  async clearFaults(): Promise<void> {
    await this.sim('DELETE', '/faults');
    const extra = (SIMULATORS[this.platform] as { extraFaultRoute?: string }).extraFaultRoute;
    if (extra) await this.sim('DELETE', extra);
  }

  /** Latency added to every platform answer. */
  async latency(ms: number): Promise<void> {
    await this.sim('POST', '/latency', { ms });
  }

  /** Per-account calls per second before the simulator answers with its throttling error; absent = unlimited. */
  async throttle(perAccountPerSecond?: number): Promise<void> {
    await this.sim('POST', '/budget', perAccountPerSecond ? { perAccountPerSecond } : {});
  }

  /** Calls seen and throttling errors sent since the last reset. */
  async stats(): Promise<{ calls: number; throttled: number }> {
    return (await (await this.sim('GET', '/stats')).json()) as { calls: number; throttled: number };
  }

  /** Calls, faults, latency, budget and the simulator's data back to their seeded state. */
  async reset(): Promise<void> {
    await this.sim('POST', '/reset');
  }

  /** Calls and faults cleared, data kept: what a test file does between its tests. */
  async clear(): Promise<void> {
    await this.clearFaults();
    await this.clearCalls();
  }

  /** A platform access token for a seeded simulator user, without OAuth (`POST /__sim/tokens`). */
  token(user = 'alice', extra: Record<string, unknown> = {}): Promise<{ accessToken: string; refreshToken?: string }> {
    return mintSimToken(this.raw.baseUrl, user, extra);
  }

  /** The platform now treats this access token as expired (`POST /__sim/tokens/expire`). */
  async expireToken(token: string): Promise<void> {
    await this.ok(await this.sim('POST', '/tokens/expire', { token }), 'expire token');
  }

  /** The platform now treats this token as revoked (`POST /__sim/tokens/revoke`; Meta takes the error `subcode`). */
  async revokeToken(token: string, extra: { subcode?: number } = {}): Promise<void> {
    await this.ok(await this.sim('POST', '/tokens/revoke', { token, ...extra }), 'revoke token');
  }

  /** Changes the simulator's runtime settings (see SimSettingsOf); answers the settings now in force. */
  async settings(patch: SimSettingsOf[P]): Promise<Record<string, unknown>> {
    const route = SETTINGS_ROUTE[this.platform];
    if (!route) throw new Error(`the ${this.platform} simulator has no settings`);
    return (await this.ok(await this.sim('POST', route, patch), 'settings')).json() as Promise<Record<string, unknown>>;
  }

  /** Any other `/__sim` endpoint of this simulator. */
  sim(method: string, path: string, body?: unknown): Promise<Response> {
    return fetch(`${this.raw.baseUrl}/__sim${path}`, {
      method,
      headers: body !== undefined ? { 'content-type': 'application/json' } : {},
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
  }

  close(): Promise<void> {
    return this.raw.close();
  }

  private async ok(r: Response, what: string): Promise<Response> {
    if (r.status !== 200) throw new Error(`${this.platform} ${what}: ${r.status} ${await r.text()}`);
    return r;
  }

  private async created(r: Response, what: string): Promise<number> {
    if (r.status !== 201) throw new Error(`${this.platform} ${what}: ${r.status} ${await r.text()}`);
    return ((await r.json()) as { id: number }).id;
  }
}

export type SimHandles = { [P in SimPlatform]?: SimHandle<P> };

/**
 * How a world starts one simulator: its start options (e.g. TikTok `{ size: { bigAccount: 20_000 } }`),
 * or a function that starts it (a simulator behind a test's own front); the world closes it either way.
 */
export type SimStart<P extends SimPlatform> = SimStartOptionsOf[P] | (() => Promise<RunningSimOf<P>>);
export type SimStarts = { [P in SimPlatform]?: SimStart<P> };

/** Starts the given simulators (default: every one in the list) on port 0. */
export async function startSimulators(which: readonly SimPlatform[] = Object.keys(SIMULATORS) as SimPlatform[], how: SimStarts = {}): Promise<SimHandles> {
  const handles: SimHandles = {};
  try {
    for (const p of which) {
      const start = how[p] as SimStart<typeof p> | undefined;
      const raw = typeof start === 'function' ? await start() : await SIMULATORS[p].start({ ...start, port: 0 });
      (handles as Record<string, SimHandle>)[p] = new SimHandle(p, raw as never);
    }
  } catch (e) {
    await Promise.all(Object.values(handles).map((h) => h.close()));
    throw e;
  }
  return handles;
}

/** Gateway env pointing each started platform at its simulator. */
export function simulatorEnv(sims: { [P in SimPlatform]?: { baseUrl: string } }): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [p, s] of Object.entries(sims)) if (s && p in SIMULATORS) Object.assign(env, SIMULATORS[p as SimPlatform].env(s.baseUrl));
  return env;
}

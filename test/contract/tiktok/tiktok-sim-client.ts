/** Small HTTP client for the TikTok simulator contract tests: real fetch against a sim on port 0. */
import { startTiktokSim, type TiktokSimOptions } from '../../simulators/tiktok';
import { worldPerFile } from '../../helpers/world-per-file';

export const ALICE_US = '7000000000000000011';
export const ALICE_UK = '7000000000000000012';
export const ALICE_APPS = '7000000000000000013';
export const BOB_BIKES = '7000000000000000021';

export interface Envelope<T = Record<string, unknown>> {
  code: number;
  message: string;
  request_id: string;
  data: T;
}

export type Sim = Awaited<ReturnType<typeof startTiktokSim>>;

export async function startSim(opts: TiktokSimOptions = {}): Promise<Sim> {
  return startTiktokSim(opts);
}

/**
 * A simulator for the enclosing describe block and a client for it (both usable from the start, the
 * simulator filled in place once listening). `token` (default true): the client carries a token of
 * alice. `resetEachTest`: the simulator is reset before each test and the client's token replaced.
 */
export function simPerFile(opts: { sim?: TiktokSimOptions; token?: boolean; resetEachTest?: boolean } = {}): { sim: Sim; api: TiktokClient } {
  const { token = true, resetEachTest = false } = opts;
  const setToken = async () => {
    api.token = token ? await mintToken(sim) : undefined;
  };
  const sim = worldPerFile(
    () => startSim(opts.sim),
    async (s) => {
      if (!resetEachTest) return;
      s.control.reset();
      await setToken();
    },
  );
  const api = new TiktokClient(sim);
  if (!resetEachTest) beforeAll(setToken);
  return { sim, api };
}

/** Encodes a GET query the TikTok way: arrays and objects as JSON strings. */
export function query(params: Record<string, unknown>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined) continue;
    q.set(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  return q.toString();
}

export class TiktokClient {
  constructor(
    readonly sim: Sim,
    public token?: string,
  ) {}

  private headers(): Record<string, string> {
    return this.token ? { 'Access-Token': this.token } : {};
  }

  async getRaw(path: string, params: Record<string, unknown> = {}): Promise<Response> {
    return fetch(`${this.sim.baseUrl}/open_api/v1.3${path}?${query(params)}`, { headers: this.headers() });
  }

  async get<T = Record<string, unknown>>(path: string, params: Record<string, unknown> = {}): Promise<Envelope<T>> {
    const res = await this.getRaw(path, params);
    expect(res.status).toBe(200);
    return (await res.json()) as Envelope<T>;
  }

  async post<T = Record<string, unknown>>(path: string, body: unknown): Promise<Envelope<T>> {
    const res = await fetch(`${this.sim.baseUrl}/open_api/v1.3${path}`, {
      method: 'POST',
      headers: { ...this.headers(), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as Envelope<T>;
  }
}

export async function control(sim: Sim, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${sim.baseUrl}/__sim${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

export async function mintToken(sim: Sim, user = 'alice', extra: Record<string, unknown> = {}): Promise<string> {
  const res = await control(sim, 'POST', '/tokens', { user, ...extra });
  expect(res.status).toBe(201);
  return ((await res.json()) as { access_token: string }).access_token;
}

export function expectError(env: Envelope<unknown> | unknown, code: number, message?: string | RegExp): void {
  const e = env as Envelope<unknown>;
  expect(e.code).toBe(code);
  expect(e.data).toEqual({});
  expect(typeof e.request_id).toBe('string');
  if (message !== undefined) expect(e.message).toMatch(message);
}

export function expectOk(env: Envelope<unknown>): void {
  expect({ code: env.code, message: env.message }).toEqual({ code: 0, message: 'OK' });
  expect(env.request_id).toMatch(/^\d{14}[0-9A-F]+$/);
}

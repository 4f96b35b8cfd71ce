/** Minimal Graph client for the contract tests: real HTTP via fetch, form-encoded POSTs like the SDKs. */
import { startFacebookSim, wellKnownToken, type FacebookSimOptions } from '../../simulators/facebook';
import { worldPerFile } from '../../helpers/world-per-file';

export type Sim = Awaited<ReturnType<typeof startFacebookSim>>;
export interface FbResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export type Params = Record<string, string | number | boolean | object | undefined>;

function encode(params: Params): URLSearchParams {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined) continue;
    q.set(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  return q;
}

export class FbClient {
  constructor(
    /** Settable: a per-file client is made before its simulator listens. */
    public baseUrl: string,
    public token?: string,
    readonly version = 'v25.0',
  ) {}

  url(path: string, params: Params = {}): string {
    const q = encode({ ...(this.token ? { access_token: this.token } : {}), ...params });
    const prefix = this.version ? `/${this.version}` : '';
    return `${this.baseUrl}${prefix}/${path.replace(/^\//, '')}?${q.toString()}`;
  }

  async get<T = any>(path: string, params: Params = {}): Promise<FbResponse<T>> {
    return read(await fetch(this.url(path, params)));
  }

  async post<T = any>(path: string, params: Params = {}): Promise<FbResponse<T>> {
    const body = encode({ ...(this.token ? { access_token: this.token } : {}), ...params });
    const prefix = this.version ? `/${this.version}` : '';
    return read(await fetch(`${this.baseUrl}${prefix}/${path.replace(/^\//, '')}`, { method: 'POST', body }));
  }

  async del<T = any>(path: string, params: Params = {}): Promise<FbResponse<T>> {
    return read(await fetch(this.url(path, params), { method: 'DELETE' }));
  }

  /** Follows `paging.next` to the end and returns every row. */
  async all<T = any>(path: string, params: Params = {}): Promise<{ rows: T[]; pages: number }> {
    let res = await this.get(path, params);
    const rows: T[] = [];
    let pages = 0;
    for (;;) {
      if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${JSON.stringify(res.body)}`);
      rows.push(...res.body.data);
      pages++;
      const next = res.body.paging?.next as string | undefined;
      if (!next) return { rows, pages };
      res = await read(await fetch(next));
    }
  }
}

async function read(r: Response): Promise<FbResponse> {
  const text = await r.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* html pages stay text */
  }
  return { status: r.status, body, headers: r.headers };
}

export async function simPost(baseUrl: string, path: string, body: unknown): Promise<FbResponse> {
  return read(await fetch(`${baseUrl}/__sim${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }));
}

export async function mintToken(baseUrl: string, body: { user?: string; expiresIn?: number; scopes?: string[]; appId?: string } = {}) {
  const res = await simPost(baseUrl, '/tokens', body);
  if (res.status !== 201) throw new Error(`mint failed ${res.status}`);
  return res.body as { access_token: string; user_id: string; page_tokens: Record<string, string> };
}

export function usage(headers: Headers, name: string): any {
  const v = headers.get(name);
  return v ? JSON.parse(v) : undefined;
}

/**
 * A simulator for the enclosing describe block and a Graph client for it with a well-known token of
 * `user` (both usable from the start; filled in once the simulator listens).
 */
export function simPerFile(opts: FacebookSimOptions = {}, user = 'alice'): { sim: Sim; fb: FbClient } {
  const sim = worldPerFile(() => startFacebookSim(opts));
  const fb = new FbClient('', wellKnownToken(user));
  beforeAll(() => {
    fb.baseUrl = sim.baseUrl;
  });
  return { sim, fb };
}

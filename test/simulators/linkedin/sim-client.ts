/** A small raw-HTTP client for the LinkedIn simulator's own tests: LinkedIn's headers by default. */
import { startLinkedinSim, type LinkedinSimOptions } from './index';

export type Sim = Awaited<ReturnType<typeof startLinkedinSim>>;

export const ALICE_US = 508000001;
export const ALICE_EU = 508000002;
export const ALICE_VIEW = 508000003;
export const BOB_GB = 508000011;

export const VERSION = '202609';

export interface Answer<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export class SimClient {
  token = '';

  constructor(readonly sim: Sim) {}

  headers(extra: Record<string, string | undefined> = {}): Record<string, string> {
    const h: Record<string, string | undefined> = { authorization: this.token ? `Bearer ${this.token}` : undefined, 'linkedin-version': VERSION, 'x-restli-protocol-version': '2.0.0', ...extra };
    return Object.fromEntries(Object.entries(h).filter(([, v]) => v !== undefined)) as Record<string, string>;
  }

  async call<T = Record<string, unknown>>(method: string, path: string, opts: { body?: unknown; headers?: Record<string, string | undefined>; form?: string } = {}): Promise<Answer<T>> {
    const headers = this.headers(opts.headers);
    let body: string | undefined;
    if (opts.form !== undefined) {
      body = opts.form;
      headers['content-type'] = 'application/x-www-form-urlencoded';
    } else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] = 'application/json';
    }
    const res = await fetch(`${this.sim.baseUrl}${path}`, { method, headers, body, redirect: 'manual' });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // a page, not JSON
    }
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  }

  get<T = Record<string, unknown>>(path: string, headers?: Record<string, string | undefined>) {
    return this.call<T>('GET', path, { headers });
  }

  async control<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.sim.baseUrl}/__sim${path}`, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** A fresh grant for a seeded member; becomes this client's token. */
  async mint(user = 'alice', scopes?: string[]): Promise<{ access_token: string; refresh_token: string }> {
    const t = await this.control<{ access_token: string; refresh_token: string }>('POST', '/tokens', { user, scopes });
    this.token = t.access_token;
    return t;
  }
}

/** One simulator per test file, reset before each test. */
export function simPerFile(opts: LinkedinSimOptions = {}): { client: SimClient } {
  const holder = {} as { client: SimClient };
  let sim: Sim;
  beforeAll(async () => {
    sim = await startLinkedinSim(opts);
    holder.client = new SimClient(sim);
  });
  beforeEach(async () => {
    await holder.client.control('POST', '/reset');
    await holder.client.control('POST', '/quota', {});
    await holder.client.mint();
  });
  afterAll(async () => {
    await sim?.close();
  });
  return holder;
}

export const urn = {
  account: (id: number) => `urn:li:sponsoredAccount:${id}`,
  group: (id: number | string) => `urn:li:sponsoredCampaignGroup:${id}`,
  campaign: (id: number | string) => `urn:li:sponsoredCampaign:${id}`,
};

/** Rest.li leaf encoding for test URLs: everything but unreserved characters. */
export const enc = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export function campaignBody(account: number, group: number | string, currency: string, extra: Record<string, unknown> = {}) {
  return {
    account: urn.account(account),
    campaignGroup: urn.group(group),
    name: 'Spring launch',
    type: 'SPONSORED_UPDATES',
    costType: 'CPC',
    unitCost: { amount: '4.00', currencyCode: currency },
    dailyBudget: { amount: '30.00', currencyCode: currency },
    locale: { country: 'US', language: 'en' },
    runSchedule: { start: Date.UTC(2026, 11, 1) },
    targetingCriteria: { include: { and: [{ or: { 'urn:li:adTargetingFacet:locations': ['urn:li:geo:103644278'] } }] } },
    status: 'DRAFT',
    ...extra,
  };
}

/**
 * The report scenario's reference: the very platform calls the report makes, sent straight to the
 * simulators. Each platform's report source is run once per account through a recording caller that
 * encodes its requests with the platform's own wire format (token, headers, query encoding) and sends
 * them; the timed passes then replay the recorded requests, each account's in order, with the
 * report's concurrency, reading every body to its end. No limiter, token source, retries, parsing or
 * row building: what the gateway adds is what the ratio shows.
 */
import { Pool } from 'undici';
import type { CallRequest, PlatformCaller } from '../../shared/platforms/core/caller';
import type { WireFormat } from '../../shared/platforms/core/http-client';
import type { ReportRequest, ReportSource } from '../../shared/platforms/core/report-source';
import { facebookWire } from '../../shared/platforms/facebook/client';
import { facebookDescriptor } from '../../shared/platforms/facebook/descriptor';
import { facebookReportSource } from '../../shared/platforms/facebook/report/report-source';
import { tiktokWire } from '../../shared/platforms/tiktok/client';
import { tiktokDescriptor } from '../../shared/platforms/tiktok/descriptor';
import { tiktokReportSource } from '../../shared/platforms/tiktok/report/report-source';
import { googleWire } from '../../shared/platforms/google/client';
import { googleDescriptor } from '../../shared/platforms/google/descriptor';
import { googleReportSource } from '../../shared/platforms/google/report/report-source';
import { linkedinWire } from '../../shared/platforms/linkedin/client';
import { linkedinDescriptor } from '../../shared/platforms/linkedin/descriptor';
import { linkedinReportSource } from '../../shared/platforms/linkedin/report/report-source';

export type ReportPlatform = 'facebook' | 'tiktok' | 'google' | 'linkedin';

interface RecordedCall {
  origin: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** What the simulator answered when the call was recorded. */
  answer: string;
}

/** One account's calls, in the order the report makes them. */
export interface AccountCalls {
  platform: ReportPlatform;
  accountId: string;
  calls: RecordedCall[];
}

export interface PlatformSetup {
  wire: WireFormat;
  source: ReportSource;
  appSecret?: string;
}

export function setupOf(platform: ReportPlatform, simUrl: string): PlatformSetup {
  switch (platform) {
    case 'facebook':
      return { wire: facebookWire(facebookDescriptor({ FACEBOOK_GRAPH_URL: simUrl, FACEBOOK_DIALOG_URL: simUrl }).apiBase), source: facebookReportSource, appSecret: 'sim-app-secret' };
    case 'tiktok':
      return { wire: tiktokWire(tiktokDescriptor({ TIKTOK_API_URL: simUrl, TIKTOK_AUTH_URL: simUrl }).apiBase), source: tiktokReportSource };
    case 'google':
      return { wire: googleWire(googleDescriptor({ GOOGLE_ADS_URL: simUrl, GOOGLE_OAUTH_URL: simUrl, GOOGLE_TOKEN_URL: simUrl, GOOGLE_ADS_API_VERSION: 'v23' }).apiBase), source: googleReportSource };
    case 'linkedin': {
      const d = linkedinDescriptor({ LINKEDIN_API_URL: simUrl, LINKEDIN_OAUTH_URL: simUrl });
      return { wire: linkedinWire({ apiBase: d.apiBase, apiVersion: d.apiVersion }), source: linkedinReportSource };
    }
  }
}

const pools = new Map<string, Pool>();
function poolFor(origin: string, connections: number): Pool {
  let p = pools.get(origin);
  if (!p) pools.set(origin, (p = new Pool(origin, { connections })));
  return p;
}

export async function closeDirectPools(): Promise<void> {
  await Promise.all([...pools.values()].map((p) => p.close()));
  pools.clear();
}

async function send(c: RecordedCall, connections: number): Promise<string> {
  const res = await poolFor(c.origin, connections).request({ method: c.method, path: c.path, headers: c.headers, body: c.body });
  const text = await res.body.text();
  if (res.statusCode >= 300) throw new Error(`direct ${c.method} ${c.path.slice(0, 120)}: ${res.statusCode} ${text.slice(0, 200)}`);
  return text;
}

function recordingCaller(platform: ReportPlatform, accountId: string, token: string, setup: PlatformSetup, calls: RecordedCall[], connections: number): PlatformCaller {
  const caller: PlatformCaller = {
    ref: { tenantId: 'bench', platform, connectionId: 'direct', platformAccountId: accountId },
    async request<T>(req: CallRequest): Promise<T> {
      const enc = setup.wire.encode({ ...req, kind: req.kind ?? (req.method === 'GET' ? 'read' : 'write') }, token, { appSecret: setup.appSecret });
      const url = new URL(enc.url);
      const call: RecordedCall = { origin: url.origin, method: req.method, path: url.pathname + url.search, headers: { ...enc.headers, ...(req.headers ?? {}) }, body: enc.body, answer: '' };
      calls.push(call);
      call.answer = await send(call, connections);
      const body: unknown = JSON.parse(call.answer);
      return (setup.wire.unwrap ? setup.wire.unwrap(body) : body) as T;
    },
    app: async () => ({ clientId: 'direct', extras: {} }),
    forAccount: () => caller,
  };
  return caller;
}

/** Runs each account's report source once, directly, and keeps the requests it made. */
export async function recordReportCalls(
  accounts: ReadonlyArray<{ platform: ReportPlatform; accountId: string }>,
  sims: Record<ReportPlatform, { url: string; token: string }>,
  req: ReportRequest,
  connections: number,
): Promise<AccountCalls[]> {
  const out: AccountCalls[] = [];
  for (const a of accounts) {
    const setup = setupOf(a.platform, sims[a.platform].url);
    const calls: RecordedCall[] = [];
    const got = await setup.source.rows(recordingCaller(a.platform, a.accountId, sims[a.platform].token, setup, calls, connections), req);
    if (!got.rows.length) throw new Error(`${a.platform} ${a.accountId}: the report source read no rows`);
    out.push({ ...a, calls });
  }
  return out;
}

/**
 * One reference pass: every account's recorded calls, `concurrency` accounts at a time. `parse`: each
 * answer is also parsed (`JSON.parse`), as any client that uses the rows must: a second, informative
 * reference beside the target's, which parses nothing.
 */
export async function replay(accounts: readonly AccountCalls[], concurrency: number, parse = false): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, accounts.length) }, async () => {
      while (next < accounts.length) {
        const a = accounts[next++]!;
        for (const c of a.calls) {
          const text = await send(c, concurrency);
          if (parse) JSON.parse(text);
        }
      }
    }),
  );
}

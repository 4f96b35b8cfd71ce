import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import IORedis from 'ioredis';
import pino from 'pino';
import { loadConfig, type Config } from '../../../shared/infra/config';
import { callerFactory, type CallerFor } from '../../../shared/platforms/core/caller';
import { OutboundLimiter, type Grant } from '../../../shared/platforms/core/limiter';
import { createGoogleAdapter } from '../../../shared/platforms/google';
import { searchStreamCall, rowsFromStream } from '../../../shared/platforms/google/operations/search';
import { GoogleAdsService } from '../../../shared/platforms/google/reporting/google-ads.service';
import type { PlatformAdapter } from '../../../shared/platforms/core/types';
import { uniquePrefix } from '../../world/app';

/*
 * A GAQL fan-out's calls go over Google's fan-out connections, shared fairly by concurrent
 * fan-outs. The platform here holds every fan-out search until the test answers it, so which
 * calls are in flight is read at the platform, never timed.
 */

const QUERY = 'SELECT customer.id FROM customer';
const accounts = (first: number, n: number) => Array.from({ length: n }, (_, i) => String(first + i));

/** A Google Ads host that holds the searches of `holding` accounts and answers every other at once. */
class HoldingGoogle {
  readonly held: Array<{ id: string; res: ServerResponse }> = [];
  readonly holding = new Set<string>();
  private waiters: Array<() => void> = [];
  server: Server = createServer((req, res) => this.onRequest(req, res));

  private onRequest(req: IncomingMessage, res: ServerResponse) {
    const id = /customers\/(\d+)\/googleAds:searchStream/.exec(req.url ?? '')?.[1] ?? '';
    req.resume();
    req.on('end', () => {
      if (!this.holding.has(id)) return answer(id, res);
      this.held.push({ id, res });
      for (const w of this.waiters) w();
    });
  }

  /** Resolves once `check` holds for the calls held (checked at each arrival). */
  until(check: (ids: string[]) => boolean): Promise<void> {
    return new Promise((resolve) => {
      const w = () => {
        if (!check(this.held.map((h) => h.id))) return;
        this.waiters = this.waiters.filter((x) => x !== w);
        resolve();
      };
      this.waiters.push(w);
      w();
    });
  }

  /** Answers the first `n` held calls of these accounts (all of them without `n`). */
  release(of: readonly string[], n = Infinity) {
    for (const h of this.held.filter((x) => of.includes(x.id)).slice(0, n)) {
      this.held.splice(this.held.indexOf(h), 1);
      answer(h.id, h.res);
    }
  }
}

function answer(id: string, res: ServerResponse) {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify([{ results: [{ customer: { id } }] }]));
}

const google = new HoldingGoogle();
let config: Config;
let redis: IORedis;
let limiter: OutboundLimiter;
const grants: Grant[] = [];
const opened: Array<{ adapter: PlatformAdapter }> = [];

beforeAll(async () => {
  await new Promise<void>((r) => google.server.listen(0, '127.0.0.1', r));
  config = loadConfig(process.env);
  redis = new IORedis(config.REDIS_URL);
  limiter = new OutboundLimiter({ redisUrl: config.REDIS_URL, redis, prefix: uniquePrefix('lanes'), logger: pino({ level: 'silent' }), readDeadlineMs: 5000, onGrant: (g) => grants.push(g) });
});
afterAll(async () => {
  await Promise.all(opened.map((o) => (o.adapter.client as unknown as { close(): Promise<void> }).close()));
  await limiter.close();
  redis.disconnect();
  await new Promise<void>((r) => google.server.close(() => r()));
});

/** Google's adapter and the GAQL service of one replica, against the holding host. */
function replica(settings: { fanOutConnections: number; concurrency: number }): { callerFor: CallerFor; service: GoogleAdsService } {
  const base = `http://127.0.0.1:${(google.server.address() as AddressInfo).port}`;
  const platformConfig = { GOOGLE_ADS_URL: base, GOOGLE_FANOUT_CONNECTIONS: settings.fanOutConnections };
  const adapter = createGoogleAdapter({ config, platformConfig, http: { limiter, logger: pino({ level: 'silent' }), connectTimeoutMs: 2000, responseTimeoutMs: 30_000, maxRetries: 0 } });
  opened.push({ adapter });
  const callerFor = callerFactory(() => ({
    adapter: () => adapter,
    tokenSource: async (connectionId) => ({ connectionId, appKey: `app-${connectionId}`, get: async () => `token-of-${connectionId}` }),
    appFor: async (c) => ({ clientId: `app-${c.tenantId}`, clientSecret: 'secret', extras: {} }),
  }));
  const service = new GoogleAdsService({
    redis: redis as never,
    prefix: uniquePrefix('gaql'),
    logger: pino({ level: 'silent' }),
    concurrency: settings.concurrency,
    fanOutConnections: settings.fanOutConnections,
    maxAccounts: 100,
    currencyTtlSeconds: 0,
  });
  return { callerFor, service };
}

/** One tenant's GAQL over its accounts (currencies known, so only the searches are made). */
function fanOut(r: ReturnType<typeof replica>, tenant: string, ids: string[]) {
  const owner = r.callerFor({ tenantId: tenant, platform: 'google', connectionId: `conn-${tenant}` });
  const targets = ids.map((id) => owner.forAccount({ platformAccountId: id, loginCustomerId: null }));
  return r.service.runGaql(targets, QUERY, new Map(ids.map((id) => [id, 'USD'])));
}

const grantedAccounts = () => new Set(grants.flatMap((g) => g.keys.map((k) => /:account:(\d+)$/.exec(k)?.[1]).filter(Boolean)));

it('while a 100-account fan-out holds all the fan-out connections, another tenant’s plain read is served', async () => {
  const r = replica({ fanOutConnections: 64, concurrency: 100 });
  const ids = accounts(1_000_000_001, 100);
  for (const id of ids) google.holding.add(id);
  const gaql = fanOut(r, 'alice', ids);
  await google.until((held) => held.length === 64);

  const bob = r.callerFor({ tenantId: 'bob', platform: 'google', connectionId: 'conn-bob', platformAccountId: '9000000001', loginCustomerId: null });
  const rows = rowsFromStream(await bob.request({ ...searchStreamCall('9000000001', QUERY), kind: 'read' }));
  expect(rows).toEqual([{ customer: { id: '9000000001' } }]);
  // The fan-out still has only its own connections' worth of calls in flight.
  expect(google.held).toHaveLength(64);

  google.holding.clear();
  google.release(ids);
  const result = await gaql;
  expect(result.data).toEqual(ids.map((id) => ({ customer: { id } })));
  expect(result.failedAccountIds).toBeUndefined();
  // The outbound limiter decided every call, each against its own account's budget.
  expect([...ids, '9000000001'].filter((id) => !grantedAccounts().has(id))).toEqual([]);
});

it('two tenants’ concurrent fan-outs both progress: the places the first frees go to the second until they run equally', async () => {
  const r = replica({ fanOutConnections: 8, concurrency: 8 });
  const a = accounts(2_000_000_001, 20);
  const b = accounts(3_000_000_001, 20);
  for (const id of [...a, ...b]) google.holding.add(id);
  const gaqlA = fanOut(r, 'carol', a);
  await google.until((held) => held.length === 8);
  const gaqlB = fanOut(r, 'dave', b);
  const inFlight = (held: string[], of: string[]) => held.filter((id) => of.includes(id)).length;

  google.release(a, 4);
  await google.until((held) => inFlight(held, b) === 4);
  expect(inFlight(google.held.map((h) => h.id), a)).toBe(4);

  google.holding.clear();
  google.release([...a, ...b]);
  const [ra, rb] = await Promise.all([gaqlA, gaqlB]);
  expect(ra.data).toEqual(a.map((id) => ({ customer: { id } })));
  expect(rb.data).toEqual(b.map((id) => ({ customer: { id } })));
});

/**
 * 8. Report: one GET /api/v1/reports over 50 accounts, campaign level, daily, 30 days, one request at
 * a time, against the same 50 platform calls (the searchStream the report makes per account) made
 * directly to the simulator with the report's own concurrency (8 at a time). Both are back-to-back
 * passes timed with performance.now() over warm keep-alive pools.
 *
 * The 50 accounts are the Google simulator's fan-out accounts of the `bench` user (the only user
 * with 50 accounts on one simulator); the other platforms' simulators seed a handful per user, so
 * the four-platform mix is covered by the component tests, not by this figure.
 */
import { Pool } from 'undici';
import { fanoutAccountIds } from '../lib/google-fanout-seed';
import type { Scenario } from '../lib/context';
import { median, repeat } from '../lib/load';
import { simToken } from '../lib/sims';
import { call, expectStatus, ownerWithAccounts } from '../lib/setup';
import { insightsQuery } from '../../shared/platforms/google/operations/insights';
import { googleReportInput } from '../../shared/platforms/google/report/report-source';

const ACCOUNTS = fanoutAccountIds(50);
const VERSION = 'v23';
const CONCURRENCY = 8;
const DAY = 86_400_000;

function range(): { from: string; to: string } {
  const end = Math.floor(Date.now() / DAY) * DAY - DAY;
  const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
  return { from: iso(end - 29 * DAY), to: iso(end) };
}

async function bounded(items: readonly string[], limit: number, fn: (id: string) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: limit }, async () => {
    while (next < items.length) await fn(items[next++]!);
  }));
}

async function timedPasses(seconds: number, pass: () => Promise<void>) {
  const times: number[] = [];
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    const start = performance.now();
    await pass();
    times.push(performance.now() - start);
  }
  const s = [...times].sort((a, b) => a - b);
  return { p50: median(times), p99: s[Math.min(s.length - 1, Math.floor(s.length * 0.99))]!, requests: times.length };
}

export const reportScenario: Scenario = {
  id: 'report',
  title: 'Report: 50 accounts, campaign level, daily, 30 days',
  async run(ctx) {
    const sim = await ctx.sim('google');
    const env = await ctx.env(['google'], { GOOGLE_ACCOUNT_RPS: '0', GOOGLE_APP_RPS: '0' });
    const api = await ctx.api(env, 'api-report');
    const owner = await ownerWithAccounts(api.url, { platform: 'google', simUrl: sim.baseUrl, simUser: 'bench', accounts: ACCOUNTS });
    const auth = { authorization: `Bearer ${owner.token}` };
    const r = range();
    const path = `/api/v1/reports?${new URLSearchParams({ adAccountIds: ACCOUNTS.map((id) => `google:${id}`).join(','), ...r, level: 'campaign', granularity: 'day', limit: '5000' })}`;
    const probe = expectStatus(await call(api.url, 'GET', path, { headers: auth }), 200, 'gateway report') as { rows: unknown[]; errors: unknown[] };
    if (probe.errors.length) throw new Error(`report left out ${probe.errors.length} accounts`);
    const gaql = insightsQuery(googleReportInput({ ...r, level: 'campaign', granularity: 'day' })).query;
    const token = await simToken(sim.baseUrl, 'bench');
    const pool = new Pool(sim.baseUrl, { connections: CONCURRENCY });
    const gateway = new Pool(api.url, { connections: 1 });
    const direct = () =>
      bounded(ACCOUNTS, CONCURRENCY, async (id) => {
        const res = await pool.request({
          method: 'POST',
          path: `/${VERSION}/customers/${id}/googleAds:searchStream`,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'login-customer-id': id },
          body: JSON.stringify({ query: gaql }),
        });
        const text = await res.body.text();
        if (res.statusCode !== 200) throw new Error(`simulator searchStream ${id}: ${res.statusCode} ${text.slice(0, 200)}`);
      });
    const viaGateway = async () => {
      const res = await gateway.request({ method: 'GET', path, headers: auth });
      const text = await res.body.text();
      if (res.statusCode !== 200) throw new Error(`gateway report: ${res.statusCode} ${text.slice(0, 200)}`);
    };
    try {
      await timedPasses(ctx.settings.warmupS, viaGateway);
      await direct();
      const runs = await repeat(ctx.settings.repeats, async () => {
        const g = await timedPasses(ctx.settings.durationS, viaGateway);
        const d = await timedPasses(ctx.settings.referenceS, direct);
        return { gP50: g.p50, gP99: g.p99, dP50: d.p50, dP99: d.p99 };
      });
      const m = runs.median;
      return {
        status: 'ok',
        rows: [
          { label: `50 calls direct, ${CONCURRENCY} at a time`, p50: m.dP50, p99: m.dP99 },
          { label: 'gateway report over 50 accounts', p50: m.gP50, p99: m.gP99, other: `p50 ${(m.gP50 / m.dP50).toFixed(2)}× direct` },
        ],
        targets: [{ name: 'report p50 vs the same calls direct, same concurrency', expected: '≤ 1.3×', actual: `${(m.gP50 / m.dP50).toFixed(2)}×`, met: m.gP50 / m.dP50 <= 1.3 }],
        notes: [`${probe.rows.length} rows per report (the fan-out accounts have no metric history); Google pacing off; report concurrency ${CONCURRENCY}`],
        details: { runs: runs.runs },
      };
    } finally {
      await Promise.all([pool.close(), gateway.close()]);
    }
  },
};

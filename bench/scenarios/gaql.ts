/**
 * 6. GAQL fan-out: one GET /api/v1/google/gaql over 50 accounts (autocannon, one request at a time),
 * against the same 50 searchStream calls made directly to the simulator sequentially and with
 * unbounded concurrency (the references are single timed passes over a warm keep-alive pool,
 * repeated for the same load time; they are not load, they are what the fan-out is compared to).
 */
import { Pool } from 'undici';
import { fanoutAccountIds } from '../lib/google-fanout-seed';
import type { BenchContext, Scenario } from '../lib/context';
import { assertHealthy, load, median, repeat } from '../lib/load';
import { withCpu } from '../lib/processes';
import { simToken } from '../lib/sims';
import { call, expectStatus, ownerWithAccounts } from '../lib/setup';

const ACCOUNTS = fanoutAccountIds(50);
const GAQL = 'SELECT campaign.id, campaign.name, campaign.status FROM campaign';
const VERSION = 'v23';

async function directPass(pool: Pool, token: string, concurrent: boolean): Promise<number> {
  const one = async (id: string) => {
    const r = await pool.request({
      method: 'POST',
      path: `/${VERSION}/customers/${id}/googleAds:searchStream`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'login-customer-id': id },
      body: JSON.stringify({ query: GAQL }),
    });
    const text = await r.body.text();
    if (r.statusCode !== 200) throw new Error(`simulator searchStream ${id}: ${r.statusCode} ${text.slice(0, 200)}`);
  };
  const t0 = performance.now();
  if (concurrent) await Promise.all(ACCOUNTS.map(one));
  else for (const id of ACCOUNTS) await one(id);
  return performance.now() - t0;
}

async function timedPasses(ctx: BenchContext, pool: Pool, token: string, concurrent: boolean) {
  const times: number[] = [];
  const until = Date.now() + ctx.settings.referenceS * 1000;
  while (Date.now() < until) times.push(await directPass(pool, token, concurrent));
  const s = [...times].sort((a, b) => a - b);
  return { p50: median(times), p99: s[Math.min(s.length - 1, Math.floor(s.length * 0.99))]!, passes: times.length };
}

export const gaqlScenario: Scenario = {
  id: 'gaql',
  title: 'GAQL fan-out: one query over 50 accounts',
  async run(ctx) {
    const sim = await ctx.sim('google');
    // Per-account pacing off: back-to-back queries would otherwise measure GOOGLE_ACCOUNT_RPS.
    const env = await ctx.env(['google'], { GOOGLE_ACCOUNT_RPS: '0', GOOGLE_APP_RPS: '0' });
    const api = await ctx.api(env, 'api-gaql');
    const owner = await ownerWithAccounts(api.url, { platform: 'google', simUrl: sim.baseUrl, simUser: 'bench', accounts: ACCOUNTS });
    const auth = { authorization: `Bearer ${owner.token}` };
    const path = `/api/v1/google/gaql?adAccountId=${ACCOUNTS.join(',')}&query=${encodeURIComponent(GAQL)}`;
    const probe = expectStatus(await call(api.url, 'GET', path, { headers: auth }), 200, 'gateway GAQL fan-out') as { data: unknown[]; accountIds: string[]; failedAccountIds?: string[] };
    if (probe.accountIds?.length !== ACCOUNTS.length || probe.failedAccountIds?.length) {
      throw new Error(`fan-out covered ${probe.accountIds?.length} accounts, failed ${probe.failedAccountIds?.length ?? 0}`);
    }
    const token = await simToken(sim.baseUrl, 'bench');
    const pool = new Pool(sim.baseUrl, { connections: 64 });
    try {
      await load({ url: api.url + path, headers: auth, connections: 1, durationS: ctx.settings.warmupS });
      await directPass(pool, token, true);
      const runs = await repeat(ctx.settings.repeats, async () => {
        const g = await withCpu({ api: api.child.pid, sim: sim.child.pid }, () => load({ url: api.url + path, headers: auth, connections: 1, durationS: ctx.settings.durationS }));
        assertHealthy('gaql fan-out', g);
        const seq = await timedPasses(ctx, pool, token, false);
        const par = await timedPasses(ctx, pool, token, true);
        return { gP50: g.p50, gP99: g.p99, gRps: g.rps, apiCpu: g.cpuMsPerRequest.api!, simCpu: g.cpuMsPerRequest.sim!, seqP50: seq.p50, seqP99: seq.p99, parP50: par.p50, parP99: par.p99 };
      });
      const m = runs.median;
      return {
        status: 'ok',
        rows: [
          { label: '50 calls direct, sequential', p50: m.seqP50, p99: m.seqP99 },
          { label: '50 calls direct, unbounded concurrency', p50: m.parP50, p99: m.parP99 },
          {
            label: 'gateway GAQL over 50 accounts',
            rps: m.gRps,
            p50: m.gP50,
            p99: m.gP99,
            other: `p50 ${(m.gP50 / m.seqP50).toFixed(2)}× sequential, ${(m.gP50 / m.parP50).toFixed(2)}× unbounded; CPU/query: api ${m.apiCpu.toFixed(1)} ms, simulator ${m.simCpu.toFixed(1)} ms`,
          },
        ],
        targets: [{ name: 'GAQL p50 over 50 accounts vs unbounded direct', expected: '≤ 1.2×', actual: `${(m.gP50 / m.parP50).toFixed(2)}×`, met: m.gP50 / m.parP50 <= 1.2 }],
        notes: [
          `${probe.data.length} rows per answer; gateway concurrency GOOGLE_GAQL_CONCURRENCY (default 4); Google pacing off; gateway ${ctx.settings.durationS} s × ${ctx.settings.repeats}, references ${ctx.settings.referenceS} s × ${ctx.settings.repeats} of back-to-back passes (medians)`,
        ],
        details: { runs: runs.runs },
      };
    } finally {
      await pool.close();
    }
  },
};

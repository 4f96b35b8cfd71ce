/**
 * 6. GAQL fan-out: one GET /api/v1/google/gaql over 50 accounts (one request at a time), against the
 * same 50 searchStream calls made directly to the simulator sequentially and with unbounded
 * concurrency. All three are back-to-back timed passes over warm keep-alive pools.
 */
import { Pool } from 'undici';
import { fanoutAccountIds } from '../lib/google-fanout-seed';
import type { Scenario } from '../lib/context';
import { repeat, timedPasses } from '../lib/load';
import { withCpu } from '../lib/processes';
import { simToken } from '../lib/sims';
import { call, expectStatus, ownerWithAccounts } from '../lib/setup';

const ACCOUNTS = fanoutAccountIds(50);
const GAQL = 'SELECT campaign.id, campaign.name, campaign.status FROM campaign';
const VERSION = 'v23';

async function directPass(pool: Pool, token: string, concurrent: boolean): Promise<void> {
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
  if (concurrent) await Promise.all(ACCOUNTS.map(one));
  else for (const id of ACCOUNTS) await one(id);
}

/** One gateway fan-out query, answered 200. */
async function gatewayPass(pool: Pool, path: string, auth: Record<string, string>): Promise<void> {
  const r = await pool.request({ method: 'GET', path, headers: auth });
  const text = await r.body.text();
  if (r.statusCode !== 200) throw new Error(`gateway GAQL: ${r.statusCode} ${text.slice(0, 200)}`);
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
    const gateway = new Pool(api.url, { connections: 1 });
    const viaGateway = () => gatewayPass(gateway, path, auth);
    try {
      await timedPasses(ctx.settings.warmupS, viaGateway);
      await directPass(pool, token, true);
      const runs = await repeat(ctx.settings.repeats, async () => {
        const g = await withCpu({ api: api.child.pid, sim: sim.child.pid }, () => timedPasses(ctx.settings.durationS, viaGateway));
        const seq = await timedPasses(ctx.settings.referenceS, () => directPass(pool, token, false));
        const par = await withCpu({ sim: sim.child.pid }, () => timedPasses(ctx.settings.referenceS, () => directPass(pool, token, true)));
        return { gP50: g.p50, gP99: g.p99, gRps: g.rps, apiCpu: g.cpuMsPerRequest.api!, simCpu: g.cpuMsPerRequest.sim!, seqP50: seq.p50, seqP99: seq.p99, parP50: par.p50, parP99: par.p99, simCpuDirect: par.cpuMsPerRequest.sim! };
      });
      const m = runs.median;
      // The same fan-out with every core also busy elsewhere (`--contended`) is allowed a little more.
      const limit = ctx.settings.contended ? 1.2 : 1.1;
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
            other: `p50 ${(m.gP50 / m.seqP50).toFixed(2)}× sequential, ${(m.gP50 / m.parP50).toFixed(2)}× unbounded; CPU/query: api ${m.apiCpu.toFixed(1)} ms, simulator ${m.simCpu.toFixed(1)} ms (${m.simCpuDirect.toFixed(1)} ms for the 50 direct calls)`,
          },
        ],
        targets: [{ name: 'GAQL p50 over 50 accounts vs unbounded direct', expected: `≤ ${limit}×`, actual: `${(m.gP50 / m.parP50).toFixed(2)}×`, met: m.gP50 / m.parP50 <= limit }],
        notes: [
          `${probe.data.length} rows per answer; gateway concurrency GOOGLE_GAQL_CONCURRENCY (default 50) over GOOGLE_FANOUT_CONNECTIONS (default 64); Google pacing off; gateway ${ctx.settings.durationS} s × ${ctx.settings.repeats}, references ${ctx.settings.referenceS} s × ${ctx.settings.repeats} of back-to-back passes timed with performance.now() (medians)`,
        ],
        details: { runs: runs.runs },
      };
    } finally {
      await Promise.all([pool.close(), gateway.close()]);
    }
  },
};

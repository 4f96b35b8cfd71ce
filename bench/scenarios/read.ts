/**
 * 1. Read path: GET /api/v1/tiktok/assets (Bearer, guard, limiter, upstream call, envelope) against
 * the zero-latency TikTok simulator, next to the baseline proxy (Express 5 + one undici hop + the
 * same envelope) measured in the same run, interleaved run by run so drift hits both alike.
 */
import type { BenchContext, Scenario } from '../lib/context';
import { assertHealthy, load, repeat, type LoadResult } from '../lib/load';
import { withCpu } from '../lib/processes';
import { startBaseline } from '../lib/sims';
import { call, expectStatus, ownerWithAccounts } from '../lib/setup';

export const READ_ACCOUNT = '7000000000000000011';
export const READ_CONNECTIONS = 32;
export const BASELINE_KEY = 'read.baseline';
export const READ_QUERY = `adAccountId=${READ_ACCOUNT}&level=campaign&page=1&pageSize=10`;

/**
 * The outbound limiter stays on the path (pause keys are checked on every call) but unpaced: the
 * default TikTok app pacing (10 calls/s) would measure the configured platform budget, not the
 * gateway. Scenario 4 measures pacing.
 */
export const UNPACED_TIKTOK = { TIKTOK_APP_RPS: '0', TIKTOK_ACCOUNT_RPS: '0' };

/** Checks one answer is a real success with the TikTok list shape, so load numbers mean something. */
export async function probeRead(url: string, headers: Record<string, string>, what: string): Promise<void> {
  const r = await call(url, 'GET', `/api/v1/tiktok/assets?${READ_QUERY}`, { headers });
  const data = expectStatus(r, 200, what) as { list?: unknown[] };
  if (!Array.isArray(data?.list) || data.list.length === 0) throw new Error(`${what}: no list in ${JSON.stringify(r.body).slice(0, 300)}`);
}

/** One measured run; `pids` names processes whose CPU per request is reported (the server under test, the simulator). */
export async function measure(
  ctx: BenchContext,
  label: string,
  url: string,
  headers: Record<string, string>,
  pids: Record<string, number> = {},
): Promise<LoadResult & { cpuMsPerRequest: Record<string, number> }> {
  const spec = { url: `${url}/api/v1/tiktok/assets?${READ_QUERY}`, headers, connections: READ_CONNECTIONS };
  const r = await withCpu(pids, () => load({ ...spec, durationS: ctx.settings.durationS }));
  assertHealthy(label, r);
  return r;
}

export const cpuNote = (cpu: { server: number; sim: number }, server: string) => `CPU/req: ${server} ${cpu.server.toFixed(2)} ms, simulator ${cpu.sim.toFixed(2)} ms`;

export async function warm(ctx: BenchContext, url: string, headers: Record<string, string>): Promise<void> {
  await load({ url: `${url}/api/v1/tiktok/assets?${READ_QUERY}`, headers, connections: READ_CONNECTIONS, durationS: ctx.settings.warmupS });
}

export const readScenario: Scenario = {
  id: 'read',
  title: 'Read path: GET /api/v1/tiktok/assets vs the baseline proxy',
  async run(ctx) {
    const sim = await ctx.sim('tiktok');
    const api = await ctx.api(await ctx.env(['tiktok'], UNPACED_TIKTOK), 'api-read');
    const owner = await ownerWithAccounts(api.url, { platform: 'tiktok', simUrl: sim.baseUrl, simUser: 'alice', accounts: [READ_ACCOUNT] });
    const baseline = await startBaseline(sim.baseUrl, owner.platformToken, ctx.logDir, ctx.settings.cpuProf ? ctx.profDir : undefined);
    try {
      const auth = { authorization: `Bearer ${owner.token}` };
      await probeRead(baseline.url, {}, 'baseline read');
      await probeRead(api.url, auth, 'gateway read');
      await warm(ctx, baseline.url, {});
      await warm(ctx, api.url, auth);
      const runs = await repeat(ctx.settings.repeats, async () => {
        const b = await measure(ctx, 'baseline', baseline.url, {}, { server: baseline.child.pid, sim: sim.child.pid });
        const g = await measure(ctx, 'gateway', api.url, auth, { server: api.child.pid, sim: sim.child.pid });
        return {
          bRps: b.rps, bP50: b.p50, bP99: b.p99, bCpu: b.cpuMsPerRequest.server!, bSimCpu: b.cpuMsPerRequest.sim!,
          gRps: g.rps, gP50: g.p50, gP99: g.p99, gCpu: g.cpuMsPerRequest.server!, gSimCpu: g.cpuMsPerRequest.sim!,
        };
      });
      const m = runs.median;
      ctx.shared.set(BASELINE_KEY, { rps: m.bRps, p50: m.bP50, p99: m.bP99, cpu: m.bCpu, simCpu: m.bSimCpu });
      const ratio = m.gRps / m.bRps;
      const p99x = m.gP99 / m.bP99;
      const cpuX = m.gCpu / m.bCpu;
      return {
        status: 'ok',
        rows: [
          { label: 'baseline proxy (express + undici)', rps: m.bRps, p50: m.bP50, p99: m.bP99, other: cpuNote({ server: m.bCpu, sim: m.bSimCpu }, 'proxy') },
          {
            label: 'gateway, Bearer',
            rps: m.gRps,
            p50: m.gP50,
            p99: m.gP99,
            other: `${(ratio * 100).toFixed(0)} % of baseline req/s, p99 ×${p99x.toFixed(2)}; ${cpuNote({ server: m.gCpu, sim: m.gSimCpu }, 'api')}`,
          },
        ],
        targets: [
          { name: 'gateway req/s vs baseline', expected: '≥ 90 %', actual: `${(ratio * 100).toFixed(1)} %`, met: ratio >= 0.9 },
          { name: 'api CPU per request vs the proxy', expected: '≤ 1.2×', actual: `${cpuX.toFixed(2)}× (${m.gCpu.toFixed(2)} vs ${m.bCpu.toFixed(2)} ms)`, met: cpuX <= 1.2 },
          { name: 'gateway p99 vs baseline', expected: '≤ 2×', actual: `${p99x.toFixed(2)}×`, met: p99x <= 2 },
        ],
        notes: [`${READ_CONNECTIONS} connections, ${ctx.settings.durationS} s × ${ctx.settings.repeats} (median), simulator latency 0, limiter unpaced (TIKTOK_*_RPS=0)`],
        details: { runs: runs.runs },
      };
    } finally {
      await baseline.child.stop();
    }
  },
};

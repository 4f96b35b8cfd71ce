/**
 * Passthrough proxy: `GET /api/v1/tiktok/proxy/campaign/get/` (Bearer, path rules, guard, limiter,
 * upstream call, token scan, envelope) against the zero-latency TikTok simulator, next to the same
 * simulator call made directly (its own `Access-Token`), and next to the wrapped read of scenario
 * `read` (`GET /api/v1/tiktok/assets`, which sends the same call), all in the same run, interleaved.
 */
import type { Scenario } from '../lib/context';
import { assertHealthy, load, repeat } from '../lib/load';
import { withCpu } from '../lib/processes';
import { call, expectStatus, ownerWithAccounts } from '../lib/setup';
import { measure, READ_ACCOUNT, READ_CONNECTIONS, UNPACED_TIKTOK } from './read';

const QUERY = `advertiser_id=${READ_ACCOUNT}&page=1&page_size=10`;
const DIRECT_PATH = `/open_api/v1.3/campaign/get/?${QUERY}`;
const PROXY_PATH = `/api/v1/tiktok/proxy/campaign/get/?${QUERY}`;

export const proxyScenario: Scenario = {
  id: 'proxy',
  title: 'Proxy: GET /api/v1/tiktok/proxy/campaign/get/ vs the same simulator call made directly',
  async run(ctx) {
    const sim = await ctx.sim('tiktok');
    const api = await ctx.api(await ctx.env(['tiktok'], UNPACED_TIKTOK), 'api-proxy');
    const owner = await ownerWithAccounts(api.url, { platform: 'tiktok', simUrl: sim.baseUrl, simUser: 'alice', accounts: [READ_ACCOUNT] });
    const auth = { authorization: `Bearer ${owner.token}` };
    const direct = { 'access-token': owner.platformToken };
    const probe = expectStatus(await call(api.url, 'GET', PROXY_PATH, { headers: auth }), 200, 'proxied read') as { list?: unknown[] };
    if (!Array.isArray(probe?.list) || probe.list.length === 0) throw new Error(`proxied read: no list in ${JSON.stringify(probe).slice(0, 300)}`);
    const run = async (label: string, url: string, headers: Record<string, string>, durationS: number, pid?: number) => {
      const r = await withCpu({ server: pid ?? sim.child.pid, sim: sim.child.pid }, () => load({ url, headers, connections: READ_CONNECTIONS, durationS }));
      assertHealthy(label, r);
      return r;
    };
    await run('direct warm-up', `${sim.baseUrl}${DIRECT_PATH}`, direct, ctx.settings.warmupS);
    await run('proxy warm-up', `${api.url}${PROXY_PATH}`, auth, ctx.settings.warmupS, api.child.pid);
    const runs = await repeat(ctx.settings.repeats, async () => {
      const d = await run('direct', `${sim.baseUrl}${DIRECT_PATH}`, direct, ctx.settings.durationS);
      const p = await run('proxy', `${api.url}${PROXY_PATH}`, auth, ctx.settings.durationS, api.child.pid);
      const r = await measure(ctx, 'wrapped read', api.url, auth, { server: api.child.pid, sim: sim.child.pid });
      return {
        dRps: d.rps, dP50: d.p50, dP99: d.p99,
        pRps: p.rps, pP50: p.p50, pP99: p.p99, pCpu: p.cpuMsPerRequest.server!,
        rRps: r.rps, rP50: r.p50, rP99: r.p99, rCpu: r.cpuMsPerRequest.server!,
      };
    });
    const m = runs.median;
    const p50x = m.pP50 / Math.max(m.dP50, 0.001);
    const cpuX = m.pCpu / m.rCpu;
    return {
      status: 'ok',
      rows: [
        { label: 'simulator called directly', rps: m.dRps, p50: m.dP50, p99: m.dP99, other: '' },
        { label: 'gateway proxy, Bearer', rps: m.pRps, p50: m.pP50, p99: m.pP99, other: `api CPU/req ${m.pCpu.toFixed(2)} ms` },
        { label: 'gateway wrapped read (scenario read)', rps: m.rRps, p50: m.rP50, p99: m.rP99, other: `api CPU/req ${m.rCpu.toFixed(2)} ms` },
      ],
      targets: [
        { name: 'proxied read p50 vs the direct call', expected: '≤ 1.15×', actual: `${p50x.toFixed(2)}× (${m.pP50.toFixed(2)} vs ${m.dP50.toFixed(2)} ms)`, met: p50x <= 1.15 },
        { name: 'api CPU per request vs the wrapped read', expected: '≤ 1×', actual: `${cpuX.toFixed(2)}× (${m.pCpu.toFixed(2)} vs ${m.rCpu.toFixed(2)} ms)`, met: cpuX <= 1 },
      ],
      notes: [`${READ_CONNECTIONS} connections, ${ctx.settings.durationS} s × ${ctx.settings.repeats} (median), simulator latency 0, limiter unpaced (TIKTOK_*_RPS=0)`],
      details: { runs: runs.runs },
    };
  },
};

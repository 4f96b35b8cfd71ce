/**
 * 9. MCP overhead: the tool call `list_campaigns` (TikTok, one page of 10) over POST /mcp against the
 * REST read it runs (GET /api/v1/tiktok/assets, the same route in process), same account, same
 * connections, interleaved run by run in one gateway process. The MCP side is a stateless
 * `tools/call` per request, as an agent behind a load balancer sends it: no session, no initialize.
 */
import type { Scenario } from '../lib/context';
import { assertHealthy, load, repeat, timedPasses } from '../lib/load';
import { withCpu } from '../lib/processes';
import { call, ownerWithAccounts } from '../lib/setup';
import { cpuNote, probeRead, READ_ACCOUNT, READ_CONNECTIONS, READ_QUERY, UNPACED_TIKTOK, warm } from './read';

const TOOL_CALL = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'list_campaigns', arguments: { platform: 'tiktok', adAccountId: READ_ACCOUNT, limit: 10 } },
});
const MCP_HEADERS = { accept: 'application/json, text/event-stream', 'content-type': 'application/json' };

/** One tool call answered with a page of campaigns, so the load numbers measure real answers. */
async function probeTool(url: string, auth: Record<string, string>): Promise<void> {
  const r = await call(url, 'POST', '/mcp', { headers: { ...auth, ...MCP_HEADERS }, body: JSON.parse(TOOL_CALL) });
  const body = r.body as { result?: { isError?: boolean; structuredContent?: { result?: { list?: unknown[] } } } };
  if (r.status !== 200 || body.result?.isError || !body.result?.structuredContent?.result?.list?.length) throw new Error(`MCP list_campaigns: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
}

export const mcpScenario: Scenario = {
  id: 'mcp',
  title: 'MCP tool call vs the REST read it runs',
  async run(ctx) {
    const sim = await ctx.sim('tiktok');
    const api = await ctx.api(await ctx.env(['tiktok'], UNPACED_TIKTOK), 'api-mcp');
    const owner = await ownerWithAccounts(api.url, { platform: 'tiktok', simUrl: sim.baseUrl, simUser: 'alice', accounts: [READ_ACCOUNT] });
    const auth = { authorization: `Bearer ${owner.token}` };
    await probeRead(api.url, auth, 'gateway read');
    await probeTool(api.url, auth);
    const rest = { url: `${api.url}/api/v1/tiktok/assets?${READ_QUERY}`, headers: auth };
    const tool = { url: `${api.url}/mcp`, method: 'POST' as const, body: TOOL_CALL, headers: { ...auth, ...MCP_HEADERS } };
    const pids = { server: api.child.pid, sim: sim.child.pid };
    /** One measured run of `spec` at `connections`, CPU per request of the api and the simulator. */
    const run = async (label: string, spec: typeof rest | typeof tool, connections: number) => {
      const r = await withCpu(pids, () => load({ ...spec, connections, durationS: ctx.settings.durationS }));
      assertHealthy(label, r);
      return r;
    };
    await warm(ctx, api.url, auth);
    await load({ ...tool, connections: READ_CONNECTIONS, durationS: ctx.settings.warmupS });
    /** Back-to-back requests on one kept-alive connection, each timed with performance.now() (a ~1 ms answer in autocannon's whole milliseconds compares only as 1×, 2× or 3×). */
    const oneAtATime = (spec: { url: string; method?: 'POST'; body?: string; headers: Record<string, string> }) =>
      timedPasses(ctx.settings.durationS, async () => {
        const r = await fetch(spec.url, { method: spec.method ?? 'GET', headers: spec.headers, body: spec.body });
        await r.text();
        if (r.status !== 200) throw new Error(`${spec.url}: ${r.status}`);
      });
    const runs = await repeat(ctx.settings.repeats, async () => {
      // One at a time: the latency a single agent sees. READ_CONNECTIONS: the api saturated, where CPU per call decides.
      const r1 = await oneAtATime(rest);
      const m1 = await oneAtATime(tool);
      const rN = await run('REST read', rest, READ_CONNECTIONS);
      const mN = await run('MCP tool call', tool, READ_CONNECTIONS);
      return {
        r1P50: r1.p50, r1P99: r1.p99, r1Rps: r1.rps, m1P50: m1.p50, m1P99: m1.p99, m1Rps: m1.rps,
        rRps: rN.rps, rP50: rN.p50, rP99: rN.p99, rCpu: rN.cpuMsPerRequest.server!, rSimCpu: rN.cpuMsPerRequest.sim!,
        mRps: mN.rps, mP50: mN.p50, mP99: mN.p99, mCpu: mN.cpuMsPerRequest.server!, mSimCpu: mN.cpuMsPerRequest.sim!,
      };
    });
    const m = runs.median;
    const p50x = m.m1P50 / m.r1P50;
    const loadedX = m.mP50 / m.rP50;
    return {
      status: 'ok',
      rows: [
        { label: 'REST GET /api/v1/tiktok/assets, one at a time', rps: m.r1Rps, p50: m.r1P50, p99: m.r1P99 },
        { label: 'MCP tools/call list_campaigns, one at a time', rps: m.m1Rps, p50: m.m1P50, p99: m.m1P99, other: `p50 ×${p50x.toFixed(2)} of REST (+${(m.m1P50 - m.r1P50).toFixed(2)} ms)` },
        { label: `REST, ${READ_CONNECTIONS} connections`, rps: m.rRps, p50: m.rP50, p99: m.rP99, other: cpuNote({ server: m.rCpu, sim: m.rSimCpu }, 'api') },
        { label: `MCP, ${READ_CONNECTIONS} connections`, rps: m.mRps, p50: m.mP50, p99: m.mP99, other: `p50 ×${loadedX.toFixed(2)} of REST; ${cpuNote({ server: m.mCpu, sim: m.mSimCpu }, 'api')}` },
      ],
      targets: [{ name: 'MCP tool call p50 vs the REST call (one at a time)', expected: '≤ 1.2×', actual: `${p50x.toFixed(2)}×`, met: p50x <= 1.2 }],
      notes: [
        `${ctx.settings.durationS} s × ${ctx.settings.repeats} (median) per measurement, interleaved; one at a time: back-to-back requests timed with performance.now(); one JSON-response transport per request (stateless, fed express's parsed body), servers reused one request at a time; simulator latency 0, limiter unpaced. Saturated, p50 follows CPU per call: the SDK's Protocol (message guards, request schema, tool argument and output validation) is most of the difference.`,
      ],
      details: { runs: runs.runs },
    };
  },
};

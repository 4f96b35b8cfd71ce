/**
 * 4. Rate-limit fidelity: the TikTok simulator allows N calls/s per advertiser; 2 api and 2 worker
 * processes (sharing the outbound limiter through Redis, configured to the same N) receive reads
 * and writes for that advertiser at 3×N. We count what the simulator saw: throttling errors it sent
 * (target 0) and calls per second against N (target ≥ 90 %).
 */
import type { BenchContext, Scenario } from '../lib/context';
import { load, median, type LoadResult } from '../lib/load';
import { simControl } from '../lib/sims';
import { call, expectStatus, ownerWithAccounts } from '../lib/setup';

const ACCOUNT = '7000000000000000012';
const N = 20;
/** What the gateway is told the budget is; set below N to test a safety margin (the default is N itself). */
const GATEWAY_RPS = Number(process.env.BENCH_RATELIMIT_GATEWAY_RPS ?? N);

interface Stats {
  calls: number;
  throttled: number;
}

function createBody(n: number): string {
  return JSON.stringify({
    adAccountId: ACCOUNT,
    campaign: { campaignName: `bench rl ${process.pid}-${n}`, objectiveType: 'TRAFFIC', budgetMode: 'BUDGET_MODE_INFINITE', operationStatus: 'DISABLE' },
  });
}

/**
 * How the calls actually arrived at the simulator (its call log): the most calls seen in any
 * sliding second (the simulator's own budget window) and the share of gaps shorter than 1000/N ms.
 */
async function arrivalShape(simUrl: string, sinceSeq: number): Promise<{ maxInAnySecond: number; gapsUnderSpacingPct: number }> {
  const { calls } = await simControl<{ calls: { at: string }[] }>(simUrl, 'GET', `/calls?since=${sinceSeq}`);
  const t = calls.map((c) => Date.parse(c.at)).sort((a, b) => a - b);
  let max = 0;
  let lo = 0;
  for (let hi = 0; hi < t.length; hi++) {
    while (t[hi]! - t[lo]! >= 1000) lo++;
    max = Math.max(max, hi - lo + 1);
  }
  const gaps = t.slice(1).map((x, i) => x - t[i]!);
  const short = gaps.filter((g) => g < 1000 / N - 1).length;
  return { maxInAnySecond: max, gapsUnderSpacingPct: gaps.length ? (short / gaps.length) * 100 : 0 };
}

async function oneRun(ctx: BenchContext, simUrl: string, apis: string[], auth: Record<string, string>) {
  const before = await simControl<Stats>(simUrl, 'GET', '/stats');
  const t0 = Date.now();
  // 3×N offered in total, half reads and half writes, spread over both api processes. autocannon
  // paces per connection (at most 1 req/s each here), so the connection count is the offered rate
  // while answers take under a second. Writes ask for 202 (Prefer: respond-async), so their demand
  // stays at 1.5×N whatever the latency and the account stays saturated; reads are closed-loop:
  // they wait for a slot (READ_LIMIT_DEADLINE_MS) or answer 429, and their offered rate falls as
  // they wait.
  const perStream = Math.round((3 * N) / 4);
  const streams: Promise<LoadResult>[] = [];
  for (const api of apis) {
    const common = { connections: perStream, connectionRate: 1, durationS: ctx.settings.durationS };
    streams.push(load({ ...common, url: `${api}/api/v1/tiktok/assets?adAccountId=${ACCOUNT}&level=campaign&page=1&pageSize=10`, headers: auth }));
    streams.push(load({ ...common, url: `${api}/api/v1/tiktok/assets`, method: 'POST', headers: { ...auth, prefer: 'respond-async' }, bodyFor: createBody }));
  }
  // The share of N is measured after the first second, once demand has built up.
  const settle = new Promise<{ at: number; stats: Stats }>((resolve, reject) =>
    setTimeout(() => simControl<Stats>(simUrl, 'GET', '/stats').then((stats) => resolve({ at: Date.now(), stats }), reject), 1000),
  );
  const results = await Promise.all(streams);
  const end = Date.now();
  const elapsedS = (end - t0) / 1000;
  const after = await simControl<Stats>(simUrl, 'GET', '/stats');
  const settled = await settle;
  const arrivals = await arrivalShape(simUrl, before.calls);
  const steadyS = (end - settled.at) / 1000;
  // Calls the simulator refused do not use the budget: only accepted calls count toward the share.
  const calls = after.calls - settled.stats.calls - (after.throttled - settled.stats.throttled);
  const reads = [results[0]!, results[2]!];
  const writes = [results[1]!, results[3]!];
  const sum = (rs: LoadResult[], f: (r: LoadResult) => number) => rs.reduce((a, r) => a + f(r), 0);
  return {
    elapsedS,
    steadyS,
    simCallsPerS: calls / steadyS,
    shareOfN: calls / steadyS / N,
    throttled: after.throttled - before.throttled,
    ...arrivals,
    readsOk: sum(reads, (r) => r.ok),
    reads429: sum(reads, (r) => r.statuses['429'] ?? 0),
    readsSent: sum(reads, (r) => r.requests),
    writesOk: sum(writes, (r) => r.statuses['200'] ?? 0),
    writes202: sum(writes, (r) => r.statuses['202'] ?? 0),
    writesSent: sum(writes, (r) => r.requests),
    readP50: median(reads.map((r) => r.p50)),
    writeP50: median(writes.map((r) => r.p50)),
    errors: sum(results, (r) => r.errors + r.timeouts),
    otherStatuses: results.flatMap((r) => Object.entries(r.statuses).filter(([c]) => !['200', '202', '429'].includes(c))),
  };
}

export const rateLimitScenario: Scenario = {
  id: 'ratelimit',
  title: `Rate-limit fidelity: budget ${N}/s per account, 2 api + 2 workers driven at 3×N`,
  async run(ctx) {
    const sim = await ctx.sim('tiktok');
    const env = await ctx.env(['tiktok'], { TIKTOK_ACCOUNT_RPS: String(GATEWAY_RPS), TIKTOK_APP_RPS: '0' });
    const apis = [await ctx.api(env, 'api-rl-a'), await ctx.api(env, 'api-rl-b')];
    await ctx.worker(env, 'worker-rl-a', 1);
    await ctx.worker(env, 'worker-rl-b', 2);
    const owner = await ownerWithAccounts(apis[0]!.url, { platform: 'tiktok', simUrl: sim.baseUrl, simUser: 'alice', accounts: [ACCOUNT] });
    const auth = { authorization: `Bearer ${owner.token}` };
    const probe = await call(apis[1]!.url, 'POST', '/api/v1/tiktok/assets', { headers: { ...auth, 'content-type': 'application/json' }, body: JSON.parse(createBody(0)) });
    expectStatus(probe, 200, 'gateway TikTok campaign create');
    await simControl(sim.baseUrl, 'POST', '/budget', { perAccountPerSecond: N });
    const atStart = await simControl<Stats>(sim.baseUrl, 'GET', '/stats');
    try {
      const runs: Awaited<ReturnType<typeof oneRun>>[] = [];
      for (let i = 0; i < ctx.settings.repeats; i++) runs.push(await oneRun(ctx, sim.baseUrl, apis.map((a) => a.url), auth));
      const m = {
        share: median(runs.map((r) => r.shareOfN)),
        callsPerS: median(runs.map((r) => r.simCallsPerS)),
        throttled: Math.max(...runs.map((r) => r.throttled)),
        throttledWholeScenario: (await simControl<Stats>(sim.baseUrl, 'GET', '/stats')).throttled - atStart.throttled,
        readP50: median(runs.map((r) => r.readP50)),
        writeP50: median(runs.map((r) => r.writeP50)),
      };
      const offered = (r: (typeof runs)[number]) => (r.readsSent + r.writesSent) / r.elapsedS;
      return {
        status: 'ok',
        rows: [
          {
            label: `calls/s the simulator accepted for the account (N = ${N})`,
            rps: m.callsPerS,
            other: `${(m.share * 100).toFixed(1)} % of N; throttled ${m.throttled} (worst run); most calls in any 1 s window ${Math.max(...runs.map((r) => r.maxInAnySecond))}; ${median(runs.map((r) => r.gapsUnderSpacingPct)).toFixed(0)} % of gaps < ${1000 / N} ms`,
          },
          { label: 'reads offered to the gateway', rps: median(runs.map((r) => r.readsSent / r.elapsedS)), p50: m.readP50, other: `429 from the gateway: ${runs.map((r) => r.reads429).join('/')}` },
          { label: 'writes offered to the gateway (async, 202)', rps: median(runs.map((r) => r.writesSent / r.elapsedS)), p50: m.writeP50, other: `202: ${runs.map((r) => r.writes202).join('/')}` },
        ],
        targets: [
          { name: 'platform throttling errors', expected: '0', actual: `${m.throttled} (worst run; ${m.throttledWholeScenario} over the whole scenario)`, met: m.throttledWholeScenario === 0 },
          { name: 'share of N used', expected: '≥ 90 %', actual: `${(m.share * 100).toFixed(1)} %`, met: m.share >= 0.9 },
        ],
        notes: [
          `offered ${median(runs.map(offered)).toFixed(0)} req/s (3×N = ${3 * N}) from 4 autocannon streams of ${Math.round((3 * N) / 4)} connections at ≤1 req/s each; reads are closed-loop, so their rate falls while they wait for the limiter; writes are async and keep demand at 1.5×N`,
          `TIKTOK_ACCOUNT_RPS=${GATEWAY_RPS}, TIKTOK_APP_RPS=0; share of N measured from 1 s into each run; ${ctx.settings.durationS} s × ${ctx.settings.repeats}`,
          'gateway 429s are expected (reads that cannot get a slot within READ_LIMIT_DEADLINE_MS answer 429 instead of tripping the platform); the write backlog carries over from run to run, keeping the account saturated',
        ],
        details: { runs },
      };
    } finally {
      await simControl(sim.baseUrl, 'POST', '/budget', {}).catch(() => undefined);
    }
  },
};

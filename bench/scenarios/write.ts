/**
 * 3. Sync write: POST /api/v1/facebook/campaigns/traffic through the queue, a worker (separate
 * process) and the simulator, answered synchronously. At 1 and at 50 in flight; the simulator's own
 * latency for the same create (measured directly, same concurrency) is subtracted.
 */
import type { BenchContext, Scenario } from '../lib/context';
import { queryBenchDb, storagePids } from '../lib/infra';
import { withCpu } from '../lib/processes';
import type { Row, Target } from '../lib/report';
import { assertHealthy, load, repeat, type LoadResult } from '../lib/load';
import { simControl, simToken } from '../lib/sims';
import { call, expectStatus, ownerWithAccounts } from '../lib/setup';

export const WRITE_ACCOUNT = '100000000000001';
const GRAPH_VERSION = 'v25.0';
/** A realistic Meta create latency, for the 50-in-flight row that is not throughput bound. */
const PLATFORM_LATENCY_MS = 250;

/** The gateway's CreateCampaign DTO for the traffic objective (docs/api-conventions.md §6); a unique name per request. */
export function gatewayCampaign(n: number): Record<string, unknown> {
  return { adAccountId: WRITE_ACCOUNT, name: `bench campaign ${process.pid}-${n}`, status: 'PAUSED', special_ad_categories: [], is_adset_budget_sharing_enabled: false };
}

/** The same create as Meta's wire format, for the direct-to-simulator reference. */
function graphCampaign(n: number): Record<string, unknown> {
  return { name: `bench direct ${process.pid}-${n}`, objective: 'OUTCOME_TRAFFIC', status: 'PAUSED', special_ad_categories: [], is_adset_budget_sharing_enabled: false };
}

async function measureAt(
  ctx: BenchContext,
  label: string,
  url: string,
  headers: Record<string, string>,
  body: (n: number) => unknown,
  connections: number,
  overallRate?: number,
  durationS = ctx.settings.durationS,
): Promise<LoadResult> {
  const r = await load({ url, method: 'POST', headers, bodyFor: (n) => JSON.stringify(body(n)), connections, overallRate, durationS });
  assertHealthy(label, r);
  return r;
}

/**
 * Where a write's time goes, from the gateway's own job rows: created → started (in the queue) and
 * started → finished (the worker's run, simulator call included). A fresh write's first run claims
 * its row (sets started_at) with its first write, the create's "calling" mark, so the worker's
 * set-up before the send counts as queued. The rest of the request's latency is the api (auth,
 * guard, job insert, enqueue) and the completion event's way back.
 */
async function jobStages(ctx: BenchContext, since: Date): Promise<{ jobs: number; queuedP50: number; runningP50: number }> {
  const [r] = await queryBenchDb<{ jobs: string; queued: number; running: number }>(
    ctx.infra,
    `select count(*) as jobs,
       percentile_cont(0.5) within group (order by extract(epoch from started_at - created_at) * 1000) as queued,
       percentile_cont(0.5) within group (order by extract(epoch from finished_at - started_at) * 1000) as running
     from jobs where created_at >= $1 and finished_at is not null`,
    [since],
  );
  return { jobs: Number(r?.jobs ?? 0), queuedP50: Number(r?.queued ?? NaN), runningP50: Number(r?.running ?? NaN) };
}

export const writeScenario: Scenario = {
  id: 'write',
  title: 'Sync write: POST /api/v1/facebook/campaigns/traffic through queue, worker and simulator',
  async run(ctx) {
    const sim = await ctx.sim('facebook');
    // Pacing off: this measures the pipeline, not the configured Meta budget (scenario ratelimit does).
    const env = await ctx.env(['facebook'], { FACEBOOK_ACCOUNT_RPS: '0', FACEBOOK_APP_RPS: '0' });
    const api = await ctx.api(env, 'api-write');
    const worker = await ctx.worker(env, 'worker-write');
    const owner = await ownerWithAccounts(api.url, { platform: 'facebook', simUrl: sim.baseUrl, simUser: 'alice', accounts: [WRITE_ACCOUNT] });
    const auth = { authorization: `Bearer ${owner.token}` };
    const gatewayUrl = `${api.url}/api/v1/facebook/campaigns/traffic`;
    const probe = await call(api.url, 'POST', '/api/v1/facebook/campaigns/traffic', { headers: auth, body: gatewayCampaign(0) });
    const created = expectStatus(probe, 200, 'gateway sync create') as { id?: string };
    if (!created?.id) throw new Error(`gateway create answered 200 without an id: ${JSON.stringify(probe.body).slice(0, 300)}`);

    const directToken = await simToken(sim.baseUrl, 'alice');
    const directUrl = `${sim.baseUrl}/${GRAPH_VERSION}/act_${WRITE_ACCOUNT}/campaigns`;
    const direct = { authorization: `Bearer ${directToken}` };
    await load({ url: gatewayUrl, method: 'POST', headers: auth, bodyFor: (n) => JSON.stringify(gatewayCampaign(n)), connections: 10, durationS: ctx.settings.warmupS });

    // The simulator's own latency: the same create called directly, one at a time. The gateway's
    // worker never has more than WORKER_CONCURRENCY creates in flight at the simulator, which does
    // ~0.3 ms of work per create; direct load at 50 connections would instead saturate it (or, rate
    // limited, arrive in autocannon's once-a-second bursts) and inflate what we subtract.
    const simRuns = await repeat(ctx.settings.repeats, () => measureAt(ctx, 'simulator direct', directUrl, direct, graphCampaign, 1, undefined, ctx.settings.referenceS));
    const rows: Row[] = [{ label: 'simulator create, direct, 1 in flight (its own latency)', rps: simRuns.median.rps, p50: simRuns.median.p50, p99: simRuns.median.p99 }];
    const targets: Target[] = [];
    const all: Record<string, unknown> = { simulator: simRuns.runs };

    const gatewayAt = async (inFlight: number, label: string, own: { p50: number; p99: number }) => {
      const since = new Date();
      const runs = await repeat(ctx.settings.repeats, async () => {
        const pids = {
          api: api.child.pid,
          worker: worker.pid,
          postgres: async () => (await storagePids(ctx.infra)).postgres,
          redis: async () => (await storagePids(ctx.infra)).redis,
        };
        const r = await withCpu(pids, () => measureAt(ctx, `gateway @${inFlight}`, gatewayUrl, auth, gatewayCampaign, inFlight));
        const c = r.cpuMsPerRequest;
        return { rps: r.rps, p50: r.p50, p99: r.p99, apiCpu: c.api!, workerCpu: c.worker!, pgCpu: c.postgres!, redisCpu: c.redis! };
      });
      const m = runs.median;
      const stages = await jobStages(ctx, since);
      all[label] = { runs: runs.runs, jobStagesMs: stages };
      const added50 = m.p50 - own.p50;
      rows.push({
        label,
        rps: m.rps,
        p50: m.p50,
        p99: m.p99,
        other: `added p50 ${added50.toFixed(1)} ms, p99 ${(m.p99 - own.p99).toFixed(1)} ms; job rows p50: queued ${stages.queuedP50.toFixed(1)} ms, running ${stages.runningP50.toFixed(1)} ms; CPU/write: api ${m.apiCpu.toFixed(2)} ms, worker ${m.workerCpu.toFixed(2)} ms, postgres ${m.pgCpu.toFixed(2)} ms, redis ≤${m.redisCpu.toFixed(2)} ms`,
      });
      const regime = label.replace(/^.*\(|\)$/g, '');
      if (inFlight === 1) targets.push({ name: `p50 added at 1 in flight (${regime})`, expected: '≤ 5 ms', actual: `${added50.toFixed(1)} ms`, met: added50 <= 5 });
      if (inFlight === 50 && own === simRuns.median) {
        const cpu = m.apiCpu + m.workerCpu + m.pgCpu + m.redisCpu;
        targets.push({ name: `CPU per write, api + worker + postgres + redis (50 in flight, ${regime})`, expected: '≤ 2.5 ms', actual: `${cpu.toFixed(2)} ms`, met: cpu <= 2.5 });
        targets.push({ name: `sync writes/s at 50 in flight (${regime})`, expected: '≥ 600', actual: `${Math.round(m.rps)}`, met: m.rps >= 600 });
      }
    };
    await gatewayAt(1, 'gateway sync write, 1 in flight (simulator 0 ms)', simRuns.median);
    await gatewayAt(50, 'gateway sync write, 50 in flight (simulator 0 ms)', simRuns.median);

    // With a platform that answers in zero time, 50 writes in a closed loop measure throughput
    // (latency = 50 / writes per second). A create on the real platform takes a few hundred ms, so
    // 50 in flight is a moderate rate: this row measures the overhead in that regime.
    await simControl(sim.baseUrl, 'POST', '/latency', { ms: PLATFORM_LATENCY_MS });
    try {
      const slow = await repeat(ctx.settings.repeats, () => measureAt(ctx, 'simulator direct, slow', directUrl, direct, graphCampaign, 50, undefined, ctx.settings.referenceS));
      all.simulatorSlow = slow.runs;
      rows.push({ label: `simulator create, direct, 50 in flight (latency ${PLATFORM_LATENCY_MS} ms)`, rps: slow.median.rps, p50: slow.median.p50, p99: slow.median.p99 });
      await gatewayAt(50, `gateway sync write, 50 in flight (simulator ${PLATFORM_LATENCY_MS} ms)`, slow.median);
    } finally {
      await simControl(sim.baseUrl, 'POST', '/latency', { ms: 0 }).catch(() => undefined);
    }
    return {
      status: 'ok',
      rows,
      targets,
      notes: [
        `1 api + 1 worker process with the default worker settings (WRITE_WORKER_CONCURRENCY${process.env.WRITE_WORKER_CONCURRENCY ? `=${process.env.WRITE_WORKER_CONCURRENCY}` : ' default'}); Meta pacing off (FACEBOOK_*_RPS=0); ${ctx.settings.durationS} s × ${ctx.settings.repeats} (median)`,
        'job rows: created → started = time in the queue (a fresh write’s row is started by its first write, the create’s send: the worker’s set-up before it counts here), started → finished = the worker’s run (simulator call included); the rest of a request is the api and the completion event',
        'added = gateway percentile − the simulator’s own percentile for the same create called directly (autocannon latencies have 1 ms resolution)',
      ],
      details: all,
    };
  },
};

/**
 * 3. Sync write: POST /api/v1/facebook/campaigns/traffic through the queue, a worker (separate
 * process) and the simulator, answered synchronously. At 1 and at 50 in flight; the simulator's own
 * latency for the same create (measured directly) is subtracted. The targets are ratios to the queue
 * floor measured in the same run (bench/lib/queue-floor.ts): the least a queued sync write costs.
 */
import { Pool } from 'undici';
import type { BenchContext, Scenario } from '../lib/context';
import { queryBenchDb, storagePids } from '../lib/infra';
import { withCpu, type PidSource } from '../lib/processes';
import { FLOOR_PATH, startQueueFloor } from '../lib/queue-floor';
import type { Row, Target } from '../lib/report';
import { assertHealthy, load, repeat, timedPasses, type LoadResult } from '../lib/load';
import { simControl, simToken } from '../lib/sims';
import { call, expectStatus, ownerWithAccounts } from '../lib/setup';
import { defaultVersion } from '../../shared/platforms/core/versions';
import { facebookVersions } from '../../shared/platforms/facebook/versions';

export const WRITE_ACCOUNT = '100000000000001';
/** The Graph version the gateway sends by default, so the direct calls go where the gateway's go. */
const GRAPH_VERSION = defaultVersion(facebookVersions);
/** A realistic Meta create latency, for the 50-in-flight row that is not throughput bound. */
const PLATFORM_LATENCY_MS = 250;
/** Writes each side runs before it is measured. */
const WARM_WRITES = 1500;

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

let serialSeq = 0;

/**
 * Writes one at a time for `seconds`, each timed with performance.now(): at one in flight the
 * figures are a few milliseconds, and the gateway's is compared with the floor's as a ratio, which
 * autocannon's whole milliseconds would round to 1×, 1.5× or 2×.
 */
async function serialAt(label: string, url: string, headers: Record<string, string>, body: (n: number) => unknown, seconds: number) {
  const u = new URL(url);
  const pool = new Pool(u.origin, { connections: 1 });
  try {
    return await timedPasses(seconds, async () => {
      const r = await pool.request({ method: 'POST', path: u.pathname, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body(++serialSeq)) });
      const text = await r.body.text();
      if (r.statusCode !== 200) throw new Error(`${label}: ${r.statusCode} ${text.slice(0, 300)}`);
    });
  } finally {
    await pool.close();
  }
}

type Measured = { rps: number; p50: number; p99: number; requests: number };

/** One measured run at `inFlight` (serially timed at 1), with the CPU per write of every process named. */
async function runAt(ctx: BenchContext, label: string, url: string, headers: Record<string, string>, body: (n: number) => unknown, inFlight: number, pids: Record<string, PidSource>) {
  const r = await withCpu(pids, (): Promise<Measured> => (inFlight === 1 ? serialAt(label, url, headers, body, ctx.settings.durationS) : measureAt(ctx, label, url, headers, body, inFlight)));
  const c = r.cpuMsPerRequest;
  return { rps: r.rps, p50: r.p50, p99: r.p99, apiCpu: c.api!, workerCpu: c.worker!, pgCpu: c.postgres!, redisCpu: c.redis! };
}
type RunFigures = Awaited<ReturnType<typeof runAt>>;
const cpuOf = (m: RunFigures) => m.apiCpu + m.workerCpu + m.pgCpu + m.redisCpu;
const cpuText = (m: RunFigures) => `CPU/write: api ${m.apiCpu.toFixed(2)} ms, worker ${m.workerCpu.toFixed(2)} ms, postgres ${m.pgCpu.toFixed(2)} ms, redis ≤${m.redisCpu.toFixed(2)} ms`;

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
  title: 'Sync write: POST /api/v1/facebook/campaigns/traffic through queue, worker and simulator, next to the queue floor',
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
    const floor = await startQueueFloor({
      infra: ctx.infra,
      prefix: `${env.REDIS_PREFIX}:floor`,
      simUrl: sim.baseUrl,
      simToken: directToken,
      graphVersion: GRAPH_VERSION,
      concurrency: Number(process.env.WRITE_WORKER_CONCURRENCY || 50),
      logDir: ctx.logDir,
      cpuProfDir: ctx.settings.cpuProf ? ctx.profDir : undefined,
      label: `floor-write-${ctx.pass + 1}`,
    });
    try {
      const floorUrl = `${floor.url}${FLOOR_PATH}`;
      const floorProbe = await call(floor.url, 'POST', FLOOR_PATH, { body: gatewayCampaign(0) });
      if (floorProbe.status !== 200 || !(floorProbe.body as { data?: { id?: string } })?.data?.id) throw new Error(`queue floor: ${floorProbe.status} ${JSON.stringify(floorProbe.body).slice(0, 300)}`);
      // Warm-up sized in writes: a fresh process compiles its per-write code (on the same cores, counted
      // in its CPU) for about its first thousand writes, and the gateway has far more code to compile
      // than the floor. A production process is long past that, so both are measured past it.
      await load({ url: gatewayUrl, method: 'POST', headers: auth, bodyFor: (n) => JSON.stringify(gatewayCampaign(n)), connections: 10, durationS: 120, amount: WARM_WRITES });
      await load({ url: floorUrl, method: 'POST', bodyFor: (n) => JSON.stringify(gatewayCampaign(n)), connections: 10, durationS: 120, amount: WARM_WRITES });

      // The simulator's own latency: the same create called directly, one at a time. The gateway's
      // worker never has more than WORKER_CONCURRENCY creates in flight at the simulator, which does
      // ~0.3 ms of work per create; direct load at 50 connections would instead saturate it (or, rate
      // limited, arrive in autocannon's once-a-second bursts) and inflate what we subtract.
      const simRuns = await repeat(ctx.settings.repeats, () => serialAt('simulator direct', directUrl, direct, graphCampaign, ctx.settings.referenceS));
      const rows: Row[] = [{ label: 'simulator create, direct, 1 in flight (its own latency)', rps: simRuns.median.rps, p50: simRuns.median.p50, p99: simRuns.median.p99 }];
      const targets: Target[] = [];
      const all: Record<string, unknown> = { simulator: simRuns.runs };
      const storage = {
        postgres: async () => (await storagePids(ctx.infra)).postgres,
        redis: async () => (await storagePids(ctx.infra)).redis,
      };
      const gatewayPids = { api: api.child.pid, worker: worker.pid, ...storage };
      const floorPids = { api: floor.api.pid, worker: floor.worker.pid, ...storage };

      /** The floor and the gateway at `inFlight`, run by run in turn so drift hits both alike. */
      const both = async (inFlight: number) => {
        const since = new Date();
        const runs = await repeat(ctx.settings.repeats, async () => {
          const f = await runAt(ctx, `queue floor @${inFlight}`, floorUrl, {}, gatewayCampaign, inFlight, floorPids);
          const g = await runAt(ctx, `gateway @${inFlight}`, gatewayUrl, auth, gatewayCampaign, inFlight, gatewayPids);
          return { ...prefixed('f', f), ...prefixed('g', g) };
        });
        const f = unprefixed('f', runs.median);
        const g = unprefixed('g', runs.median);
        const stages = await jobStages(ctx, since);
        return { f, g, stages, runs: runs.runs };
      };
      const own = simRuns.median;
      const addedText = (m: RunFigures, cpu = true) =>
        `added p50 ${(m.p50 - own.p50).toFixed(2)} ms, p99 ${(m.p99 - own.p99).toFixed(2)} ms${cpu ? `; ${cpuText(m)}` : ''}`;

      const at1 = await both(1);
      all['1 in flight (simulator 0 ms)'] = { runs: at1.runs, jobStagesMs: at1.stages };
      rows.push({ label: 'queue floor, 1 in flight (simulator 0 ms)', rps: at1.f.rps, p50: at1.f.p50, p99: at1.f.p99, other: addedText(at1.f) });
      rows.push({ label: 'gateway sync write, 1 in flight (simulator 0 ms)', rps: at1.g.rps, p50: at1.g.p50, p99: at1.g.p99, other: `${addedText(at1.g)}; ${stagesText(at1.stages)}` });
      const fAdded = at1.f.p50 - own.p50;
      const gAdded = at1.g.p50 - own.p50;
      const addedX = gAdded / fAdded;
      targets.push({ name: 'p50 added at 1 in flight vs the queue floor (simulator 0 ms)', expected: '≤ 1.5×', actual: `${addedX.toFixed(2)}× (${gAdded.toFixed(2)} vs ${fAdded.toFixed(2)} ms)`, value: addedX, met: addedX <= 1.5 });

      const at50 = await both(50);
      all['50 in flight (simulator 0 ms)'] = { runs: at50.runs, jobStagesMs: at50.stages };
      rows.push({ label: 'queue floor, 50 in flight (simulator 0 ms)', rps: at50.f.rps, p50: at50.f.p50, p99: at50.f.p99, other: addedText(at50.f) });
      rows.push({ label: 'gateway sync write, 50 in flight (simulator 0 ms)', rps: at50.g.rps, p50: at50.g.p50, p99: at50.g.p99, other: `${addedText(at50.g)}; ${stagesText(at50.stages)}` });
      const share = at50.g.rps / at50.f.rps;
      const cpuX = cpuOf(at50.g) / cpuOf(at50.f);
      targets.push({ name: 'sync writes/s at 50 in flight vs the queue floor (simulator 0 ms)', expected: '≥ 75 %', actual: `${(share * 100).toFixed(1)} % (${Math.round(at50.g.rps)} vs ${Math.round(at50.f.rps)})`, value: share * 100, met: share >= 0.75 });
      targets.push({
        name: 'CPU per write, api + worker + postgres + redis, vs the queue floor (50 in flight, simulator 0 ms)',
        expected: '≤ 1.5×',
        actual: `${cpuX.toFixed(2)}× (${cpuOf(at50.g).toFixed(2)} vs ${cpuOf(at50.f).toFixed(2)} ms)`,
        value: cpuX,
        met: cpuX <= 1.5,
      });
      all.floor = { at1: at1.f, at50: at50.f, simulatorOwnP50: own.p50 };

      // With a platform that answers in zero time, 50 writes in a closed loop measure throughput
      // (latency = 50 / writes per second). A create on the real platform takes a few hundred ms, so
      // 50 in flight is a moderate rate: this row measures the overhead in that regime.
      await simControl(sim.baseUrl, 'POST', '/latency', { ms: PLATFORM_LATENCY_MS });
      try {
        const slow = await repeat(ctx.settings.repeats, () => measureAt(ctx, 'simulator direct, slow', directUrl, direct, graphCampaign, 50, undefined, ctx.settings.referenceS));
        all.simulatorSlow = slow.runs;
        rows.push({ label: `simulator create, direct, 50 in flight (latency ${PLATFORM_LATENCY_MS} ms)`, rps: slow.median.rps, p50: slow.median.p50, p99: slow.median.p99 });
        const since = new Date();
        const g = await repeat(ctx.settings.repeats, () => runAt(ctx, 'gateway @50, slow', gatewayUrl, auth, gatewayCampaign, 50, gatewayPids));
        const stages = await jobStages(ctx, since);
        all[`50 in flight (simulator ${PLATFORM_LATENCY_MS} ms)`] = { runs: g.runs, jobStagesMs: stages };
        const m = g.median;
        rows.push({
          label: `gateway sync write, 50 in flight (simulator ${PLATFORM_LATENCY_MS} ms)`,
          rps: m.rps,
          p50: m.p50,
          p99: m.p99,
          other: `added p50 ${(m.p50 - slow.median.p50).toFixed(1)} ms, p99 ${(m.p99 - slow.median.p99).toFixed(1)} ms; ${stagesText(stages)}; ${cpuText(m)}`,
        });
      } finally {
        await simControl(sim.baseUrl, 'POST', '/latency', { ms: 0 }).catch(() => undefined);
      }
      return {
        status: 'ok',
        rows,
        targets,
        notes: [
          `1 api + 1 worker process with the default worker settings (WRITE_WORKER_CONCURRENCY${process.env.WRITE_WORKER_CONCURRENCY ? `=${process.env.WRITE_WORKER_CONCURRENCY}` : ' default'}); Meta pacing off (FACEBOOK_*_RPS=0); ${ctx.settings.durationS} s × ${ctx.settings.repeats} (median)`,
          'queue floor (bench/lib/queue-floor.ts): an Express 5 process and a BullMQ worker process doing only what a sync write must: insert a job row, add the job with its payload, the create at the simulator, update the row, publish the outcome to the waiting process; measured run by run in turn with the gateway',
          'job rows: created → started = time in the queue (a fresh write’s row is started by its first write, the create’s send: the worker’s set-up before it counts here), started → finished = the worker’s run (simulator call included); the rest of a request is the api and the completion event',
          'added = percentile − the simulator’s own percentile for the same create called directly; at 1 in flight every write is timed with performance.now(), at 50 by autocannon (1 ms resolution)',
        ],
        details: all,
      };
    } finally {
      await floor.stop();
    }
  },
};

const stagesText = (s: { queuedP50: number; runningP50: number }) => `job rows p50: queued ${s.queuedP50.toFixed(1)} ms, running ${s.runningP50.toFixed(1)} ms`;

/** Two measurements side by side in one run record (repeat's median works field by field). */
function prefixed<P extends string>(p: P, m: RunFigures): Record<string, number> {
  return Object.fromEntries(Object.entries(m).map(([k, v]) => [`${p}_${k}`, v]));
}
function unprefixed(p: string, m: Record<string, number>): RunFigures {
  return Object.fromEntries(Object.entries(m).filter(([k]) => k.startsWith(`${p}_`)).map(([k, v]) => [k.slice(p.length + 1), v])) as RunFigures;
}

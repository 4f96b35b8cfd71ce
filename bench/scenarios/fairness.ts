/**
 * 7. Fairness under one account's backlog: Meta account A, paced at R calls/s, gets N async campaign
 * creates from one user; meanwhile sync creates on the same user's account B and on another
 * tenant's account are timed one at a time. Each is compared with its own unloaded latency, timed
 * in the same run before the backlog. A write waiting for A's budget must not hold a worker slot
 * (docs/architecture.md, "Write reservations"), so B and the other tenant go at their unloaded pace
 * while A's backlog drains at A's budget.
 */
import type { BenchContext, Scenario } from '../lib/context';
import { queryBenchDb } from '../lib/infra';
import type { Row, Target } from '../lib/report';
import { simControl } from '../lib/sims';
import { call, expectStatus, ownerWithAccounts } from '../lib/setup';

const R = 5;
const ACCOUNT_A = '100000000000001';
const ACCOUNT_B = '100000000000002';
/** Bob's account, activated by a second tenant. */
const OTHER_ACCOUNT = '100000000000011';
/** A realistic Meta create latency: the unloaded sync create then takes about what the sandbox saw (~100 ms). */
const PLATFORM_LATENCY_MS = 100;
const SUBMIT_CONCURRENCY = 16;
/** Sync creates on one account start this far apart: 4 a second, under its budget of R (less the headroom). */
const SAMPLE_INTERVAL_MS = 1250 / R;

interface Sample {
  ms: number;
  status: number;
}

const percentile = (xs: number[], p: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

function campaign(account: string, tag: string): Record<string, unknown> {
  return { adAccountId: account, name: `bench fair ${process.pid}-${tag}`, status: 'PAUSED', special_ad_categories: [], is_adset_budget_sharing_enabled: false };
}

interface Timed {
  auth: Record<string, string>;
  account: string;
}

/**
 * `n` sync creates on each target, one at a time, alternating between the targets (so both are
 * timed over the same stretch of the backlog), each timed from send to answer. Creates on one
 * account start at least SAMPLE_INTERVAL_MS apart, within that account's own budget: a create
 * paced by its own budget would measure that budget, not the backlog on A.
 */
async function syncCreates(api: string, targets: Timed[], n: number, tag: string): Promise<Sample[][]> {
  const out: Sample[][] = targets.map(() => []);
  const last = targets.map(() => -Infinity);
  for (let i = 0; i < n; i++) {
    for (const [k, t] of targets.entries()) {
      const gap = last[k]! + SAMPLE_INTERVAL_MS - performance.now();
      if (gap > 0) await new Promise((r) => setTimeout(r, gap));
      const t0 = performance.now();
      last[k] = t0;
      const r = await call(api, 'POST', '/api/v1/facebook/campaigns/traffic', { headers: t.auth, body: campaign(t.account, `${tag}-${k}-${i}`) });
      out[k]!.push({ ms: performance.now() - t0, status: r.status });
      if (r.status !== 200 && r.status !== 202) throw new Error(`sync create on ${t.account}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
    }
  }
  return out;
}

type Summary = ReturnType<typeof summary>;
const summary = (s: Sample[]) => {
  const ms = s.map((x) => x.ms);
  const not200 = s.filter((x) => x.status !== 200).length;
  return { p50: percentile(ms, 50), p99: percentile(ms, 99), max: Math.max(...ms), not200, samplesMs: ms.map((x) => Math.round(x * 10) / 10) };
};

/** The jobs' own record: how many ended how, and first created → last finished. */
async function jobOutcomes(ctx: BenchContext, ids: string[]) {
  const [r] = await queryBenchDb<{ completed: number; failed: number; open: number; span_ms: number | null; first: Date }>(
    ctx.infra,
    `select count(*) filter (where state = 'completed')::int as completed,
            count(*) filter (where state = 'failed')::int as failed,
            count(*) filter (where state not in ('completed', 'failed'))::int as open,
            extract(epoch from max(finished_at) - min(created_at)) * 1000 as span_ms,
            min(created_at) as first
       from jobs where id::text = any($1::text[])`,
    [ids],
  );
  return { completed: r?.completed ?? 0, failed: r?.failed ?? 0, open: r?.open ?? ids.length, spanMs: r?.span_ms === null || r?.span_ms === undefined ? NaN : Number(r.span_ms) };
}

/** Jobs of this scenario that failed, whichever account (sync creates included). */
async function failedSince(ctx: BenchContext, since: Date): Promise<number> {
  const [r] = await queryBenchDb<{ n: number }>(ctx.infra, "select count(*)::int as n from jobs where created_at >= $1 and state = 'failed'", [since]);
  return r?.n ?? 0;
}

export const fairnessScenario: Scenario = {
  id: 'fairness',
  title: `Fairness: N async creates on one Meta account paced at ${R}/s; sync creates on the user's other account and another tenant's`,
  async run(ctx) {
    const N = ctx.settings.quick ? 100 : 400;
    const SAMPLES = ctx.settings.quick ? 10 : 20;
    const sim = await ctx.sim('facebook');
    const env = await ctx.env(['facebook'], { FACEBOOK_ACCOUNT_RPS: String(R), FACEBOOK_APP_RPS: '0' });
    const api = await ctx.api(env, 'api-fair');
    await ctx.worker(env, 'worker-fair');
    const user = await ownerWithAccounts(api.url, { platform: 'facebook', simUrl: sim.baseUrl, simUser: 'alice', accounts: [ACCOUNT_A, ACCOUNT_B] });
    const other = await ownerWithAccounts(api.url, { platform: 'facebook', simUrl: sim.baseUrl, simUser: 'bob', accounts: [OTHER_ACCOUNT] });
    const auth = { authorization: `Bearer ${user.token}` };
    const otherAuth = { authorization: `Bearer ${other.token}` };
    const since = new Date();
    await simControl(sim.baseUrl, 'POST', '/latency', { ms: PLATFORM_LATENCY_MS });
    try {
      const accounts: Timed[] = [
        { auth, account: ACCOUNT_B },
        { auth: otherAuth, account: OTHER_ACCOUNT },
      ];
      // Warm-up (pools, JIT, caches), then the unloaded reference of both accounts.
      await syncCreates(api.url, accounts, 5, 'warm');
      const [unloadedB, unloadedO] = (await syncCreates(api.url, accounts, SAMPLES, 'ref')).map(summary) as [Summary, Summary];

      // The backlog: N async creates on A from the same user, SUBMIT_CONCURRENCY at a time.
      const simBefore = await simControl<{ calls: number }>(sim.baseUrl, 'GET', '/stats');
      const ids: string[] = [];
      const submitStart = performance.now();
      let next = 0;
      await Promise.all(
        Array.from({ length: SUBMIT_CONCURRENCY }, async () => {
          for (let i = next++; i < N; i = next++) {
            const r = await call(api.url, 'POST', '/api/v1/facebook/campaigns/traffic', { headers: { ...auth, prefer: 'respond-async' }, body: campaign(ACCOUNT_A, `a-${i}`) });
            const d = expectStatus(r, [200, 202], 'async create on A') as { jobId?: string; id?: string };
            if (d?.jobId) ids.push(d.jobId);
          }
        }),
      );
      const submitMs = performance.now() - submitStart;
      ctx.log(`fairness: ${N} async creates on A submitted in ${(submitMs / 1000).toFixed(1)} s; timing sync creates on B and the other tenant`);

      // While A's backlog drains: B and the other tenant, alternately, one create at a time.
      const [loadedB, loadedO] = (await syncCreates(api.url, accounts, SAMPLES, 'load')).map(summary) as [Summary, Summary];
      const sampledAtS = (performance.now() - submitStart) / 1000;

      // A's backlog: until every job ended (or far past what its budget needs).
      const idealS = N / R;
      const giveUp = Date.now() + (idealS * 3 + 60) * 1000;
      let a = await jobOutcomes(ctx, ids);
      while (a.open > 0 && Date.now() < giveUp) {
        await new Promise((r) => setTimeout(r, 500));
        a = await jobOutcomes(ctx, ids);
      }
      const drainS = a.spanMs / 1000;
      const failed = await failedSince(ctx, since);
      const { calls } = await simControl<{ calls: { at: string }[] }>(sim.baseUrl, 'GET', `/calls?since=${simBefore.calls}&path=act_${ACCOUNT_A}/campaigns`);
      const t = calls.map((c) => Date.parse(c.at)).sort((x, y) => x - y);
      let maxInAnySecond = 0;
      for (let hi = 0, lo = 0; hi < t.length; hi++) {
        while (t[hi]! - t[lo]! >= 1000) lo++;
        maxInAnySecond = Math.max(maxInAnySecond, hi - lo + 1);
      }
      const simSpanS = t.length > 1 ? (t[t.length - 1]! - t[0]!) / 1000 : NaN;

      const rows: Row[] = [
        { label: `B (same user), unloaded: ${SAMPLES} sync creates, one at a time`, p50: unloadedB.p50, p99: unloadedB.p99 },
        { label: `other tenant, unloaded: ${SAMPLES} sync creates`, p50: unloadedO.p50, p99: unloadedO.p99 },
        { label: `B (same user), during A's backlog`, p50: loadedB.p50, p99: loadedB.p99, other: `max ${loadedB.max.toFixed(0)} ms; not 200 (202 after WRITE_SYNC_TIMEOUT_MS): ${loadedB.not200}` },
        { label: `other tenant, during A's backlog`, p50: loadedO.p50, p99: loadedO.p99, other: `max ${loadedO.max.toFixed(0)} ms; not 200: ${loadedO.not200}` },
        {
          label: `A: ${N} async creates at ${R}/s, first submitted → last finished`,
          rps: N / drainS,
          other: `${drainS.toFixed(1)} s (N/R = ${idealS.toFixed(0)} s; ${(drainS / idealS).toFixed(2)}× N/R); completed ${a.completed}, failed ${a.failed}, open ${a.open}; submitted in ${(submitMs / 1000).toFixed(1)} s; at the simulator: ${t.length} calls over ${simSpanS.toFixed(1)} s, at most ${maxInAnySecond} in any 1 s`,
        },
      ];
      const targets: Target[] = [
        { name: "B's p99 during A's backlog", expected: `≤ 2× unloaded (${(2 * unloadedB.p99).toFixed(0)} ms)`, actual: `${loadedB.p99.toFixed(0)} ms (${(loadedB.p99 / unloadedB.p99).toFixed(2)}×)`, met: loadedB.p99 <= 2 * unloadedB.p99 },
        { name: "other tenant's p99 during A's backlog", expected: `≤ 2× unloaded (${(2 * unloadedO.p99).toFixed(0)} ms)`, actual: `${loadedO.p99.toFixed(0)} ms (${(loadedO.p99 / unloadedO.p99).toFixed(2)}×)`, met: loadedO.p99 <= 2 * unloadedO.p99 },
        { name: "A's backlog drain", expected: `≤ 1.15 × N/R (${(1.15 * idealS).toFixed(0)} s)`, actual: `${drainS.toFixed(1)} s`, met: a.open === 0 && drainS <= 1.15 * idealS },
        { name: 'failed jobs', expected: '0', actual: `${failed}`, met: failed === 0 },
      ];
      return {
        status: 'ok',
        rows,
        targets,
        notes: [
          `FACEBOOK_ACCOUNT_RPS=${R} (OUTBOUND_RATE_HEADROOM ${process.env.OUTBOUND_RATE_HEADROOM ?? 'default'} leaves the effective budget a little under R), FACEBOOK_APP_RPS=0; simulator latency ${PLATFORM_LATENCY_MS} ms; 1 api + 1 worker (WRITE_WORKER_CONCURRENCY ${process.env.WRITE_WORKER_CONCURRENCY ?? 'default'}, WRITE_SLOT_WAIT_MS ${process.env.WRITE_SLOT_WAIT_MS ?? 'default'})`,
          `N = ${N} async creates on A (${SUBMIT_CONCURRENCY} submitted at a time); ${SAMPLES} sync creates per account, timed one at a time, B and the other tenant alternately (creates on one account start ≥ ${SAMPLE_INTERVAL_MS} ms apart, inside its own budget), from right after the backlog was queued until ${sampledAtS.toFixed(1)} s after its first submit (${sampledAtS <= drainS ? 'all during' : 'partly after'} A's drain of ${drainS.toFixed(1)} s); p99 of ${SAMPLES} samples is their maximum`,
        ],
        details: { unloadedB, unloadedO, loadedB, loadedO, drainS, idealS, a, failed, maxInAnySecond, simSpanS, submitMs },
      };
    } finally {
      await simControl(sim.baseUrl, 'POST', '/latency', { ms: 0 }).catch(() => undefined);
    }
  },
};

/**
 * `npm run soak [-- --minutes 10] [--rate 40] [--warmup 2]` — not part of `npm test`.
 *
 * The gateway as production runs it (compiled; one api and two worker processes, separate OS
 * processes) against the TikTok simulator, a fresh database and Redis prefix. A steady open-loop
 * load mixes reads (list assets), async writes (create campaign, 202) and job polls. Every 10 s it
 * samples each process's RSS; after the warm-up no process may grow: the mean of the last minute at
 * most 10 % above the mean of the first minute after warm-up (memory a process gives back is no
 * leak, so shrinking never fails). Prints the curve and exits non-zero when a process grew or any
 * answer was 5xx.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build, needsBuild } from './lib/build';
import { BenchContext, type RunSettings } from './lib/context';
import { clearRedis, createDatabase, dropDatabase, newInfra } from './lib/infra';
import { gatewayEnv } from './lib/gateway';
import { killAllSync, memoryOf, stopAll, type Child } from './lib/processes';
import { ownerWithAccounts } from './lib/setup';

const ACCOUNT = '7000000000000000012';
const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : def;
};
const MINUTES = arg('minutes', 10);
const RATE = arg('rate', 40);
const WARMUP_MIN = arg('warmup', 2);
const SAMPLE_MS = 10_000;

const say = (m: string) => process.stderr.write(`[soak ${new Date().toISOString().slice(11, 19)}] ${m}\n`);
const mb = (b: number) => Math.round(b / 1024 / 1024);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

async function main(): Promise<number> {
  if (needsBuild()) build(say);
  const logDir = mkdtempSync(path.join(os.tmpdir(), 'aag-soak-'));
  const infra = newInfra();
  say(`logs in ${logDir}; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} CPUs (a shared machine skews RSS and latency)`);
  process.once('exit', killAllSync);
  const settings: RunSettings = { quick: false, durationS: MINUTES * 60, repeats: 1, processes: 1, warmupS: WARMUP_MIN * 60, referenceS: 0, cpuProf: false, contended: false };
  try {
    await createDatabase(infra, gatewayEnv(infra, {}), logDir);
    const ctx = new BenchContext(settings, infra, logDir, logDir, say);
    ctx.scenarioId = 'soak';
    const env = await ctx.env(['tiktok'], { TIKTOK_APP_RPS: '0', TIKTOK_ACCOUNT_RPS: '0' });
    const api = await ctx.api(env);
    const workers = [await ctx.worker(env, 'worker', 1), await ctx.worker(env, 'worker', 2)];
    const sim = await ctx.sim('tiktok');
    const owner = await ownerWithAccounts(api.url, { platform: 'tiktok', simUrl: sim.baseUrl, simUser: 'alice', accounts: [ACCOUNT] });
    const auth = { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' };
    const procs: Child[] = [api.child, ...workers];

    const statuses = new Map<number, number>();
    const jobIds: string[] = [];
    let n = 0;
    const one = async () => {
      const i = n++;
      const kind = i % 10;
      let res: Response;
      try {
        if (kind < 6) res = await fetch(`${api.url}/api/v1/tiktok/assets?adAccountId=${ACCOUNT}&level=campaign&page=1&pageSize=10`, { headers: auth });
        else if (kind < 8 || jobIds.length === 0) {
          const body = { adAccountId: ACCOUNT, campaign: { campaignName: `soak ${i}`, objectiveType: 'TRAFFIC', budgetMode: 'BUDGET_MODE_INFINITE', operationStatus: 'DISABLE' } };
          res = await fetch(`${api.url}/api/v1/tiktok/assets`, { method: 'POST', headers: { ...auth, prefer: 'respond-async' }, body: JSON.stringify(body) });
          const id = res.status === 202 ? ((await res.clone().json()) as { data: { jobId: string } }).data.jobId : undefined;
          if (id && jobIds.push(id) > 200) jobIds.shift();
        } else res = await fetch(`${api.url}/api/v1/jobs/${jobIds[i % jobIds.length]}`, { headers: auth });
        await res.arrayBuffer();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      } catch {
        statuses.set(0, (statuses.get(0) ?? 0) + 1);
      }
    };

    const samples: { atS: number; rss: number[] }[] = [];
    const t0 = Date.now();
    const sample = () => {
      const s = { atS: Math.round((Date.now() - t0) / 1000), rss: procs.map((p) => memoryOf(p.pid).rss) };
      samples.push(s);
      say(`t=${String(s.atS).padStart(4)}s rss MB ${procs.map((p, k) => `${p.name}=${mb(s.rss[k]!)}`).join(' ')}  requests=${n}`);
    };
    sample();
    const sampler = setInterval(sample, SAMPLE_MS);
    // Open loop: RATE requests per second whatever the answers take. Each tick sends what is due by
    // now, so a late timer (a loaded machine) catches up instead of lowering the rate.
    const inFlight = new Set<Promise<void>>();
    const loadStart = Date.now();
    const ticker = setInterval(() => {
      const due = Math.floor(((Date.now() - loadStart) / 1000) * RATE);
      while (n < due) {
        const p = one().finally(() => inFlight.delete(p));
        inFlight.add(p);
      }
    }, 1000 / RATE);
    await new Promise((r) => setTimeout(r, MINUTES * 60_000));
    clearInterval(ticker);
    clearInterval(sampler);
    sample();
    await Promise.all(inFlight);

    const after = samples.filter((s) => s.atS >= WARMUP_MIN * 60);
    const firstMin = after.filter((s) => s.atS < WARMUP_MIN * 60 + 60);
    const lastMin = after.filter((s) => s.atS >= MINUTES * 60 - 60);
    let ok = true;
    const lines = procs.map((p, k) => {
      const start = mean(firstMin.map((s) => s.rss[k]!));
      const end = mean(lastMin.map((s) => s.rss[k]!));
      const peak = Math.max(...after.map((s) => s.rss[k]!));
      const growth = start > 0 ? (end - start) / start : 0;
      if (growth > 0.1) ok = false;
      return `${p.name}: after warm-up ${mb(start)} MB → last minute ${mb(end)} MB (${(growth * 100).toFixed(1)} %), peak ${mb(peak)} MB`;
    });
    const fiveXx = [...statuses].filter(([s]) => s >= 500 || s === 0).reduce((a, [, c]) => a + c, 0);
    if (fiveXx > 0) ok = false;
    process.stdout.write(
      `\nsoak: ${MINUTES} min at ${RATE} req/s (60 % reads, 20 % async writes, 20 % job polls), ${n} requests, statuses ${JSON.stringify(Object.fromEntries(statuses))}\n` +
        `${lines.join('\n')}\nRSS growth at most 10 % after ${WARMUP_MIN} min warm-up and no 5xx: ${ok ? 'YES' : 'NO'}\n`,
    );
    return ok ? 0 : 1;
  } finally {
    await stopAll();
    await dropDatabase(infra).catch((e: Error) => say(`could not drop ${infra.dbName}: ${e.message}`));
    await clearRedis(infra).catch((e: Error) => say(`could not clear redis prefix: ${e.message}`));
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`soak failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);

/**
 * 5. Bulk import: the TikTok benchmark advertiser with 100k objects, imported as a job by a worker
 * process. Records/s and the worker's peak RSS; the floor is paging the simulator directly with the
 * page size the import uses (1000), two requests in flight, as the import pages.
 */
import { Pool } from 'undici';
import { numberedPages } from '../../shared/platforms/core/numbered-pages';
import type { BenchContext, Scenario } from '../lib/context';
import { median } from '../lib/load';
import { memoryOf, postgresPids, withCpu, type Child } from '../lib/processes';
import { simToken } from '../lib/sims';
import { call, expectStatus, ownerWithAccounts } from '../lib/setup';
import { UNPACED_TIKTOK } from './read';

const BIG_ACCOUNT = '7000000000000000099';
const PAGE_SIZE = 1000;
const LEVELS = ['campaign', 'adgroup', 'ad'];
const MB = 1024 * 1024;

async function importOnce(api: string, auth: Record<string, string>, worker: Child, timeoutMs: number) {
  const workerPid = worker.pid;
  const t0 = Date.now();
  const r = await call(api, 'GET', `/api/v1/tiktok/import-ad-account?adAccountId=${BIG_ACCOUNT}`, { headers: { ...auth, prefer: 'respond-async' } });
  const { jobId } = expectStatus(r, [200, 202], 'start import') as { jobId: string };
  let peakSampled = 0;
  for (;;) {
    peakSampled = Math.max(peakSampled, memoryOf(workerPid).rss);
    const j = expectStatus(await call(api, 'GET', `/api/v1/jobs/${jobId}`, { headers: auth }), 200, 'poll import job') as {
      state: string;
      result?: Record<string, unknown>;
      error?: unknown;
    };
    if (j.state === 'completed') {
      const seconds = (Date.now() - t0) / 1000;
      const records = countRecords(j.result);
      return { jobId, seconds, records, recordsPerS: records / seconds, result: j.result, peakSampledRss: peakSampled };
    }
    if (j.state === 'failed') throw new Error(`import failed: ${JSON.stringify(j.error).slice(0, 400)}`);
    if (worker.proc.exitCode !== null || worker.proc.signalCode !== null) throw new Error(`the worker died during the import (see ${worker.logFile})`);
    if (Date.now() - t0 > timeoutMs) throw new Error(`import not done after ${timeoutMs} ms (state ${j.state})`);
    await new Promise((res) => setTimeout(res, 200));
  }
}

/** Sums the per-level counts of the job result, whatever nesting the pipeline uses ({ counts: { level: n } } or { level: n }). */
function countRecords(result: unknown): number {
  if (!result || typeof result !== 'object') return 0;
  const o = result as Record<string, unknown>;
  const counts = (o.counts ?? o.levels ?? o) as Record<string, unknown>;
  let total = 0;
  for (const v of Object.values(counts)) {
    if (typeof v === 'number') total += v;
    else if (v && typeof v === 'object' && typeof (v as { records?: unknown }).records === 'number') total += (v as { records: number }).records;
  }
  return total;
}

type PageBody = { code: number; data?: { list?: unknown[]; page_info?: { total_page?: number } } };

/** The floor: the same pages straight from the simulator, paged as the import pages them (numberedPages). */
async function pageDirect(simUrl: string, token: string): Promise<{ seconds: number; records: number }> {
  const pool = new Pool(simUrl, { connections: 2 });
  const t0 = Date.now();
  let records = 0;
  try {
    for (const level of LEVELS) {
      const pages = numberedPages(async (page) => {
        const r = await pool.request({ method: 'GET', path: `/open_api/v1.3/${level}/get/?advertiser_id=${BIG_ACCOUNT}&page=${page}&page_size=${PAGE_SIZE}`, headers: { 'access-token': token } });
        const body = (await r.body.json()) as PageBody;
        if (body.code !== 0) throw new Error(`simulator ${level} page ${page}: code ${body.code}`);
        return { rows: body.data?.list ?? [], pageCount: body.data?.page_info?.total_page ?? 0 };
      });
      for await (const rows of pages) records += rows.length;
    }
  } finally {
    await pool.close();
  }
  return { seconds: (Date.now() - t0) / 1000, records };
}

export const importScenario: Scenario = {
  id: 'import',
  title: 'Bulk import: TikTok advertiser with 100k objects',
  async run(ctx: BenchContext) {
    const sim = await ctx.sim('tiktok');
    const env = await ctx.env(['tiktok'], UNPACED_TIKTOK);
    const api = await ctx.api(env, 'api-import');
    const worker = await ctx.worker(env, 'worker-import');
    const owner = await ownerWithAccounts(api.url, { platform: 'tiktok', simUrl: sim.baseUrl, simUser: 'bench', accounts: [BIG_ACCOUNT] });
    const auth = { authorization: `Bearer ${owner.token}` };
    const idleRss = memoryOf(worker.pid).rss;
    const token = await simToken(sim.baseUrl, 'bench');
    await pageDirect(sim.baseUrl, token); // builds the simulator's lazy records once, for both sides

    const imports = [];
    const floors = [];
    // CPU seconds each process spent on one pass: where an import's time goes on a shared machine.
    const cpu = { simulator: sim.child.pid, worker: worker.pid, api: api.child.pid, postgres: async () => postgresPids() };
    const once = async <T>(fn: () => Promise<T>) => {
      const r = await withCpu(cpu, async () => ({ requests: 1, value: await fn() }));
      return { ...r.value, cpuS: Object.fromEntries(Object.entries(r.cpuMsPerRequest).map(([k, ms]) => [k, ms / 1000])) };
    };
    for (let i = 0; i < ctx.settings.repeats; i++) {
      floors.push(await once(() => pageDirect(sim.baseUrl, token)));
      imports.push(await once(() => importOnce(api.url, auth, worker, 240_000)));
    }
    const cpuText = (runs: { cpuS: Record<string, number> }[], keys: string[]) =>
      keys.map((k) => `${k} ${median(runs.map((r) => r.cpuS[k]!)).toFixed(1)}`).join(', ');
    const peak = memoryOf(worker.pid).peakRss;
    const recPerS = median(imports.map((r) => r.recordsPerS));
    const floorPerS = median(floors.map((f) => f.records / f.seconds));
    return {
      status: 'ok',
      rows: [
        {
          label: `simulator paged directly (page_size ${PAGE_SIZE})`,
          other: `${Math.round(floorPerS)} records/s, ${median(floors.map((f) => f.seconds)).toFixed(2)} s for ${floors[0]!.records} records; CPU s: ${cpuText(floors, ['simulator'])}`,
        },
        {
          label: 'gateway import job (worker process)',
          other: `${Math.round(recPerS)} records/s (${((recPerS / floorPerS) * 100).toFixed(0)} % of floor), ${median(imports.map((r) => r.seconds)).toFixed(1)} s for ${imports[0]!.records} records; worker RSS idle ${Math.round(idleRss / MB)} MB, peak ${Math.round(peak / MB)} MB; CPU s: ${cpuText(imports, ['simulator', 'worker', 'postgres', 'api'])}`,
        },
      ],
      targets: [
        { name: 'import records/s vs the paging floor', expected: '≥ 90 %', actual: `${((recPerS / floorPerS) * 100).toFixed(1)} %`, met: recPerS / floorPerS >= 0.9 },
        { name: `worker peak RSS over ${ctx.settings.repeats} imports`, expected: '≤ 150 MB', actual: `${Math.round(peak / MB)} MB`, met: peak <= 150 * MB, merge: 'max' },
      ],
      notes: [
        `${ctx.settings.repeats} imports of the same advertiser (re-imports update in place); records counted from the job result; TikTok pacing off (TIKTOK_*_RPS=0)`,
        'peak RSS = VmHWM of the worker process over its whole life (it ran nothing else)',
      ],
      details: { imports: imports.map(({ result, ...r }) => ({ ...r, result })), floors, idleRssBytes: idleRss, peakRssBytes: peak },
    };
  },
};

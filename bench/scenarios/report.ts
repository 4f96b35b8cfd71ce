/**
 * 8. Report: one GET /api/v1/reports over 50 accounts across the four platforms (13 Meta, 12 TikTok,
 * 13 Google Ads, 12 LinkedIn, each with five campaigns and metric history, seeded by
 * lib/report-seed.ts), campaign level, daily, 30 days, one request at a time; against the same
 * platform calls made directly with the report's own concurrency (8 accounts at a time), recorded
 * from the platforms' report sources and replayed (lib/report-direct.ts). Both are back-to-back
 * passes timed with performance.now() over warm keep-alive pools, alternated within each run. A third
 * pass, for information only, replays the calls parsing each answer, as a client using the rows must;
 * and the api's own work on the recorded answers is timed alone in this process (lib/report-stages.ts).
 */
import { availableParallelism } from 'node:os';
import { Pool } from 'undici';
import type { Scenario } from '../lib/context';
import { repeat, timedPasses } from '../lib/load';
import { simToken, type SimProcess } from '../lib/sims';
import { activate, call, createTenant, expectStatus, externalToken } from '../lib/setup';
import { withCpu } from '../lib/processes';
import { REPORT_ACCOUNTS } from '../lib/report-seed';
import { closeDirectPools, recordReportCalls, replay, type AccountCalls, type ReportPlatform } from '../lib/report-direct';
import { timeReportStages } from '../lib/report-stages';
import { REPORT_CONCURRENCY } from '../../shared/domain/reports/report.service';

const PLATFORMS: ReportPlatform[] = ['facebook', 'tiktok', 'google', 'linkedin'];
/** Reports timed for the api's work alone (`lib/report-stages.ts`), after as many to warm up. */
const STAGE_ROUNDS = 30;
/** Rows per request: the first page, as a dashboard would ask for it. */
const PAGE_LIMIT = 5000;
const DAY = 86_400_000;
/** Pacing off on every platform: the figure is the gateway's path, not the configured budgets. */
const UNPACED = {
  FACEBOOK_ACCOUNT_RPS: '0', FACEBOOK_APP_RPS: '0', TIKTOK_ACCOUNT_RPS: '0', TIKTOK_APP_RPS: '0',
  GOOGLE_ACCOUNT_RPS: '0', GOOGLE_APP_RPS: '0', LINKEDIN_ACCOUNT_RPS: '0', LINKEDIN_APP_RPS: '0',
};

/** The last 30 full days (every simulator has metric history there). */
function range(): { from: string; to: string } {
  const end = Math.floor(Date.now() / DAY) * DAY - DAY;
  const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
  return { from: iso(end - 29 * DAY), to: iso(end) };
}

/** Every row of the report (the probe pages it to count each platform's rows), after checking no account was left out. */
async function allRows(api: string, path: string, auth: Record<string, string>): Promise<Array<{ platform: string }>> {
  const rows: Array<{ platform: string }> = [];
  let cursor: string | null = null;
  do {
    const page = expectStatus(await call(api, 'GET', cursor ? `${path}&cursor=${cursor}` : path, { headers: auth }), 200, 'gateway report') as {
      rows: Array<{ platform: string }>;
      errors: unknown[];
      nextCursor: string | null;
    };
    if (page.errors.length) throw new Error(`report left out ${page.errors.length} accounts: ${JSON.stringify(page.errors).slice(0, 300)}`);
    rows.push(...page.rows);
    cursor = page.nextCursor;
  } while (cursor);
  return rows;
}

const accountList = () => PLATFORMS.flatMap((platform) => REPORT_ACCOUNTS[platform].ids.map((accountId) => ({ platform, accountId })));

export const reportScenario: Scenario = {
  id: 'report',
  title: 'Report: 50 accounts on four platforms, campaign level, daily, 30 days',
  async run(ctx) {
    const sims = {} as Record<ReportPlatform, SimProcess>;
    for (const p of PLATFORMS) sims[p] = await ctx.sim(p);
    const env = await ctx.env(PLATFORMS, UNPACED);
    const api = await ctx.api(env, 'api-report');
    const { apiKey } = await createTenant(api.url, PLATFORMS);
    const token = await externalToken(api.url, apiKey, `bench-report-${Date.now()}`);
    const platformTokens = {} as Record<ReportPlatform, { url: string; token: string }>;
    for (const p of PLATFORMS) {
      const { user, ids } = REPORT_ACCOUNTS[p];
      await activate(api.url, token, p, sims[p].baseUrl, user, [...ids]);
      platformTokens[p] = { url: sims[p].baseUrl, token: await simToken(sims[p].baseUrl, user) };
    }
    const auth = { authorization: `Bearer ${token}` };
    const r = range();
    const accounts = accountList();
    const path = `/api/v1/reports?${new URLSearchParams({ adAccountIds: accounts.map((a) => `${a.platform}:${a.accountId}`).join(','), ...r, level: 'campaign', granularity: 'day', limit: String(PAGE_LIMIT) })}`;
    const rows = await allRows(api.url, path, auth);
    const perPlatform = PLATFORMS.map((p) => `${p} ${rows.filter((row) => row.platform === p).length}`).join(', ');
    if (PLATFORMS.some((p) => !rows.some((row) => row.platform === p))) throw new Error(`a platform has no rows: ${perPlatform}`);

    const recorded: AccountCalls[] = await recordReportCalls(accounts, platformTokens, { ...r, level: 'campaign', granularity: 'day' }, REPORT_CONCURRENCY);
    const calls = recorded.reduce((n, a) => n + a.calls.length, 0);
    // Before any pass, with the gateway and the simulators idle.
    const stages = await timeReportStages(recorded, { ...r, level: 'campaign', granularity: 'day' }, PAGE_LIMIT, STAGE_ROUNDS);
    const gateway = new Pool(api.url, { connections: 1 });
    const direct = () => replay(recorded, REPORT_CONCURRENCY);
    const directParsed = () => replay(recorded, REPORT_CONCURRENCY, true);
    const simPids = PLATFORMS.map((p) => sims[p].child.pid);
    const viaGateway = async () => {
      const res = await gateway.request({ method: 'GET', path, headers: auth });
      const text = await res.body.text();
      if (res.statusCode !== 200) throw new Error(`gateway report: ${res.statusCode} ${text.slice(0, 200)}`);
    };
    try {
      await timedPasses(ctx.settings.warmupS, viaGateway);
      await timedPasses(Math.min(1, ctx.settings.warmupS), direct);
      const runs = await repeat(ctx.settings.repeats, async () => {
        const g = await withCpu({ api: api.child.pid, sims: simPids }, () => timedPasses(ctx.settings.durationS, viaGateway));
        const d = await withCpu({ sims: simPids }, () => timedPasses(ctx.settings.referenceS, direct));
        const dp = await timedPasses(ctx.settings.referenceS, directParsed);
        return {
          gP50: g.p50, gP99: g.p99, dP50: d.p50, dP99: d.p99, dpP50: dp.p50, dpP99: dp.p99, gPasses: g.requests, dPasses: d.requests,
          apiCpu: g.cpuMsPerRequest.api!, simCpu: g.cpuMsPerRequest.sims!, directSimCpu: d.cpuMsPerRequest.sims!,
        };
      });
      const m = runs.median;
      const cores = availableParallelism();
      return {
        status: 'ok',
        rows: [
          { label: `${calls} calls direct, ${REPORT_CONCURRENCY} accounts at a time`, p50: m.dP50, p99: m.dP99, other: `CPU/report: simulators ${m.directSimCpu.toFixed(1)} ms` },
          { label: 'the same, each answer parsed', p50: m.dpP50, p99: m.dpP99, other: 'informative: the work any client using the rows does' },
          {
            label: "the api's work alone, one process",
            p50: stages.total,
            other: `informative, median of ${STAGE_ROUNDS} on the recorded answers: parse ${stages.parse.toFixed(1)}, platform rows ${stages.rows.toFixed(1)}, build ${stages.build.toFixed(1)}, order ${stages.order.toFixed(1)}, write ${stages.write.toFixed(1)} ms`,
          },
          {
            label: 'gateway report over 50 accounts',
            p50: m.gP50,
            p99: m.gP99,
            other: `p50 ${(m.gP50 / m.dP50).toFixed(2)}× direct, ${(m.gP50 / m.dpP50).toFixed(2)}× parsed; CPU/report: api ${m.apiCpu.toFixed(1)} ms, simulators ${m.simCpu.toFixed(1)} ms`,
          },
        ],
        targets: [{ name: 'report p50 vs the same calls direct, same concurrency', expected: '≤ 1.3×', actual: `${(m.gP50 / m.dP50).toFixed(2)}×`, met: m.gP50 / m.dP50 <= 1.3 }],
        notes: [
          `${rows.length} rows per report, the first ${PAGE_LIMIT} answered per request (${perPlatform}); pacing off on every platform; report concurrency ${REPORT_CONCURRENCY}`,
          // The simulators share the machine with the gateway: with every core busy, no report can answer faster than this.
          `CPU floor on ${cores} cores: (api + simulators) ÷ cores = ${((m.apiCpu + m.simCpu) / cores).toFixed(0)} ms per gateway report, ${(m.directSimCpu / cores).toFixed(0)} ms per direct pass`,
        ],
        details: { runs: runs.runs, calls, stages },
      };
    } finally {
      await Promise.all([gateway.close(), closeDirectPools()]);
    }
  },
};

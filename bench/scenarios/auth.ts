/**
 * 2. Guard and auth cost: the read of scenario 1 with `x-api-key` + `externalUserId` (server-to-server),
 * and with a cold guard cache (a second api process with GUARD_CACHE_TTL_MS=0, so every request
 * checks ownership in PostgreSQL). The baseline is the proxy measured by scenario read in the same
 * run, or measured here when this scenario runs alone.
 */
import type { Scenario } from '../lib/context';
import { repeat } from '../lib/load';
import { startBaseline } from '../lib/sims';
import { ownerWithAccounts } from '../lib/setup';
import { BASELINE_KEY, cpuNote, measure, probeRead, READ_ACCOUNT, READ_CONNECTIONS, UNPACED_TIKTOK, warm } from './read';

interface Medians {
  rps: number;
  p50: number;
  p99: number;
  cpu: number;
  simCpu: number;
}

export const authScenario: Scenario = {
  id: 'auth',
  title: 'Guard and auth cost: x-api-key + externalUserId, cold guard cache',
  async run(ctx) {
    const sim = await ctx.sim('tiktok');
    const env = await ctx.env(['tiktok'], UNPACED_TIKTOK);
    const warmApi = await ctx.api(env, 'api-auth');
    const coldApi = await ctx.api({ ...env, GUARD_CACHE_TTL_MS: '0' }, 'api-coldguard');
    const owner = await ownerWithAccounts(warmApi.url, { platform: 'tiktok', simUrl: sim.baseUrl, simUser: 'alice', accounts: [READ_ACCOUNT] });
    // externalUserId travels in x-external-user-id (docs/api-conventions.md §3), so the URL is the Bearer read's.
    const apiKey = { 'x-api-key': owner.apiKey, 'x-external-user-id': owner.externalUserId };
    const bearer = { authorization: `Bearer ${owner.token}` };
    await probeRead(warmApi.url, apiKey, 'gateway read with x-api-key');
    await probeRead(coldApi.url, bearer, 'gateway read, cold guard');

    let baseline = ctx.shared.get(BASELINE_KEY) as Medians | undefined;
    const baselineSource = baseline ? 'scenario read, same run' : 'measured here';
    if (!baseline) {
      const proxy = await startBaseline(sim.baseUrl, owner.platformToken, ctx.logDir);
      try {
        await probeRead(proxy.url, {}, 'baseline read');
        await warm(ctx, proxy.url, {});
        const b = await repeat(ctx.settings.repeats, async () => {
          const r = await measure(ctx, 'baseline', proxy.url, {}, { server: proxy.child.pid, sim: sim.child.pid });
          return { rps: r.rps, p50: r.p50, p99: r.p99, cpu: r.cpuMsPerRequest.server!, simCpu: r.cpuMsPerRequest.sim! };
        });
        baseline = b.median;
      } finally {
        await proxy.child.stop();
      }
    }
    const base = baseline;

    await warm(ctx, warmApi.url, apiKey);
    await warm(ctx, coldApi.url, bearer);
    const runs = await repeat(ctx.settings.repeats, async () => {
      const k = await measure(ctx, 'x-api-key', warmApi.url, apiKey, { server: warmApi.child.pid, sim: sim.child.pid });
      const c = await measure(ctx, 'cold guard', coldApi.url, bearer, { server: coldApi.child.pid, sim: sim.child.pid });
      return {
        kRps: k.rps, kP50: k.p50, kP99: k.p99, kCpu: k.cpuMsPerRequest.server!, kSimCpu: k.cpuMsPerRequest.sim!,
        cRps: c.rps, cP50: c.p50, cP99: c.p99, cCpu: c.cpuMsPerRequest.server!, cSimCpu: c.cpuMsPerRequest.sim!,
      };
    });
    const m = runs.median;
    const vs = (rps: number, p99: number, cpu: number, simCpu: number) =>
      `${((rps / base.rps) * 100).toFixed(0)} % of baseline req/s, p99 ×${(p99 / base.p99).toFixed(2)}; ${cpuNote({ server: cpu, sim: simCpu }, 'api')}`;
    return {
      status: 'ok',
      rows: [
        { label: `baseline proxy (${baselineSource})`, rps: base.rps, p50: base.p50, p99: base.p99, other: cpuNote({ server: base.cpu, sim: base.simCpu }, 'proxy') },
        { label: 'gateway, x-api-key + externalUserId', rps: m.kRps, p50: m.kP50, p99: m.kP99, other: vs(m.kRps, m.kP99, m.kCpu, m.kSimCpu) },
        { label: 'gateway, Bearer, cold guard (no cache)', rps: m.cRps, p50: m.cP50, p99: m.cP99, other: vs(m.cRps, m.cP99, m.cCpu, m.cSimCpu) },
      ],
      targets: [],
      notes: [
        `${READ_CONNECTIONS} connections, ${ctx.settings.durationS} s × ${ctx.settings.repeats} (median); externalUserId sent as x-external-user-id (docs/api-conventions.md §3)`,
        'the issue sets no target here; compare with the Bearer row of scenario read',
      ],
      details: { runs: runs.runs, baseline },
    };
  },
};

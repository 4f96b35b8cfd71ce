/**
 * Child-process entry for one platform simulator, so the simulator gets its own event loop and never
 * competes with the load generator inside the bench process. Started by sims.ts with `fork()`; it
 * reports its base URL over IPC and stays up until it is killed.
 *
 * argv: <platform> <json options>
 */
import { startFacebookSim } from '../../test/simulators/facebook';
import { startTiktokSim } from '../../test/simulators/tiktok';
import { createGoogleSim } from '../../test/simulators/google';
import { startLinkedinSim } from '../../test/simulators/linkedin';
import { listen, type RunningSim } from '../../test/simulators/common/sim-kit';
import { addFanoutAccounts } from './google-fanout-seed';
import { addFacebookReportAccounts, addGoogleReportAccounts, addLinkedinReportAccounts, addTiktokReportAccounts } from './report-seed';

export interface SimChildOptions {
  /** TikTok benchmark advertiser size (objects). */
  tiktokBigAccount?: number;
  /** Google: extra accounts reachable by the `bench` user, for the GAQL fan-out. */
  googleFanoutAccounts?: number;
  /** Every platform: the report scenario's accounts with metric history (report-seed.ts). */
  reportAccounts?: boolean;
}

async function start(platform: string, opts: SimChildOptions): Promise<RunningSim> {
  switch (platform) {
    case 'facebook': {
      const sim = await startFacebookSim({ port: 0 });
      // Before any request reaches it: seeded objects must come before API-created ones.
      if (opts.reportAccounts) addFacebookReportAccounts(sim.state);
      return sim;
    }
    case 'tiktok': {
      const sim = await startTiktokSim({ port: 0, size: opts.tiktokBigAccount ? { bigAccount: opts.tiktokBigAccount } : 'small' });
      if (opts.reportAccounts) addTiktokReportAccounts(sim.state);
      return sim;
    }
    case 'google': {
      const sim = createGoogleSim({});
      if (opts.googleFanoutAccounts) addFanoutAccounts(sim.state, opts.googleFanoutAccounts);
      if (opts.reportAccounts) addGoogleReportAccounts(sim.state);
      return listen(sim.app, 0);
    }
    case 'linkedin': {
      const sim = await startLinkedinSim({ port: 0 });
      if (opts.reportAccounts) addLinkedinReportAccounts(sim.state);
      return sim;
    }
    default:
      throw new Error(`unknown simulator ${platform}`);
  }
}

async function main(): Promise<void> {
  const platform = process.argv[2] ?? '';
  const opts = JSON.parse(process.argv[3] ?? '{}') as SimChildOptions;
  const sim = await start(platform, opts);
  process.send?.({ ready: true, baseUrl: sim.baseUrl });
  // The parent going away (crash, kill -9) must not leave simulators behind.
  process.on('disconnect', () => process.exit(0));
}

main().catch((err: unknown) => {
  process.stderr.write(`simulator child: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});

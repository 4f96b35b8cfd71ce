/**
 * The simulator and connection pieces of the test world (test/world/), under the names existing
 * test files import.
 */
import type { RunningSim } from '../simulators/common/sim-kit';
import type { SimPlatform } from '../simulators';
import { mintSimToken } from '../world/connect';
import { simulatorEnv, startSimulators } from '../world/sim-control';

export type { SimPlatform } from '../simulators';
export { authorize, connectAccount, connectThroughDialog, type ConnectedAccount } from '../world/connect';

export type Sims = Partial<Record<SimPlatform, RunningSim>>;

/** Starts the simulators of the list in test/simulators/index.ts (default: all) on port 0. */
export async function startSims(which?: SimPlatform[]): Promise<Sims & { close(): Promise<void> }> {
  const handles = await startSimulators(which);
  const sims: Sims = Object.fromEntries(Object.entries(handles).map(([p, h]) => [p, h.raw]));
  return { ...sims, close: async () => void (await Promise.all(Object.values(handles).map((h) => h.close()))) };
}

/** Gateway configuration that points every started platform at its simulator. */
export const simEnv = (sims: Sims): Record<string, string> => simulatorEnv(sims);

/** A platform access token for a seeded simulator user (`POST /__sim/tokens`). */
export async function simToken(sims: Sims, platform: SimPlatform, user = 'alice', extra: Record<string, unknown> = {}): Promise<{ accessToken: string; refreshToken?: string }> {
  const sim = sims[platform];
  if (!sim) throw new Error(`${platform} simulator not started`);
  return mintSimToken(sim.baseUrl, user, extra);
}

/**
 * Connection helpers of the test world (test/world/connect.ts) for tests that hold a bare TestApp
 * and tokens of their own; a world's own `connect`/`consent` are the usual way.
 */
import type { RunningSim } from '../simulators/common/sim-kit';
import type { SimPlatform } from '../simulators';
import { simulatorEnv } from '../world/sim-control';

export type { SimPlatform } from '../simulators';
export { authorize, connectAccount, connectThroughDialog, type ConnectedAccount } from '../world/connect';

export type Sims = Partial<Record<SimPlatform, RunningSim>>;

/** Gateway configuration that points every started platform at its simulator. */
export const simEnv = (sims: Sims): Record<string, string> => simulatorEnv(sims);

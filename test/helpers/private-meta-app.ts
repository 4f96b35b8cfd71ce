import { startFacebookSim, ACCOUNTS } from '../simulators/facebook';
import { startTestApp, type TestApp } from './test-app';
import { configureApps, createTenant, externalUserToken } from './identity';
import { connectAccount } from './connections';
import { freshDatabase, PrivateRedis } from './private-services';
import { isStepName } from './step-names';
import type { GNode } from '../simulators/facebook/model/types';

/** Alice's first Meta ad account, connected and activated in every private Meta app. */
export const PRIVATE_META_ACCOUNT = ACCOUNTS.alice[0];

export interface PrivateMetaApp {
  redis: PrivateRedis;
  db: Awaited<ReturnType<typeof freshDatabase>>;
  sim: Awaited<ReturnType<typeof startFacebookSim>>;
  app: TestApp;
  /** Headers of the external user who owns the account. */
  alice: Record<string, string>;
  /** Campaigns at the simulator whose step-tagged name carries `name`. */
  campaignsNamed(name: string): GNode[];
  close(): Promise<void>;
}

/**
 * An app without workers on a redis-server and a database of its own, with a Meta simulator and
 * one connected account: for tests that stop Redis or scan every job row of their database.
 */
export async function startPrivateMetaApp(dbName: string, env: Record<string, string> = {}): Promise<PrivateMetaApp> {
  const [redis, db, sim] = await Promise.all([PrivateRedis.start(), freshDatabase(dbName), startFacebookSim()]);
  const app = await startTestApp({
    workers: false,
    env: { DATABASE_URL: db.url, REDIS_URL: redis.url, FACEBOOK_GRAPH_URL: sim.baseUrl, FACEBOOK_DIALOG_URL: sim.baseUrl, RATE_LIMIT_PER_MINUTE: '100000', ...env },
  });
  const t = await createTenant(app);
  await configureApps(app, t.apiKey);
  const token = await externalUserToken(app, t.apiKey, 'alice-ext');
  await connectAccount(app, { facebook: sim }, { platform: 'facebook', token, adAccountId: `act_${PRIVATE_META_ACCOUNT}` });
  return {
    redis, db, sim, app,
    alice: { authorization: `Bearer ${token}` },
    campaignsNamed: (name) => [...sim.state.store.nodes.values()].filter((n) => isStepName((n.data as { name?: string }).name, name)),
    async close() {
      await app.close();
      await Promise.all([sim.close(), redis.stop()]);
      await db.drop();
    },
  };
}

/**
 * The test world: the real app in-process, the platform simulators it talks to, and who uses it
 * (a tenant with its API key and app credentials, external users). Every platform's simulator is
 * driven through the same `SimHandle` methods. It is THE way a component test sets these up.
 *
 *   const w = await startWorld({ platform: 'tiktok', workers: true });
 *   const acc = await w.connect('tiktok', { adAccountId: '7000000000000000011' });
 *   await w.sim.injectError({ code: 40100, count: 1 });
 *   const r = await w.call('GET', `/api/v1/tiktok/…`);
 *   expect(await w.sim.calls('/campaign/get/')).toHaveLength(1);
 *
 * One world per file, with what the file needs made in the same step:
 *
 *   const w = useWorld({ platform: 'facebook', workers: true }, async (w) => ({
 *     bob: await w.userFor('bob-ext'),
 *     account: await w.connect('facebook', { adAccountId: 'act_100000000000001' }),
 *   }));
 */
import type { CreateAppOptions } from '../../api/app';
import type { WriteOperation } from '../../shared/platforms/core/write-operation';
import { Connection } from '../../shared/persistence/entities/connection.entity';
import { configureApps, createTenant, externalUserToken, trackSecret, type CreatedTenant } from '../helpers/identity';
import { freshDatabase, PrivateRedis } from '../helpers/private-services';
import { worldPerFile } from './per-file';
import { SIM_PLATFORMS, type SimPlatform } from '../simulators';
import { http, startLinkedTestApp, startTestApp, type JsonResponse, type TestApp } from './app';
import { connectAccount, connectThroughDialog, type ConnectedAccount } from './connect';
import { simulatorEnv, startSimulators, type SimHandle, type SimHandles, type SimStarts } from './sim-control';

export { SimHandle, paramsOf, type FaultSpec, type PlatformErrorSpec, type SimCall, type SimHandles, type SimSettingsOf, type SimStartOptionsOf } from './sim-control';
export { http, type JsonResponse, type TestApp } from './app';
export type { ConnectedAccount } from './connect';
export type { SimPlatform } from '../simulators';

export interface WorldOptions<P extends SimPlatform = SimPlatform> {
  /** The one platform this world is about: its simulator is `world.sim`. */
  platform?: P;
  /** Simulators to start; default: `[platform]` when given, else every platform in the list (`[]`: none). */
  platforms?: readonly SimPlatform[];
  /** How to start a simulator, by platform: its options (`{ tiktok: { size: { bigAccount: 20_000 } } }`) or a function starting it. */
  simulators?: SimStarts;
  /** Extra gateway env (after the simulator URLs). */
  env?: Record<string, string>;
  /** Run the job workers in process. */
  workers?: boolean;
  app?: CreateAppOptions;
  /** Test-only write operations (those `app.extraRoutes` submit) the app and its replicas find besides the platforms' own. */
  writeOperations?: readonly WriteOperation[];
  /** PUBLIC_URL is the app's real address, so links in its emails can be followed. */
  linked?: boolean;
  /** Sign up a tenant and configure the simulators' apps (default true). */
  tenant?: boolean;
  /** Per-platform overrides of the tenant's app fields, e.g. `{ google: { loginCustomerId } }`. */
  apps?: Partial<Record<SimPlatform, Record<string, string>>>;
  /** External user of `world.user` (default 'alice-ext'). */
  externalUserId?: string;
  /**
   * A migrated PostgreSQL database of this world's own (named after the label), dropped on close: for
   * tests whose code scans every row of its database (token maintenance, the job reconciler).
   */
  ownDatabase?: string;
  /** A redis-server of this world's own (`world.redis`), for tests that stop or restart Redis. */
  ownRedis?: boolean;
}

export interface WorldUser {
  externalUserId: string;
  token: string;
  /** `{ authorization: 'Bearer …' }` */
  headers: Record<string, string>;
}

export interface World<P extends SimPlatform = SimPlatform> {
  app: TestApp;
  /** The world's own redis-server, when started with `ownRedis`. */
  redis?: PrivateRedis;
  url: string;
  /** Every started simulator, by platform. */
  sims: SimHandles;
  /** The simulator of `platform` (throws when the world was started without one). */
  sim: SimHandle<P>;
  tenant: CreatedTenant;
  apiKey: string;
  user: WorldUser;
  /** Another external user of the tenant (created on first use). */
  userFor(externalUserId: string): Promise<WorldUser>;
  /** An API call as `as` (default: `world.user`). */
  call(method: string, path: string, opts?: { body?: unknown; headers?: Record<string, string>; as?: WorldUser | Record<string, string> }): Promise<JsonResponse>;
  /**
   * Connects and activates a simulator ad account for a user (default `world.user`, as simulator user
   * 'alice'): through the consent dialog, or `through` a connection the user already made, or
   * (`via: 'token'`) with a minted caller-supplied token; see connectAccount.
   */
  connect(platform: SimPlatform, opts: { adAccountId: string; as?: WorldUser; simUser?: string; via?: 'dialog' | 'token'; through?: Pick<ConnectedAccount, 'platformToken'> }): Promise<ConnectedAccount>;
  /**
   * A connection only, no account activated: the platform's consent dialog as `simUser` (default
   * 'alice'; `decline` unticks Meta permissions), then the gateway callback.
   */
  consent(platform: SimPlatform, opts?: { as?: WorldUser; simUser?: string; decline?: string[]; scopes?: string[]; redirectUri?: string }): Promise<{ connectionId: string; platformToken: string }>;
  /** The platform tokens the gateway holds for a connection, read from its vault (no refresh). */
  storedTokens(connectionId: string): Promise<{ accessToken: string; refreshToken?: string }>;
  /**
   * Another instance of the gateway on the same database, Redis prefix and simulators, with the
   * world's env and app options (each overridable) and its write operations; no workers unless asked.
   * Closed with the world.
   */
  replica(opts?: { workers?: boolean; env?: Record<string, string>; app?: CreateAppOptions }): Promise<TestApp>;
  /** Calls and faults of every simulator cleared, data kept. */
  clearSims(): Promise<void>;
  close(): Promise<void>;
}

const closeOf = (sims: SimHandles) => async () => void (await Promise.all(Object.values(sims).map((s) => s.close())));

/** Stands in for what a world was started without, failing loudly on first use. */
const missing = (why: string) =>
  new Proxy({} as never, {
    get: (_t, k) => {
      if (k === 'then' || typeof k === 'symbol') return undefined;
      throw new Error(`${why}: no .${String(k)}`);
    },
  });
const NO_TENANT = missing('world started with { tenant: false }');

export async function startWorld<P extends SimPlatform = SimPlatform>(opts: WorldOptions<P> = {}): Promise<World<P>> {
  const which = opts.platforms ?? (opts.platform ? [opts.platform] : SIM_PLATFORMS);
  const sims = await startSimulators(which, opts.simulators);
  let db: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  let redis: PrivateRedis | undefined;
  const closeServices = async () => {
    await closeOf(sims)();
    await redis?.stop();
    await db?.drop();
  };
  try {
    if (opts.ownDatabase) db = await freshDatabase(opts.ownDatabase);
    if (opts.ownRedis) redis = await PrivateRedis.start();
  } catch (e) {
    await closeServices();
    throw e;
  }
  const env = { ...simulatorEnv(sims), ...(db ? { DATABASE_URL: db.url } : {}), ...(redis ? { REDIS_URL: redis.url } : {}), ...opts.env };
  let app: TestApp;
  try {
    const start = opts.linked ? startLinkedTestApp : startTestApp;
    app = await start({ workers: opts.workers, app: opts.app, env, writeOperations: opts.writeOperations });
  } catch (e) {
    await closeServices();
    throw e;
  }
  const replicas: TestApp[] = [];
  const close = async () => {
    for (const r of replicas.splice(0)) await r.close();
    await app.close();
    await closeServices();
  };
  try {
    const withTenant = opts.tenant ?? true;
    const tenant = withTenant ? await createTenant(app) : NO_TENANT;
    if (withTenant) await configureApps(app, tenant.apiKey, opts.apps);
    const userFor = async (externalUserId: string): Promise<WorldUser> => {
      const token = await externalUserToken(app, tenant.apiKey, externalUserId);
      return { externalUserId, token, headers: { authorization: `Bearer ${token}` } };
    };
    const user = withTenant ? await userFor(opts.externalUserId ?? 'alice-ext') : NO_TENANT;
    const headersOf = (as: WorldUser | Record<string, string>) => ('headers' in as && typeof as.headers === 'object' ? (as as WorldUser).headers : (as as Record<string, string>));
    return {
      app,
      redis,
      url: app.url,
      sims,
      sim: ((opts.platform && sims[opts.platform]) || missing('world.sim needs startWorld({ platform })')) as SimHandle<P>,
      tenant,
      apiKey: withTenant ? tenant.apiKey : NO_TENANT,
      user,
      userFor,
      call: (method, path, o = {}) => http(app.url, method, path, { body: o.body, headers: { ...headersOf(o.as ?? user), ...o.headers } }),
      connect: (platform, o) => connectAccount(app, sims, { platform, token: (o.as ?? user).token, adAccountId: o.adAccountId, simUser: o.simUser, via: o.via, through: o.through }),
      consent: (platform, o = {}) => connectThroughDialog(app, { platform, token: (o.as ?? user).token, simUser: o.simUser, decline: o.decline, scopes: o.scopes, redirectUri: o.redirectUri }),
      async storedTokens(connectionId) {
        const c = await app.infra.orm.em.fork().findOneOrFail(Connection, { id: connectionId });
        const accessToken = app.services.vault.decrypt(c.accessTokenEnc!);
        const refreshToken = c.refreshTokenEnc ? app.services.vault.decrypt(c.refreshTokenEnc) : undefined;
        trackSecret(accessToken, refreshToken);
        return { accessToken, refreshToken };
      },
      async replica(o = {}) {
        const r = await startTestApp({ workers: o.workers, app: o.app ?? opts.app, env: { ...env, REDIS_PREFIX: app.config.REDIS_PREFIX, ...o.env }, writeOperations: opts.writeOperations });
        replicas.push(r);
        return r;
      },
      clearSims: async () => void (await Promise.all(Object.values(sims).map((s) => s.clear()))),
      close,
    };
  } catch (e) {
    await close();
    throw e;
  }
}

/**
 * One world for the enclosing describe block or file; simulator calls and faults cleared before each
 * test. `setup` runs once the world has started (users, connected accounts…); what it answers is
 * merged into the world object.
 */
export function useWorld<P extends SimPlatform = SimPlatform, X extends object = object>(opts: WorldOptions<P> = {}, setup?: (w: World<P>) => Promise<X | void>): World<P> & X {
  return worldPerFile(
    async () => {
      const w = await startWorld(opts);
      try {
        return Object.assign(w, (await setup?.(w)) ?? {}) as World<P> & X;
      } catch (e) {
        await w.close();
        throw e;
      }
    },
    (w) => w.clearSims(),
  );
}

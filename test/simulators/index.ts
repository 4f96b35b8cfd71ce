/**
 * THE list of platform simulators, keyed by platform name. Test worlds, the sandbox and the standalone
 * runner start simulators from here, point the gateway at them with `env`, and register the app
 * credentials each simulator accepts by default; a new platform adds one entry.
 */
import { startFacebookSim } from './facebook';
import { startGoogleSim } from './google';
import { startLinkedinSim } from './linkedin';
import { startTiktokSim } from './tiktok';

export interface SimStartOptions {
  port?: number;
  latencyMs?: number;
  /** Only registered apps are accepted (the simulator's default app among them). */
  strict?: boolean;
}

/** One entry of the list: how to start a simulator and how the gateway and tenants reach it. */
export interface SimDefinition<S, A extends Readonly<Record<string, string>> = Readonly<Record<string, string>>> {
  start(opts: SimStartOptions): Promise<S>;
  /** Gateway configuration that points the platform at a simulator at `baseUrl`, as it would at the real hosts. */
  env(baseUrl: string): Record<string, string>;
  /** Body of `POST /api/v1/tenant/apps/{platform}`: the app the simulator registers by default (see its README). */
  app: A;
  /** Where `POST` injects an error in the platform's own wire shape (see `SimHandle.injectError`). */
  errorRoute: string;
  /** A second fault list the simulator keeps besides the shared one, cleared with it. */
  extraFaultRoute?: string;
  /** Port of `npm run sim` and the sandbox. */
  defaultPort: number;
}

const define = <S, A extends Readonly<Record<string, string>>>(d: SimDefinition<S, A>) => d;

export const SIMULATORS = {
  facebook: define({
    start: (o) => startFacebookSim(o),
    env: (url) => ({ FACEBOOK_GRAPH_URL: url, FACEBOOK_DIALOG_URL: url }),
    app: { appId: '1234567890123456', appSecret: 'sim-app-secret' } as const,
    errorRoute: '/graph-errors',
    defaultPort: 4101,
  }),
  tiktok: define({
    start: (o) => startTiktokSim(o),
    env: (url) => ({ TIKTOK_API_URL: url, TIKTOK_AUTH_URL: url }),
    app: { appId: 'sim-tiktok-app', secret: 'sim-tiktok-secret' } as const,
    errorRoute: '/platform-errors',
    extraFaultRoute: '/platform-errors',
    defaultPort: 4102,
  }),
  google: define({
    start: (o) => startGoogleSim(o),
    // v22 was sunset on 2026-10-07 (docs/platforms/google.md §1); the simulator refuses it.
    env: (url) => ({ GOOGLE_ADS_URL: url, GOOGLE_OAUTH_URL: url, GOOGLE_TOKEN_URL: url, GOOGLE_ADS_API_VERSION: 'v23' }),
    app: { clientId: 'sim-google-client-id.apps.googleusercontent.com', clientSecret: 'sim-google-client-secret' } as const,
    // The shared fault list renders `{ kind | status }` as Google's own error body.
    errorRoute: '/faults',
    defaultPort: 4103,
  }),
  linkedin: define({
    start: (o) => startLinkedinSim(o),
    env: (url) => ({ LINKEDIN_API_URL: url, LINKEDIN_OAUTH_URL: url }),
    app: { clientId: 'sim-linkedin-app', clientSecret: 'sim-linkedin-secret' } as const,
    // The shared fault list renders `{ kind | status }` as LinkedIn's own error body.
    errorRoute: '/faults',
    defaultPort: 4104,
  }),
};

export type SimPlatform = keyof typeof SIMULATORS;
export const SIM_PLATFORMS = Object.keys(SIMULATORS) as SimPlatform[];
export const isSimPlatform = (p: string): p is SimPlatform => p in SIMULATORS;

/** The started simulator of a platform, with its in-process state and control. */
export type RunningSimOf<P extends SimPlatform> = Awaited<ReturnType<(typeof SIMULATORS)[P]['start']>>;

/** Options and the per-instance context shared by the simulator's routes. */
import type { SimControl } from '../common/sim-kit';
import type { GoogleState } from './state';
import type { TokenStore } from './tokens';

export interface RegisteredApp {
  clientId: string;
  clientSecret: string;
  /** When set (strict mode), authorize/token only accept these redirect URIs. */
  redirectUris?: string[];
}

export interface GoogleSimOptions {
  seed?: number;
  /** 'small' (default); 'large' adds benchmark account 9000000001 with ~100k entities; or pick the count. */
  size?: 'small' | 'large' | { largeAccountEntities: number };
  /** Only registered apps may use OAuth (unknown client → invalid_client). */
  strict?: boolean;
  apps?: RegisteredApp[];
  latencyMs?: number;
  /** Lowest served API version; older ones answer UNSUPPORTED_VERSION (v22 sunset 2026-10-07, docs/platforms/google.md §1). */
  minVersion?: number;
  /**
   * Versions below this are no longer routed: a bare 404 "Not Found" text instead of Google's JSON
   * status (README, Versions); 0 = none. Set it to model a version removed after its sunset.
   */
  goneBelow?: number;
  /** Search page size; Google's is fixed at 10,000 (docs/platforms/google.md §4). Lower it only to test paging on small data. */
  searchPageSize?: number;
  /** Rows per searchStream batch (ASSUMED 10,000, docs/platforms/google.md §4 unconfirmed for REST). */
  streamBatchSize?: number;
  /** Pre-sunset behaviour: a developer-token header is required (docs/platforms/google.md §1). Default false. */
  requireDeveloperToken?: boolean;
  /** Accepted developer tokens when requireDeveloperToken is on; empty = any non-empty value. */
  developerTokens?: string[];
  /** retryDelay (seconds) in the quota error sent when a customer is over its per-second budget. */
  throttleRetrySeconds?: number;
}

export interface Settings {
  seed: number;
  largeAccountEntities: number;
  strict: boolean;
  apps: RegisteredApp[];
  minVersion: number;
  goneBelow: number;
  searchPageSize: number;
  streamBatchSize: number;
  requireDeveloperToken: boolean;
  developerTokens: string[];
  throttleRetrySeconds: number;
}

export const DEFAULT_APP: RegisteredApp = { clientId: 'sim-google-client-id.apps.googleusercontent.com', clientSecret: 'sim-google-client-secret' };

export function settingsFrom(o: GoogleSimOptions): Settings {
  const size = o.size ?? 'small';
  return {
    seed: o.seed ?? 42,
    largeAccountEntities: size === 'small' ? 0 : size === 'large' ? 100_000 : size.largeAccountEntities,
    strict: o.strict ?? false,
    apps: o.apps ?? [DEFAULT_APP],
    minVersion: o.minVersion ?? 23,
    goneBelow: o.goneBelow ?? 0,
    searchPageSize: o.searchPageSize ?? 10_000,
    streamBatchSize: o.streamBatchSize ?? 10_000,
    requireDeveloperToken: o.requireDeveloperToken ?? false,
    developerTokens: o.developerTokens ?? [],
    throttleRetrySeconds: o.throttleRetrySeconds ?? 30,
  };
}

export interface SimContext {
  state: GoogleState;
  tokens: TokenStore;
  control: SimControl;
  settings: Settings;
  /** Operations counted per customer (docs/platforms/google.md §9 counting), for /__sim/usage. */
  usage: Map<string, number>;
}

import { TokenStore } from './auth/tokens';
import { Store } from './model/store';
import { DEFAULT_APP } from './model/seed-ids';
import type { SimApp, SimUser } from './model/types';

/** Tunables a test may change at runtime via `POST /__sim/facebook/config`. */
export interface FacebookTunables {
  /** Polls of `GET /{report_run_id}` until an async report completes. */
  asyncPollsToComplete: number;
  /** Sync insights answering more rows than this get code 1 "reduce the amount of data" (ASSUMED threshold). */
  syncInsightsRowLimit: number;
  /** More breakdowns than this in a sync request get the same error (ASSUMED). */
  syncInsightsMaxBreakdowns: number;
  /** `limit` above this gets code 1 "reduce the amount of data" (ASSUMED; facts: no documented maximum). */
  maxPageSize: number;
  /** Calls per second per key that read as 100 % usage when no budget is set (usage still grows). */
  nominalPerSecond: number;
  /** `estimated_time_to_regain_access` (minutes) reported while blocked. */
  regainMinutes: number;
  /** App-wide calls per second (code 4 past it); 0 = unlimited. */
  appPerSecond: number;
  /** Per-user calls per second (code 17 past it); 0 = unlimited. */
  userPerSecond: number;
  /** Which error an over-budget ad account gets: business use case (80004/80000/…) or legacy 613. */
  accountLimitStyle: 'buc' | 'legacy';
  /** Require appsecret_proof on every call (like "Require App Secret" on). */
  requireAppSecretProof: boolean;
  /** Next async report run fails (`Job Failed` with v25 error fields). */
  failNextReportRun: boolean;
  /**
   * Oldest version served (`v25.0`: v24.0 expired on 2026-11-10). An older one gets (#2635), or with
   * `versionAutoUpgrade` is served as this one with an `X-Ad-Api-Version-Warning` header (README, Versions).
   */
  oldestVersion: string;
  /** The app's "Ads API version auto-upgrade" setting (README, Versions); off, so an expired version fails. */
  versionAutoUpgrade: boolean;
}

export const DEFAULT_TUNABLES: FacebookTunables = {
  asyncPollsToComplete: 2,
  syncInsightsRowLimit: 10_000,
  syncInsightsMaxBreakdowns: 3,
  maxPageSize: 1000,
  nominalPerSecond: 10_000,
  regainMinutes: 1,
  appPerSecond: 0,
  userPerSecond: 0,
  accountLimitStyle: 'buc',
  requireAppSecretProof: false,
  failNextReportRun: false,
  oldestVersion: 'v25.0',
  versionAutoUpgrade: false,
};

export class FacebookState {
  readonly store = new Store();
  readonly tokens = new TokenStore();
  readonly apps = new Map<string, SimApp>();
  /** Permissions each user declined in an app's login dialog (`<userId>:<appId>`), not offered again without `auth_type=rerequest`. */
  readonly declined = new Map<string, Set<string>>();
  tunables: FacebookTunables = { ...DEFAULT_TUNABLES };

  constructor(
    readonly seed: number,
    readonly strict: boolean,
    apps: SimApp[],
  ) {
    for (const app of apps.length ? apps : [DEFAULT_APP]) this.apps.set(app.id, { ...app });
  }

  user(key: string): SimUser | undefined {
    return this.store.users.get(key);
  }

  userById(id: string): SimUser | undefined {
    return this.store.usersById.get(id);
  }

  /** In strict mode only registered apps exist; otherwise any app id is accepted. */
  knownApp(appId: string | undefined): SimApp | undefined {
    if (!appId) return undefined;
    const app = this.apps.get(appId);
    if (app) return app;
    return this.strict ? undefined : { id: appId, secret: '' };
  }
}

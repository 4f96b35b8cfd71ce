import type { SimControl } from '../../common/sim-kit';
import type { FacebookState } from '../state';
import { errors, type GraphError } from './errors';

/** Business use case buckets and the BUC error code each one throttles with (docs/platforms/facebook.md §5/§6). */
export type Bucket = 'ads_management' | 'ads_insights' | 'custom_audience' | 'pages' | 'leadgen';
const BUC_CODE: Record<Bucket, number> = {
  ads_management: 80004,
  ads_insights: 80000,
  custom_audience: 80003,
  pages: 80001,
  leadgen: 80005,
};
const TIER = 'standard_access';

/** O(1) sliding one-second counter (two fixed buckets, linearly weighted). */
class SecondCounter {
  private readonly state = new Map<string, { sec: number; cur: number; prev: number }>();
  hit(key: string, now = Date.now()): number {
    const s = this.touch(key, now);
    s.cur++;
    return this.value(s, now);
  }
  count(key: string, now = Date.now()): number {
    return this.value(this.touch(key, now), now);
  }
  reset(): void {
    this.state.clear();
  }
  private touch(key: string, now: number) {
    const sec = Math.floor(now / 1000);
    let s = this.state.get(key);
    if (!s) {
      s = { sec, cur: 0, prev: 0 };
      this.state.set(key, s);
    }
    if (s.sec !== sec) {
      s.prev = s.sec === sec - 1 ? s.cur : 0;
      s.cur = 0;
      s.sec = sec;
    }
    return s;
  }
  private value(s: { cur: number; prev: number }, now: number): number {
    return s.cur + Math.round(s.prev * (1 - (now % 1000) / 1000));
  }
}

export interface UsageInput {
  appId: string;
  userId: string;
  /** Numeric ad account id (or page id for page buckets) the call is charged to. */
  accountKey?: string;
  bucket: Bucket;
}

export interface UsageOutcome {
  headers: Record<string, string>;
  error?: GraphError;
}

/**
 * Charges a call against app, user and ad-account budgets and renders Meta's usage headers.
 * Per-account budgets come from the shared SimControl (`POST /__sim/budget`); app and user budgets
 * from the facebook tunables. Without a budget the percentages still rise, against a nominal rate.
 */
export class UsageMeter {
  private readonly app = new SecondCounter();
  private readonly user = new SecondCounter();
  private readonly account = new SecondCounter();

  constructor(
    private readonly state: FacebookState,
    private readonly control: SimControl,
  ) {}

  reset(): void {
    this.app.reset();
    this.user.reset();
    this.account.reset();
  }

  charge(input: UsageInput): UsageOutcome {
    const t = this.state.tunables;
    const appCalls = this.app.hit(input.appId);
    const userCalls = this.user.hit(input.userId);
    const appPct = pct(appCalls, t.appPerSecond || t.nominalPerSecond);
    const headers: Record<string, string> = {
      'x-app-usage': JSON.stringify({ call_count: Math.round(appPct), total_cputime: Math.round(appPct / 3), total_time: Math.round(appPct / 2) }),
    };
    let error: GraphError | undefined;
    if (t.appPerSecond && appCalls > t.appPerSecond) error = errors.appLimit();
    else if (t.userPerSecond && userCalls > t.userPerSecond) error = errors.userLimit();

    if (input.accountKey) {
      const key = input.accountKey;
      const limit = this.control.budget.perAccountPerSecond ?? 0;
      let accPct: number;
      let blocked = false;
      if (limit > 0) {
        blocked = this.control.overBudget(`act_${key}`);
        accPct = pct(this.control.window.count(`act_${key}`), limit);
      } else accPct = pct(this.account.hit(key), t.nominalPerSecond);
      const eta = blocked ? t.regainMinutes : 0;
      headers['x-ad-account-usage'] = JSON.stringify({
        acc_id_util_pct: Math.round(accPct * 100) / 100,
        reset_time_duration: blocked ? 1 : 0,
        ads_api_access_tier: TIER,
      });
      headers['x-business-use-case-usage'] = JSON.stringify({
        [key]: [
          {
            type: input.bucket,
            call_count: Math.round(accPct),
            total_cputime: Math.round(accPct / 3),
            total_time: Math.round(accPct / 2),
            estimated_time_to_regain_access: eta,
            ads_api_access_tier: TIER,
          },
        ],
      });
      if (input.bucket === 'ads_insights') {
        headers['x-fb-ads-insights-throttle'] = JSON.stringify({
          app_id_util_pct: Math.round(appPct * 100) / 100,
          acc_id_util_pct: Math.round(accPct * 100) / 100,
          ads_api_access_tier: TIER,
        });
      }
      if (blocked && !error) error = t.accountLimitStyle === 'legacy' ? errors.accountLimit613() : errors.buc(BUC_CODE[input.bucket]);
    }
    // overBudget() already counted account throttles; app and user ones are ours to count
    if (error && (error.body.code === 4 || error.body.code === 17)) this.control.throttled++;
    return { headers, error };
  }
}

function pct(calls: number, limit: number): number {
  return (calls / Math.max(1, limit)) * 100;
}

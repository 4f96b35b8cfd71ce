import pRetry from 'p-retry';
import type { AppError } from '../../errors/app-error';
import type { Metrics } from '../../infra/metrics';
import type { OutboundLimiter } from './limiter';
import type { Failure, PlatformDescriptor, TokenSource } from './types';

/** Carries a retry reason and the platform's wait hint through p-retry. */
export class RetrySignal extends Error {
  constructor(
    readonly reason: string,
    readonly hintMs: number,
    readonly final: AppError,
  ) {
    super(reason);
  }
}

/** What the client's answer to a platform's refusal or usage signal acts on. */
export interface FailureDeps {
  limiter: OutboundLimiter;
  metrics?: Metrics;
  /** Called when the platform says a stored connection's token is dead. */
  onConnectionInvalid?(connectionId: string, status: 'expired' | 'revoked'): Promise<void>;
}

type LimitKeys = { platform: PlatformDescriptor['platform']; appKey: string; accountKey?: string };

/** One attempt's refusal as the retry loop needs it, with the state the attempts share. */
export interface FailureContext {
  retryable: boolean;
  source?: TokenSource;
  /** The token this attempt sent. */
  rejected?: string;
  refreshed(): boolean;
  markRefreshed(): void;
  limitKey: LimitKeys;
  quotaOwnerSent: boolean;
}

/**
 * Turns a classified refusal into what the retry loop does next: a RetrySignal (pause, wait or
 * refresh, then try again) or an AbortError (the call ends with the platform's error).
 */
export async function answerFailure(deps: FailureDeps, failure: Failure, ctx: FailureContext): Promise<never> {
  switch (failure.kind) {
    case 'rate-limit': {
      if (failure.untilReset) {
        // Retrying before the reset only spends calls: hold the customer (and the quota's owner)
        // on every replica, and answer now with the reset as Retry-After.
        const { platform, accountKey, appKey } = ctx.limitKey;
        const why = `quota exhausted until reset: ${failure.error.message}`;
        if (accountKey) await deps.limiter.pause(platform, 'account', accountKey, failure.retryAfterMs, why);
        if (!accountKey || failure.untilReset.alsoApp || ctx.quotaOwnerSent) await deps.limiter.pause(platform, 'app', appKey, failure.retryAfterMs, why);
        throw new pRetry.AbortError(failure.error);
      }
      const key = failure.scope === 'account' && ctx.limitKey.accountKey ? ctx.limitKey.accountKey : ctx.limitKey.appKey;
      const scope = ctx.limitKey.accountKey ? failure.scope : 'app';
      deps.metrics?.notePause(ctx.limitKey.platform, scope, key, failure.retryAfterMs);
      await deps.limiter.pause(ctx.limitKey.platform, scope, key, failure.retryAfterMs, failure.error.message);
      // The platform refused before doing anything, so any call may retry: the limiter holds it
      // until the pause ends, or answers 429 if that is past the caller's deadline.
      throw new RetrySignal(`rate limited: ${failure.error.message}`, 0, failure.error);
    }
    case 'transient':
      if (!ctx.retryable) throw new pRetry.AbortError(failure.error);
      throw new RetrySignal(`transient: ${failure.error.message}`, failure.retryAfterMs ?? 0, failure.error);
    case 'reauth':
      if (failure.refreshable && ctx.source?.refresh && !ctx.refreshed()) {
        ctx.markRefreshed();
        await ctx.source.refresh(ctx.rejected);
        throw new RetrySignal('access token rejected; refreshed once', 0, failure.error);
      }
      if (ctx.source?.connectionId && deps.onConnectionInvalid) {
        await deps.onConnectionInvalid(ctx.source.connectionId, failure.connectionStatus).catch(() => undefined);
      }
      throw new pRetry.AbortError(failure.error);
    default:
      throw new pRetry.AbortError(failure.error);
  }
}

/** Holds the account or app on every replica for as long as a usage level calls for. */
export async function feedUsage(deps: FailureDeps, k: LimitKeys, scope: 'account' | 'app', pct: number, regainMs?: number): Promise<void> {
  const pauseMs = usagePauseMs(pct, regainMs);
  if (pauseMs <= 0) return;
  const key = scope === 'account' && k.accountKey ? k.accountKey : k.appKey;
  deps.metrics?.notePause(k.platform, k.accountKey ? scope : 'app', key, pauseMs);
  await deps.limiter.pause(k.platform, k.accountKey ? scope : 'app', key, pauseMs, `usage ${Math.round(pct)}%`);
}

/**
 * How long to hold calls for a usage level: above 85 % slow down, above 95 % stop longer, and never
 * shorter than the platform's own regain estimate. The platform's usage windows decay, so short
 * pauses let usage fall before the platform blocks.
 */
export function usagePauseMs(pct: number, regainMs?: number): number {
  const regain = regainMs ?? 0;
  if (pct >= 95) return Math.max(regain, USAGE_PAUSE.stopMs);
  if (pct >= 85) return Math.max(regain, USAGE_PAUSE.slowMs);
  return regain;
}

/** Pause lengths for high usage (tunable in one place). */
export const USAGE_PAUSE = { slowMs: 1_000, stopMs: 5_000 };

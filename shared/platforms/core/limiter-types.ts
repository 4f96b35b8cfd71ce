import { AppError } from '../../errors/app-error';

export interface LimitKey {
  platform: string;
  appKey: string;
  accountKey?: string;
  /** Calls per second for this platform's accounts / app; 0 = unpaced. */
  accountRps: number;
  appRps: number;
}

/** A call that was let go: when (on the clock that decided) and whether the shared log decided it. */
export interface Grant {
  platform: string;
  keys: string[];
  at: number;
  shared: boolean;
  /** A job's write: the job id (it went on its reservation when `reserved`). */
  jobId?: string;
  reserved?: boolean;
}

/** A job's write told to come back: its job, when it may go (the deciding clock's epoch ms) and whether that is a reservation. */
export interface Deferral {
  platform: string;
  keys: string[];
  jobId: string;
  /** The decision's time and the time the call may go, on the deciding clock (Redis time when shared). */
  at: number;
  goAt: number;
  /** A reservation in the budget's queue (false: a pause, or the log's own wait while Redis is unreachable or once its reserved time has come). */
  reserved: boolean;
  shared: boolean;
}

/** The answer to a call that may not go within its deadline: 429 with the wait as Retry-After. */
export function limited(platform: string, waitMs: number): AppError {
  return new AppError('PLATFORM_RATE_LIMITED', `The ${platform} rate limit for this account is exhausted; try again later`, {
    retryAfter: Math.max(1, Math.ceil(waitMs / 1000)),
    details: [{ platform, reason: 'outbound limiter', retryAfterMs: Math.ceil(waitMs) }],
  });
}

import { EventEmitter } from 'node:events';
import pRetry from 'p-retry';
import { AppError } from '../../errors/app-error';

/**
 * The total budget of one read: every attempt, backoff and limiter wait comes out of it. At the
 * deadline the in-flight call is aborted and the read rejects with 504 PLATFORM_TIMEOUT at once.
 */
export class ReadDeadline {
  private readonly endsAt: number;
  /**
   * The abort signal handed to undici, which takes an EventEmitter with `aborted` as well as an
   * AbortSignal: every read makes one, and an AbortController's signal cost more than the rest
   * of the deadline in fan-out profiles.
   */
  readonly signal = Object.assign(new EventEmitter(), { aborted: false });

  constructor(
    private readonly ms: number,
    private readonly platformName: string,
  ) {
    this.endsAt = Date.now() + ms;
  }

  remaining(): number {
    return Math.max(0, this.endsAt - Date.now());
  }

  passed(): boolean {
    return this.signal.aborted || this.remaining() === 0;
  }

  error(): AppError {
    return new AppError('PLATFORM_TIMEOUT', `${this.platformName} did not answer within the read deadline of ${Math.round(this.ms / 1000)} s`);
  }

  check(): void {
    if (this.passed()) throw new pRetry.AbortError(this.error());
  }

  /** What the limiter may wait: its own bound if shorter, never past the deadline. */
  limitWait(own: number | undefined): number {
    const left = this.remaining();
    return own === undefined ? left : Math.min(own, left);
  }

  /** Settles with `work`, or with PLATFORM_TIMEOUT at the deadline (aborting the call in flight). */
  race<T>(work: Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.signal.aborted = true;
        this.signal.emit('abort');
        reject(this.error());
      }, this.remaining());
      work.then(
        (v) => {
          clearTimeout(timer);
          resolve(v);
        },
        (e: unknown) => {
          clearTimeout(timer);
          reject(e);
        },
      );
    });
  }
}

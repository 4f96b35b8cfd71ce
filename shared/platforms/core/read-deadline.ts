import pRetry from 'p-retry';
import { AppError } from '../../errors/app-error';

/**
 * What exchange() watches to abort the call in flight (its AbortSource). An AbortController, or even
 * an EventEmitter with its `once` wrappers, costs several times as much to build and to listen to,
 * and every read makes one; exchange() only ever adds one listener per attempt and removes it.
 */
class DeadlineSignal {
  aborted = false;
  reason: Error | undefined;
  private listeners: Array<() => void> | undefined;

  once(_event: 'abort', listener: () => void): void {
    (this.listeners ??= []).push(listener);
  }

  off(_event: 'abort', listener: () => void): void {
    const i = this.listeners ? this.listeners.indexOf(listener) : -1;
    if (i >= 0) this.listeners!.splice(i, 1);
  }

  abort(reason: Error): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    const listeners = this.listeners;
    this.listeners = undefined;
    if (listeners) for (const l of listeners) l();
  }
}

/**
 * The total budget of one read: every attempt, backoff and limiter wait comes out of it. At the
 * deadline the in-flight call is aborted and the read rejects with 504 PLATFORM_TIMEOUT at once.
 */
export class ReadDeadline {
  private readonly endsAt: number;
  readonly signal = new DeadlineSignal();

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
        const error = this.error();
        this.signal.abort(error);
        reject(error);
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

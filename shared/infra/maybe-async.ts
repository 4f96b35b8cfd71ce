/** A value that is ready now, or later. */
export type MaybeAsync<T> = T | Promise<T>;

/**
 * `f(value)`: called at once when the value is ready now, after it resolves otherwise. On a hot path
 * whose answer is usually cached, this spares the promise (and its microtask) an `await` would cost.
 */
export function andThen<T, R>(value: MaybeAsync<T>, f: (v: T) => MaybeAsync<R>): MaybeAsync<R> {
  return value instanceof Promise ? value.then(f) : f(value);
}

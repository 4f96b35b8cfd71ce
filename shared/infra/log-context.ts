import { currentRunContext, withRunContext, type LogContext } from './run-context';

export type { LogContext } from './run-context';

/**
 * Runs `fn` with `ctx` attached to every log line written below it, however deep: the platform
 * client, the limiter and the token refresh log through the process logger and still carry the
 * job's request, job and tenant ids without being handed them.
 */
export function withLogContext<T>(ctx: LogContext, fn: () => T): T {
  return withRunContext({ log: ctx }, fn);
}

export function currentLogContext(): LogContext | undefined {
  return currentRunContext()?.log;
}

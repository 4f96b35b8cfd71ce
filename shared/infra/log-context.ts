import { AsyncLocalStorage } from 'node:async_hooks';

/** Ids that follow one unit of work (a job run) into every log line written while it runs. */
export interface LogContext {
  requestId?: string;
  jobId?: string;
  tenantId?: string;
}

const storage = new AsyncLocalStorage<LogContext>();

/**
 * Runs `fn` with `ctx` attached to every log line written below it, however deep: the platform
 * client, the limiter and the token refresh log through the process logger and still carry the
 * job's request, job and tenant ids without being handed them.
 */
export function withLogContext<T>(ctx: LogContext, fn: () => T): T {
  return storage.run(ctx, fn);
}

export function currentLogContext(): LogContext | undefined {
  return storage.getStore();
}

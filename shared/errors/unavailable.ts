import { AppError } from './app-error';

/** Seconds a client is told to wait when a backing service is down. */
export const DEPENDENCY_RETRY_AFTER_SECONDS = 5;

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);

type ErrorLike = Error & { code?: unknown; sqlState?: unknown; name: string };

/**
 * SQLSTATE classes that mean "the database cannot serve now", not "this statement is wrong":
 * 08 connection exception, 53 insufficient resources, 57P01-57P03 shutdown / cannot connect now.
 * https://www.postgresql.org/docs/current/errcodes-appendix.html
 */
function isDatabaseDown(e: ErrorLike): boolean {
  const state = typeof e.sqlState === 'string' ? e.sqlState : typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) ? e.code : undefined;
  if (state && (state.startsWith('08') || state.startsWith('53') || /^57P0[123]$/.test(state))) return true;
  if (e.name === 'ConnectionException' || e.name === 'KnexTimeoutError') return true;
  return typeof e.message === 'string' && /Connection terminated|Connection ended unexpectedly|Timeout acquiring a connection|Client has encountered a connection error|pool is probably full/i.test(e.message);
}

/** ioredis gives up on a command while its connection is down (maxRetriesPerRequest, closed stream). */
function isRedisDown(e: ErrorLike): boolean {
  if (e.name === 'MaxRetriesPerRequestError') return true;
  return typeof e.message === 'string' && /^Connection is closed\.?$|Stream isn't writeable|enableOfflineQueue options is false|^Redis .*timed out after|redis.* timed out after/i.test(e.message);
}

/**
 * Maps an outage of PostgreSQL or Redis (anywhere in the error's cause chain) to 503
 * SERVICE_UNAVAILABLE with Retry-After; anything else is left to the caller.
 */
export function dependencyUnavailable(err: unknown): AppError | undefined {
  let e = err as ErrorLike | undefined;
  // Duck-typed: errors made by Node's own modules may come from another realm (test sandboxes).
  for (let i = 0; i < 5 && typeof e === 'object' && e !== null; i++) {
    const network = typeof e.code === 'string' && NETWORK_CODES.has(e.code);
    if (isDatabaseDown(e) || isRedisDown(e) || (network && !(err instanceof AppError))) {
      return new AppError('SERVICE_UNAVAILABLE', 'A backing service is unavailable; retry later', {
        retryAfter: DEPENDENCY_RETRY_AFTER_SECONDS,
        cause: err,
      });
    }
    e = (e as { cause?: unknown }).cause as ErrorLike | undefined;
  }
  return undefined;
}

import type { Middleware } from 'openapi-fetch';
import { IDEMPOTENT_OPERATIONS } from './generated/wire';
import { parseRetryAfter } from './errors';

/**
 * How the client proves who it is:
 * - `apiKey` alone: the tenant itself (tenant settings, `POST /api/v1/auth/token`);
 * - `apiKey` + `externalUserId`: acting for one of the tenant's users (the `x-external-user-id` header);
 * - `bearer`: an access token from `POST /api/v1/auth/token` (an external user) or from the tenant login.
 */
export type GatewayAuth = { apiKey: string; externalUserId?: string } | { bearer: string };

export type AuthSource = GatewayAuth | (() => GatewayAuth | Promise<GatewayAuth>);

export interface RetryPolicy {
  /** Further attempts after a network error, 429 or 503. */
  maxRetries: number;
  /** Retry-After values above this are handed to the caller instead of waited out. */
  maxRetryDelayMs: number;
}

const keyed = new Set(IDEMPOTENT_OPERATIONS);

/** Sets the credential headers a call did not set itself, and an Idempotency-Key on the writes that take one. */
export function requestHeaders(auth: AuthSource | undefined, newKey: (() => string) | false): Middleware {
  return {
    async onRequest({ request, schemaPath }) {
      const h = request.headers;
      const a = typeof auth === 'function' ? await auth() : auth;
      if (a && 'bearer' in a) {
        if (!h.has('authorization')) h.set('authorization', `Bearer ${a.bearer}`);
      } else if (a) {
        if (!h.has('x-api-key')) h.set('x-api-key', a.apiKey);
        if (a.externalUserId !== undefined && !h.has('x-external-user-id')) h.set('x-external-user-id', a.externalUserId);
      }
      if (newKey && !h.has('idempotency-key') && keyed.has(`${request.method} ${schemaPath}`)) h.set('idempotency-key', newKey());
      return request;
    },
  };
}

/**
 * fetch with retries for what is safe to repeat: a GET, or a write carrying an Idempotency-Key (the
 * gateway replays its first outcome). Waits out Retry-After; backs off after network errors.
 */
export function retryingFetch(send: (r: Request) => Promise<Response>, policy: RetryPolicy): (r: Request) => Promise<Response> {
  return async (request) => {
    const repeatable = request.method === 'GET' || request.headers.has('idempotency-key');
    for (let attempt = 0; ; attempt++) {
      const last = !repeatable || attempt >= policy.maxRetries;
      let wait: number;
      try {
        const res = await send(last ? request : request.clone());
        if (last || (res.status !== 429 && res.status !== 503)) return res;
        wait = parseRetryAfter(res.headers.get('retry-after')) ?? backoff(attempt);
        if (wait > policy.maxRetryDelayMs) return res;
        await res.body?.cancel();
      } catch (e) {
        if (last || request.signal.aborted) throw e;
        wait = backoff(attempt);
      }
      await sleep(wait, request.signal);
    }
  };
}

const backoff = (attempt: number) => Math.min(4000, 250 * 2 ** attempt);

/** Resolves after `ms`, or rejects with the signal's reason once it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const done = () => {
      signal?.removeEventListener('abort', aborted);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const aborted = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', aborted, { once: true });
  });
}

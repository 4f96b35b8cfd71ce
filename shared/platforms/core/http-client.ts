import { Pool } from 'undici';
import pRetry from 'p-retry';
import { AppError, isAppError } from '../../errors/app-error';
import type { Logger } from '../../infra/logger';
import type { Metrics } from '../../infra/metrics';
import type { OutboundLimiter } from './limiter';
import type {
  ErrorMapper,
  Failure,
  PlatformClient,
  PlatformDescriptor,
  PlatformRequest,
  RawResponse,
  TokenSource,
} from './types';

/** A platform's wire format: how a request is put on the wire and how a success body is unwrapped. */
export interface WireFormat {
  encode(req: PlatformRequest, token: string | undefined): { url: string; headers: Record<string, string>; body?: string };
  /** The part of a successful body callers get (TikTok: `data`). */
  unwrap?(body: unknown): unknown;
}

export interface HttpClientDeps {
  limiter: OutboundLimiter;
  logger: Logger;
  metrics?: Metrics;
  connectTimeoutMs: number;
  responseTimeoutMs: number;
  maxRetries: number;
  /** Called when the platform says a stored connection's token is dead. */
  onConnectionInvalid?(connectionId: string, status: 'expired' | 'revoked'): Promise<void>;
}

/** Carries a retry reason and the platform's wait hint through p-retry. */
class RetrySignal extends Error {
  constructor(
    readonly reason: string,
    readonly hintMs: number,
    readonly final: AppError,
  ) {
    super(reason);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Connection never established: the request cannot have reached the platform, so even a write may retry.
const NOT_SENT = new Set(['ECONNREFUSED', 'UND_ERR_CONNECT_TIMEOUT', 'ENOTFOUND', 'EAI_AGAIN']);
const TIMEOUTS = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);

/**
 * One client per platform: an undici keep-alive pool per origin, the outbound limiter, p-retry with
 * jittered backoff honouring the platform's wait hints, and the platform's error mapper.
 */
export class PlatformHttpClient implements PlatformClient {
  private readonly pools = new Map<string, Pool>();

  constructor(
    private readonly descriptor: PlatformDescriptor,
    private readonly errors: ErrorMapper,
    private readonly wire: WireFormat,
    private readonly deps: HttpClientDeps,
  ) {}

  async request<T = unknown>(req: PlatformRequest): Promise<T> {
    const res = await this.requestRaw(req);
    return (this.wire.unwrap ? this.wire.unwrap(res.body) : res.body) as T;
  }

  async requestRaw(req: PlatformRequest): Promise<RawResponse> {
    const { platform } = this.descriptor;
    const source: TokenSource | undefined = typeof req.token === 'object' ? req.token : undefined;
    const limitKey = {
      platform,
      appKey: req.appKey ?? source?.appKey ?? 'default',
      accountKey: req.accountKey,
      accountRps: this.descriptor.accountRps,
      appRps: this.descriptor.appRps,
    };
    const retryable = req.kind === 'read' || req.idempotent === true;
    let refreshed = false;
    // Only retries log: build the child logger then, not on every call.
    let log: HttpClientDeps['logger'] | undefined;

    const attempt = async (): Promise<RawResponse> => {
      const token = typeof req.token === 'string' ? req.token : source ? await source.get() : undefined;
      let res: RawResponse;
      try {
        res = await this.deps.limiter.run(
          limitKey,
          req.kind,
          async () => {
            await req.wire?.onSend();
            return this.send(req, token);
          },
          req.limitDeadlineMs,
        );
      } catch (err) {
        if (isAppError(err)) throw new pRetry.AbortError(err);
        const code = (err as { code?: string }).code ?? '';
        // Only socket-level failures are the platform's; anything else is our bug and must surface.
        if (!/^(E[A-Z]+|UND_ERR_\w+)$/.test(code)) throw new pRetry.AbortError(err as Error);
        const final = TIMEOUTS.has(code)
          ? new AppError('PLATFORM_TIMEOUT', `${this.descriptor.displayName} did not answer in time`)
          : new AppError('PLATFORM_UNAVAILABLE', `${this.descriptor.displayName} could not be reached`);
        if (NOT_SENT.has(code)) await req.wire?.onSettled();
        if (retryable || NOT_SENT.has(code)) throw new RetrySignal(`network: ${code || (err as Error).message}`, 0, final);
        throw new pRetry.AbortError(final);
      }
      this.count('sent');
      for (const u of this.errors.usage(res)) await this.feedUsage(limitKey, u.scope, u.pct, u.regainMs);
      const failure = this.errors.classify(res);
      if (!failure) return res;
      await req.wire?.onSettled();
      return this.onFailure(failure, { retryable, source, rejected: token, refreshed: () => refreshed, markRefreshed: () => (refreshed = true), limitKey });
    };

    try {
      return await pRetry(attempt, {
        retries: this.deps.maxRetries,
        minTimeout: 150,
        maxTimeout: 5_000,
        factor: 2,
        randomize: true,
        onFailedAttempt: async (e) => {
          const sig = e as unknown as RetrySignal & { attemptNumber: number; retriesLeft: number };
          // Anything but a retry signal (a failed refresh, a bug) ends the call as it is.
          if (!(sig instanceof RetrySignal)) throw e;
          if (sig.retriesLeft <= 0) throw sig.final;
          log ??= this.deps.logger.child({ platform, path: req.path, method: req.method });
          log.warn({ attempt: sig.attemptNumber, reason: sig.reason, waitMs: sig.hintMs }, 'retrying platform call');
          this.count('retried');
          if (sig.hintMs > 0) await sleep(sig.hintMs);
        },
      });
    } catch (err) {
      if (err instanceof RetrySignal) throw err.final;
      if (isAppError(err)) {
        this.count(err.code === 'PLATFORM_RATE_LIMITED' ? 'rate_limited' : 'failed');
        throw err;
      }
      throw err;
    }
  }

  private async onFailure(
    failure: Failure,
    ctx: {
      retryable: boolean;
      source?: TokenSource;
      /** The token this attempt sent. */
      rejected?: string;
      refreshed(): boolean;
      markRefreshed(): void;
      limitKey: { platform: PlatformDescriptor['platform']; appKey: string; accountKey?: string };
    },
  ): Promise<never> {
    switch (failure.kind) {
      case 'rate-limit': {
        const key = failure.scope === 'account' && ctx.limitKey.accountKey ? ctx.limitKey.accountKey : ctx.limitKey.appKey;
        await this.deps.limiter.pause(ctx.limitKey.platform, ctx.limitKey.accountKey ? failure.scope : 'app', key, failure.retryAfterMs, failure.error.message);
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
        if (ctx.source?.connectionId && this.deps.onConnectionInvalid) {
          await this.deps.onConnectionInvalid(ctx.source.connectionId, failure.connectionStatus).catch(() => undefined);
        }
        throw new pRetry.AbortError(failure.error);
      default:
        throw new pRetry.AbortError(failure.error);
    }
  }

  private async feedUsage(k: { platform: PlatformDescriptor['platform']; appKey: string; accountKey?: string }, scope: 'account' | 'app', pct: number, regainMs?: number) {
    const pauseMs = usagePauseMs(pct, regainMs);
    if (pauseMs <= 0) return;
    const key = scope === 'account' && k.accountKey ? k.accountKey : k.appKey;
    await this.deps.limiter.pause(k.platform, k.accountKey ? scope : 'app', key, pauseMs, `usage ${Math.round(pct)}%`);
  }

  private pool(origin: string): Pool {
    let p = this.pools.get(origin);
    if (!p) {
      p = new Pool(origin, {
        connections: 64,
        keepAliveTimeout: 30_000,
        connect: { timeout: this.deps.connectTimeoutMs },
        headersTimeout: this.deps.responseTimeoutMs,
        bodyTimeout: this.deps.responseTimeoutMs,
      });
      this.pools.set(origin, p);
    }
    return p;
  }

  private async send(req: PlatformRequest, token: string | undefined): Promise<RawResponse> {
    const wire = this.wire.encode(req, token);
    // wire.url is already normalized (buildUrl): split it without parsing it a second time.
    const cut = wire.url.indexOf('/', wire.url.indexOf('//') + 2);
    const res = await this.pool(cut < 0 ? wire.url : wire.url.slice(0, cut)).request({
      method: req.method,
      path: cut < 0 ? '/' : wire.url.slice(cut),
      headers: { accept: 'application/json', ...wire.headers, ...req.headers },
      body: wire.body,
    });
    const text = await res.body.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: an outage page; the mapper sees the raw text
    }
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
    return { status: res.statusCode, headers, body };
  }

  private count(outcome: string) {
    this.deps.metrics?.platformCalls.inc({ platform: this.descriptor.platform, outcome });
  }

  async close(): Promise<void> {
    await Promise.all([...this.pools.values()].map((p) => p.close().catch(() => undefined)));
  }
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

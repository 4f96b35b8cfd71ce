import pRetry from 'p-retry';
import { AppError, isAppError } from '../../errors/app-error';
import { isRunLater } from '../../errors/run-later';
import type { Logger } from '../../infra/logger';
import { ReadDeadline } from './read-deadline';
import { retrying } from './retrying';
import { CallOperations } from './call-operation';
import { exchange } from './exchange';
import { answerFailure, feedUsage, RetrySignal, type FailureDeps } from './call-failures';
import { OriginPools, type OriginPoolOptions } from './origin-pools';
import type { ErrorMapper, PlatformClient, PlatformDescriptor, PlatformRequest, RawResponse, TokenSource } from './types';
import { TtlCache } from '../../infra/ttl-cache';
import { keepMemberText, parseKeepingText } from '../../infra/json-text';

/** A platform's wire format: how a request is put on the wire and how a success body is unwrapped. */
export interface WireFormat {
  encode(req: PlatformRequest, token: string | undefined, extra?: { appSecret?: string }): { url: string; headers: Record<string, string>; body?: string };
  /** The part of a successful body callers get (TikTok: `data`). */
  unwrap?(body: unknown): unknown;
}

/** What a client is built with: the limiter and metrics (FailureDeps), its pools' settings (OriginPoolOptions), and these. */
export interface HttpClientDeps extends FailureDeps, OriginPoolOptions {
  logger: Logger;
  maxRetries: number;
  /**
   * Total time a read may take across every attempt, retry wait and limiter wait (READ_DEADLINE_MS);
   * past it the read answers 504 PLATFORM_TIMEOUT. Absent: only the per-attempt timeouts apply.
   */
  readDeadlineMs?: number;
  /** How messages name the platform ("Meta"): its module's displayName, handed over by the registry. */
  displayName?: string;
  /** The limiter's own wait bound for reads (READ_LIMIT_DEADLINE_MS), kept when shorter than what is left. */
  limitWaitMs?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Connection never established: the request cannot have reached the platform, so even a write may retry.
const NOT_SENT = new Set(['ECONNREFUSED', 'UND_ERR_CONNECT_TIMEOUT', 'ENOTFOUND', 'EAI_AGAIN']);
const TIMEOUTS = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);

/**
 * One client per platform: undici keep-alive pools per origin (fan-outs apart), the outbound
 * limiter, p-retry with jittered backoff honouring the platform's wait hints, and the platform's
 * error mapper.
 */
export class PlatformHttpClient implements PlatformClient {
  private readonly pools: OriginPools;
  private readonly operations = new CallOperations();

  constructor(
    private readonly descriptor: PlatformDescriptor,
    private readonly errors: ErrorMapper,
    private readonly wire: WireFormat,
    private readonly deps: HttpClientDeps,
  ) {
    this.pools = new OriginPools(deps);
  }

  request<T = unknown>(req: PlatformRequest): Promise<T> {
    // then() rather than an async frame of its own: every platform call (a fan-out's 50) comes through here.
    return this.requestRaw(req).then((res) => {
      if (!this.wire.unwrap) return res.body as T;
      const part = this.wire.unwrap(res.body);
      // A proxied answer is sent as the platform's own text: the unwrapped part keeps its own.
      if (req.passthrough) keepMemberText(res.body, part);
      return part as T;
    });
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
    const deadline = req.kind === 'read' && this.deps.readDeadlineMs ? new ReadDeadline(this.deps.readDeadlineMs, this.deps.displayName ?? platform) : undefined;
    let refreshed = false;
    // Only retries log: build the child logger then, not on every call.
    let log: HttpClientDeps['logger'] | undefined;

    const attempt = async (): Promise<RawResponse> => {
      deadline?.check();
      const token = typeof req.token === 'string' ? req.token : source ? await source.get() : undefined;
      const appSecret = req.appSecret ?? (token && source?.appSecret ? await source.appSecret() : undefined);
      let res: RawResponse;
      const queuedAt = performance.now();
      // What the call itself did, apart from the limiter around it: the limiter's own Redis can
      // fail after the request left (a Redis restart), and that must not read as "never sent".
      const call: { started: boolean; answer?: RawResponse; error?: unknown } = { started: false };
      try {
        const limitWait = deadline ? deadline.limitWait(req.limitDeadlineMs ?? this.deps.limitWaitMs) : req.limitDeadlineMs;
        res = await this.deps.limiter.run(
          limitKey,
          req.kind,
          // Chained with then() rather than an async frame: every call's send goes through here.
          () => {
            this.deps.metrics?.limiterWait.observe({ platform, kind: req.kind }, (performance.now() - queuedAt) / 1000);
            const go = () => {
              call.started = true;
              return this.send(req, token, appSecret, deadline).then(
                (answer) => (call.answer = answer),
                (e: unknown) => {
                  call.error = e;
                  throw e;
                },
              );
            };
            return req.wire ? req.wire.onSend().then(go) : go();
          },
          limitWait,
        );
      } catch (err) {
        if (call.answer) res = call.answer;
        else {
          // A job's write the limiter sent back (nothing left): the job runner puts the job back.
          if (isRunLater(err)) throw new pRetry.AbortError(err);
          if (isAppError(err)) throw new pRetry.AbortError(err);
          if (deadline?.passed()) throw new pRetry.AbortError(deadline.error());
          const code = (err as { code?: string }).code ?? '';
          const unavailable = new AppError('PLATFORM_UNAVAILABLE', `${this.deps.displayName ?? platform} could not be reached`);
          if (err !== call.error) {
            // The limiter failed, not the call: nothing left yet (retry is safe), or a write whose
            // outcome is unknown (the job's checkpoint resolves it, never a blind resend).
            if (!call.started || retryable) throw new RetrySignal(`limiter: ${(err as Error).message}`, 0, unavailable);
            throw new pRetry.AbortError(unavailable);
          }
          // Only socket-level failures are the platform's; anything else is our bug and must surface.
          if (!/^(E[A-Z]+|UND_ERR_\w+)$/.test(code)) throw new pRetry.AbortError(err as Error);
          const final = TIMEOUTS.has(code) ? new AppError('PLATFORM_TIMEOUT', `${this.deps.displayName ?? platform} did not answer in time`) : unavailable;
          if (NOT_SENT.has(code)) await req.wire?.onSettled();
          if (retryable || NOT_SENT.has(code)) throw new RetrySignal(`network: ${code || (err as Error).message}`, 0, final);
          throw new pRetry.AbortError(final);
        }
      }
      this.count('sent');
      for (const u of this.errors.usage(res)) await feedUsage(this.deps, limitKey, u.scope, u.pct, u.regainMs);
      const failure = this.errors.classify(res, { version: this.descriptor.apiVersion, passthrough: !!req.passthrough });
      if (!failure) return res;
      // A proxied call hands the platform's own answer on with its error (already without the token).
      if (req.passthrough && res.body !== undefined) failure.error.platform = res.body;
      await req.wire?.onSettled();
      return answerFailure(this.deps, failure, {
        retryable,
        source,
        rejected: token,
        refreshed: () => refreshed,
        markRefreshed: () => (refreshed = true),
        limitKey,
        quotaOwnerSent: !!this.descriptor.quotaOwnerHeader && !!req.headers?.[this.descriptor.quotaOwnerHeader],
      });
    };

    const startedAt = performance.now();
    let code = '';
    try {
      const retried = retrying(attempt, {
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
          if (sig.hintMs > 0) await sleep(deadline ? Math.min(sig.hintMs, deadline.remaining()) : sig.hintMs);
        },
      });
      return await (deadline ? deadline.race(retried) : retried);
    } catch (err) {
      const final = err instanceof RetrySignal ? err.final : err;
      code = isAppError(final) ? final.code : isRunLater(final) ? 'RUN_LATER' : 'INTERNAL';
      if (isAppError(final)) this.count(final.code === 'PLATFORM_RATE_LIMITED' ? 'rate_limited' : 'failed');
      throw final;
    } finally {
      this.observeCall(req, code, performance.now() - startedAt);
    }
  }

  /**
   * One log line and one latency sample per call (retries included). The line carries the job's
   * request, job and tenant ids through the log context; writes log at info, reads at debug.
   */
  private observeCall(req: PlatformRequest, code: string, ms: number): void {
    const { platform } = this.descriptor;
    const operation = this.operations.of(req);
    // A job's write sent back by the limiter was not made: not an error, and no call to time.
    const outcome = code === 'RUN_LATER' ? 'deferred' : code ? 'error' : 'ok';
    this.deps.metrics?.platformCallDuration.observe({ platform, operation, outcome, code: code || 'none' }, ms / 1000);
    const level = req.kind === 'write' ? 'info' : 'debug';
    if (this.deps.logger.isLevelEnabled(level)) {
      this.deps.logger[level]({ platform, operation, kind: req.kind, outcome, errorCode: code || undefined, ms: Math.round(ms) }, 'platform call');
    }
  }

  private async send(req: PlatformRequest, token: string | undefined, appSecret: string | undefined, deadline?: ReadDeadline): Promise<RawResponse> {
    const wire = this.wire.encode(req, token, { appSecret });
    // wire.url is already normalized (buildUrl): split it without parsing it a second time.
    const cut = wire.url.indexOf('/', wire.url.indexOf('//') + 2);
    const name = this.deps.displayName ?? this.descriptor.platform;
    const limit = req.passthrough ? { maxBytes: req.passthrough.maxResponseBytes, tooLarge: () => new AppError('PLATFORM_RESPONSE_TOO_LARGE', `${name}'s answer is over the proxy's limit of ${req.passthrough!.maxResponseBytes} bytes`) } : undefined;
    const res = await exchange(
      this.pools.get(cut < 0 ? wire.url : wire.url.slice(0, cut), req.lane),
      {
        method: req.method,
        path: cut < 0 ? '/' : wire.url.slice(cut),
        headers: callHeaders(wire.headers, req.headers),
        body: wire.body,
      },
      deadline?.signal,
      limit,
    );
    const text = req.passthrough ? redactToken(res.text, token) : res.text;
    let body: unknown = text;
    try {
      body = text ? (req.parseBody ? req.parseBody(text) : req.passthrough ? parseKeepingText(text) : JSON.parse(text)) : undefined;
    } catch {
      // not JSON: an outage page; the mapper sees the raw text
    }
    return { status: res.status, headers: res.headers, body };
  }

  private count(outcome: string) {
    this.deps.metrics?.platformCalls.inc({ platform: this.descriptor.platform, outcome });
  }

  close(): Promise<void> {
    return this.pools.close();
  }
}

/**
 * What `{ accept: 'application/json', ...wire, ...own }` gives (same keys, order and precedence),
 * copied by hand: the spread into a literal took a runtime copy on every platform call.
 */
function callHeaders(wire: Record<string, string>, own: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = { accept: 'application/json' };
  for (const k in wire) out[k] = wire[k]!;
  if (own) for (const k in own) out[k] = own[k]!;
  return out;
}

const REDACTED = '[REDACTED]';

/** The text with every occurrence of the token (as is, JSON-escaped, URL-encoded) replaced: platforms echo tokens where no rule foresees. */
export function redactToken(text: string, token: string | undefined): string {
  // A short string could match innocent text; every platform token is far longer.
  if (!token || token.length < 8) return text;
  let out = text;
  for (const form of tokenForms(token)) if (out.includes(form)) out = out.split(form).join(REDACTED);
  return out;
}

/**
 * The forms of the tokens redacted lately: a passthrough answer is scanned on every call, and building
 * the forms cost more than the scan. Entries expire, so a token no longer in use is not held for good.
 */
const recentTokenForms = new TtlCache<string, string[]>(10 * 60_000, 256);

/** A token's distinct forms: as is, JSON-escaped, URL-encoded. */
function tokenForms(token: string): string[] {
  let forms = recentTokenForms.get(token);
  if (!forms) {
    forms = [...new Set([token, JSON.stringify(token).slice(1, -1), encodeURIComponent(token)])];
    recentTokenForms.set(token, forms);
  }
  return forms;
}

import type { Client } from 'openapi-fetch';
import type { components, paths } from './generated/openapi';
import { GatewayError, JobPendingError, isObject, parseRetryAfter } from './errors';
import { successOf, type ApiResult } from './results';
import { sleep } from './transport';

export type Job = components['schemas']['JobDto'];
export type JobAccepted = components['schemas']['JobAcceptedDto'];

export interface WaitOptions {
  /** Give up waiting (JobPendingError) after this long. Default 120 000 ms. */
  timeoutMs?: number;
  /** Stops the wait (JobPendingError carrying the signal's reason as `cause`). */
  signal?: AbortSignal;
  /** First pause between polls; it grows ×1.5 up to `maxIntervalMs`. A `Retry-After` overrides it. Default 500 ms. */
  intervalMs?: number;
  /** Default 5 000 ms. */
  maxIntervalMs?: number;
}

type Api = Client<paths>;

/**
 * A write's or import's outcome: a 200 is the result already; a 202 names the job, which is polled
 * until it ends. A completed job's `result` is what the 200 would have carried; a failed job throws
 * GatewayError with the job's code and the request id that started it.
 */
export async function outcomeOf(api: Api, call: Promise<ApiResult<unknown>>, o: WaitOptions): Promise<unknown> {
  const { data: envelope, response } = await successOf(call);
  const data = isObject(envelope) ? envelope.data : undefined;
  if (response.status !== 202) return data;
  const accepted = data;
  if (!isObject(accepted) || typeof accepted.jobId !== 'string') throw new GatewayError({ code: 'UNEXPECTED_RESPONSE', message: '202 without a job id', status: 202 });
  const jobId = jobIdFrom(response.headers.get('location')) ?? accepted.jobId;
  const first = parseRetryAfter(response.headers.get('retry-after')) ?? o.intervalMs ?? 500;
  return (await pollJob(api, jobId, first, o)).result;
}

/** The job id in a `Location: /api/v1/jobs/{jobId}` (absolute or relative). */
function jobIdFrom(location: string | null): string | undefined {
  if (!location) return undefined;
  const m = /\/api\/v1\/jobs\/([^/?#]+)$/.exec(new URL(location, 'http://x').pathname);
  return m?.[1] ? decodeURIComponent(m[1]) : undefined;
}

/** Polls `GET /api/v1/jobs/{jobId}` until the job completes (returned) or fails (thrown). */
export async function pollJob(api: Api, jobId: string, firstDelayMs: number, o: WaitOptions): Promise<Job> {
  const timeoutMs = o.timeoutMs ?? 120_000;
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(new DOMException(`No outcome within ${timeoutMs} ms`, 'TimeoutError')), timeoutMs);
  const onAbort = () => stop.abort(o.signal?.reason);
  if (o.signal?.aborted) onAbort();
  else o.signal?.addEventListener('abort', onAbort, { once: true });
  const signal = stop.signal;
  let delay = firstDelayMs;
  let state = 'queued';
  try {
    for (;;) {
      await sleep(delay, signal);
      const r = await api.GET('/api/v1/jobs/{jobId}', { params: { path: { jobId } }, signal });
      const retryAfter = parseRetryAfter(r.response.headers.get('retry-after'));
      delay = retryAfter ?? Math.min(o.maxIntervalMs ?? 5000, Math.max(delay, o.intervalMs ?? 500) * 1.5);
      if (r.error !== undefined || !r.response.ok) {
        // Busy or briefly unavailable: the job runs on regardless, so keep waiting.
        if (r.response.status === 429 || r.response.status === 503) continue;
        throw GatewayError.fromResponse(r.response, r.error);
      }
      const job = r.data.data;
      state = job.state;
      if (job.state === 'completed') return job;
      if (job.state === 'failed') throw GatewayError.fromJob(job);
    }
  } catch (e) {
    if (signal.aborted) throw new JobPendingError(jobId, state, { cause: signal.reason });
    throw e;
  } finally {
    clearTimeout(timer);
    o.signal?.removeEventListener('abort', onAbort);
  }
}

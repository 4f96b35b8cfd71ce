/**
 * Load generation with autocannon (never a hand-rolled loop), repeated runs and medians.
 */
import autocannon from 'autocannon';

export interface LoadSpec {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Per-request body (e.g. a unique campaign name); overrides `body`. */
  bodyFor?: (n: number) => string;
  connections: number;
  durationS: number;
  /** Stop after this many requests instead of after `durationS` (a warm-up sized in work, not time). */
  amount?: number;
  /** Offered load in req/s across all connections (open-ish model); unset = as fast as possible. */
  overallRate?: number;
  /** Requests per second per connection: with many connections, the offered rate holds even when answers are slow. */
  connectionRate?: number;
  timeoutS?: number;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  mean: number;
  requests: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  durationS: number;
  /** Status code → count (from autocannon's statusCodeStats). */
  statuses: Record<string, number>;
}

let seq = 0;

export async function load(spec: LoadSpec): Promise<LoadResult> {
  const bodyFor = spec.bodyFor;
  const r = await autocannon({
    url: spec.url,
    method: spec.method ?? 'GET',
    headers: { ...spec.headers, ...(spec.body || bodyFor ? { 'content-type': 'application/json' } : {}) },
    body: spec.body,
    connections: spec.connections,
    duration: spec.durationS,
    amount: spec.amount,
    overallRate: spec.overallRate,
    connectionRate: spec.connectionRate,
    timeout: spec.timeoutS ?? 30,
    // One request per connection at a time: latency percentiles mean what they say.
    pipelining: 1,
    requests: bodyFor ? [{ setupRequest: (req: any) => ({ ...req, body: bodyFor(++seq) }) }] : undefined,
  });
  const statuses: Record<string, number> = {};
  for (const [code, v] of Object.entries((r as any).statusCodeStats ?? {})) statuses[code] = (v as { count: number }).count;
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    mean: r.latency.average,
    requests: r.requests.total,
    ok: r['2xx'],
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    durationS: r.duration,
    statuses,
  };
}

export function median(xs: number[]): number {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

export interface Repeated<T> {
  median: T;
  runs: T[];
}

/** Median of each numeric field over the runs (each field independently). */
export function medianOf<T extends object>(runs: T[]): T {
  const first = runs[0]!;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(first)) {
    out[k] = typeof v === 'number' ? median(runs.map((r) => (r as Record<string, number>)[k]!)) : v;
  }
  return out as T;
}

export async function repeat<T extends object>(times: number, run: (i: number) => Promise<T>): Promise<Repeated<T>> {
  const runs: T[] = [];
  for (let i = 0; i < times; i++) runs.push(await run(i));
  return { median: medianOf(runs), runs };
}

/** Fails loudly when a load run did not measure what it claims (mostly errors or non-2xx). */
export function assertHealthy(label: string, r: LoadResult, maxBadShare = 0.01): void {
  const bad = r.non2xx + r.errors + r.timeouts;
  if (r.requests === 0 || bad / Math.max(1, r.requests + r.errors) > maxBadShare) {
    throw new Error(`${label}: ${bad} of ${r.requests} requests failed (statuses ${JSON.stringify(r.statuses)}, errors ${r.errors}, timeouts ${r.timeouts})`);
  }
}

/**
 * Back-to-back passes for `seconds`, one at a time, each timed with performance.now(): for
 * comparisons at one in flight, where autocannon's whole milliseconds are too coarse (a 5 ms answer
 * timed in whole milliseconds could only compare as 1.0× or 1.2×).
 */
export async function timedPasses(seconds: number, pass: () => Promise<void>) {
  const times: number[] = [];
  const t0 = performance.now();
  const until = t0 + seconds * 1000;
  while (performance.now() < until) {
    const start = performance.now();
    await pass();
    times.push(performance.now() - start);
  }
  const s = [...times].sort((a, b) => a - b);
  const elapsedS = (performance.now() - t0) / 1000;
  return { p50: median(times), p99: s[Math.min(s.length - 1, Math.floor(s.length * 0.99))]!, requests: times.length, rps: times.length / elapsedS };
}

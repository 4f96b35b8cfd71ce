import { Registry, collectDefaultMetrics, Histogram, Counter, Gauge } from 'prom-client';

/** Per-queue job counts by state and the age of the oldest runnable job, read from Redis at scrape time. */
export type QueueCounter = () => Promise<Record<string, { counts: Record<string, number>; oldestWaitingSeconds: number }>>;

/** Days left before each platform's API version in use is sunset, read at scrape time. */
export type VersionDaysReader = () => Record<string, number>;

/**
 * One registry per process (per app in tests), so several apps in one jest worker never collide.
 * Labels are bounded sets (platform, operation name, error code, queue, state): never a tenant,
 * account, job or request id, which would grow without limit.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  readonly platformCalls: Counter<'platform' | 'outcome'>;
  readonly webhookDeliveries: Counter<'outcome'>;
  readonly platformCallDuration: Histogram<'platform' | 'operation' | 'outcome' | 'code'>;
  readonly jobDuration: Histogram<'queue' | 'operation' | 'outcome'>;
  readonly limiterWait: Histogram<'platform' | 'kind'>;
  readonly tokenRefreshes: Counter<'platform' | 'outcome'>;
  /** MCP tool calls by tool and outcome (ok, dry_run, or the error code). */
  readonly mcpToolCalls: Histogram<'tool' | 'outcome'>;
  /** platform -> key -> pause end (ms); a gauge counts the live ones at scrape time. */
  private readonly pauses = new Map<string, Map<string, number>>();
  private queueCounter?: QueueCounter;
  private versionDays?: VersionDaysReader;

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    const registers = [this.registry];
    this.httpDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration by route template and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.platformCalls = new Counter({
      name: 'platform_calls_total',
      help: 'Outbound platform calls by outcome',
      labelNames: ['platform', 'outcome'],
      registers,
    });
    this.platformCallDuration = new Histogram({
      name: 'platform_call_duration_seconds',
      help: 'Outbound platform call latency (all retries included) by platform, operation, outcome and our error code',
      labelNames: ['platform', 'operation', 'outcome', 'code'],
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers,
    });
    this.jobDuration = new Histogram({
      name: 'job_duration_seconds',
      help: 'Job run time per attempt by queue, operation and outcome (completed, failed, retry, delayed)',
      labelNames: ['queue', 'operation', 'outcome'],
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 1800],
      registers,
    });
    this.limiterWait = new Histogram({
      name: 'limiter_wait_seconds',
      help: 'Time an outbound call waited for the rate limiter (pacing and pauses) by platform and call kind',
      labelNames: ['platform', 'kind'],
      buckets: [0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });
    this.tokenRefreshes = new Counter({
      name: 'token_refresh_total',
      help: 'Platform token refreshes and extensions by outcome (refreshed, extended, reauth_required, failed)',
      labelNames: ['platform', 'outcome'],
      registers,
    });
    const pauses = this.pauses;
    new Gauge({
      name: 'limiter_paused_keys',
      help: 'Ad accounts (scope=account) and platform apps (scope=app) this process saw paused by a platform limit, by platform',
      labelNames: ['platform', 'scope'],
      registers,
      collect() {
        this.reset();
        const now = Date.now();
        for (const [platformScope, keys] of pauses) {
          let live = 0;
          for (const [k, until] of keys) {
            if (until > now) live++;
            else keys.delete(k);
          }
          const [platform, scope] = platformScope.split('|') as [string, string];
          this.set({ platform, scope }, live);
        }
      },
    });
    const queueCounter = () => this.queueCounter;
    // Every worker reports the same queues: an autoscaler takes the max over pods, never the sum.
    new Gauge({
      name: 'queue_jobs',
      help: 'Jobs in each queue by state (waiting, prioritized, delayed, active, completed, failed; delayed_due: delayed whose time has come, also in delayed); the same on every process, read from Redis',
      labelNames: ['queue', 'state'],
      registers,
      async collect() {
        const count = queueCounter();
        if (!count) return;
        this.reset();
        const depth = await count().catch(() => undefined);
        for (const [queue, d] of Object.entries(depth ?? {})) {
          for (const [state, n] of Object.entries(d.counts)) this.set({ queue, state }, n);
        }
      },
    });
    new Gauge({
      name: 'queue_oldest_waiting_seconds',
      help: 'Age of the oldest job a worker could take now (waiting, prioritized, or delayed and due), by queue; 0 when none',
      labelNames: ['queue'],
      registers,
      async collect() {
        const count = queueCounter();
        if (!count) return;
        this.reset();
        const depth = await count().catch(() => undefined);
        for (const [queue, d] of Object.entries(depth ?? {})) this.set({ queue }, d.oldestWaitingSeconds);
      },
    });
    const versionDays = () => this.versionDays;
    new Gauge({
      name: 'platform_version_days_left',
      help: "Days before the platform API version in use is sunset (0 or less: past it), by platform; absent while the platform has announced no sunset",
      labelNames: ['platform'],
      registers,
      collect() {
        const read = versionDays();
        if (!read) return;
        this.reset();
        for (const [platform, days] of Object.entries(read())) this.set({ platform }, days);
      },
    });
    this.mcpToolCalls = new Histogram({
      name: 'mcp_tool_call_duration_seconds',
      help: 'MCP tool call duration by tool and outcome (ok, dry_run, or the error code)',
      labelNames: ['tool', 'outcome'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });
    this.webhookDeliveries = new Counter({
      name: 'webhook_deliveries_total',
      help: 'Webhook delivery attempts by outcome (delivered, retry, failed, refused)',
      labelNames: ['outcome'],
      registers: [this.registry],
    });
  }

  observeHttp(method: string, route: string, status: number, seconds: number): void {
    this.httpDuration.observe({ method, route, status: String(status) }, seconds);
  }

  /** Queue depth is read from Redis only when scraped. */
  countQueuesWith(counter: QueueCounter): void {
    this.queueCounter = counter;
  }

  readVersionDaysWith(reader: VersionDaysReader): void {
    this.versionDays = reader;
  }

  notePause(platform: string, scope: 'account' | 'app', key: string, ms: number): void {
    const k = `${platform}|${scope}`;
    let m = this.pauses.get(k);
    if (!m) this.pauses.set(k, (m = new Map()));
    const until = Date.now() + ms;
    if ((m.get(key) ?? 0) < until) m.set(key, until);
  }
}

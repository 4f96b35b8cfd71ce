import { Registry, collectDefaultMetrics, Histogram, Counter } from 'prom-client';

/** One registry per process (per app in tests), so several apps in one jest worker never collide. */
export class Metrics {
  readonly registry = new Registry();
  private readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  readonly platformCalls: Counter<'platform' | 'outcome'>;
  readonly webhookDeliveries: Counter<'outcome'>;

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    this.httpDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration by route template and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
    this.platformCalls = new Counter({
      name: 'platform_calls_total',
      help: 'Outbound platform calls by outcome',
      labelNames: ['platform', 'outcome'],
      registers: [this.registry],
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
}

import { ReplicatedCache, type InvalidationChannel } from '../cache/replicated-cache';
import type { WebhookEventType } from './events';

type Execute = (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

/**
 * Which event types each tenant's enabled endpoints take, in process, so a job's finish writes no
 * event row (and queues no dispatch) for a tenant nobody listens to, without a query each time.
 * A change to a tenant's endpoints drops its entry on every replica.
 */
export class EventSubscriptions {
  private readonly cache: ReplicatedCache<ReadonlySet<string>>;

  constructor(opts: { ttlMs: number; channel: InvalidationChannel; max?: number }) {
    this.cache = new ReplicatedCache({ namespace: 'webhooks|', ...opts });
  }

  /**
   * Whether an enabled endpoint of the tenant takes `type`. On a miss `execute` reads the endpoints,
   * inside the caller's transaction when it has one.
   */
  async wants(tenantId: string, type: WebhookEventType, execute: Execute): Promise<boolean> {
    let types = this.cache.get(tenantId);
    if (!types) {
      const mark = this.cache.mark();
      const rows = await execute('select distinct unnest(events) as type from webhook_endpoints where tenant_id = ? and enabled', [tenantId]);
      types = new Set(rows.map((r) => r.type as string));
      this.cache.set(tenantId, types, mark);
    }
    return types.has('*') || types.has(type);
  }

  /** The tenant's endpoints changed (committed): forgotten here at once, and on the other replicas as the message arrives. */
  changed(tenantId: string): Promise<void> {
    return this.cache.invalidate([tenantId]);
  }
}

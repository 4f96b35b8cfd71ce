import type { GuardCache } from '../ad-accounts/guard-cache';
import type { WebhookEventType } from './events';

/** Keys on the guard cache's invalidation channel; guard keys start with a tenant uuid, token keys with `token|`. */
const KEY = 'webhooks|';

type Entry = { types: ReadonlySet<string>; until: number };
type Execute = (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

/**
 * Which event types each tenant's enabled endpoints take, in process, so a job's finish writes no
 * event row (and queues no dispatch) for a tenant nobody listens to, without a query each time.
 * A change to a tenant's endpoints drops its entry here and, through the guard cache's Redis
 * channel, on every other replica; a replica that lost that subscription drops everything when it
 * resubscribes, and an entry lives at most `ttlMs` in between.
 */
export class EventSubscriptions {
  private readonly map = new Map<string, Entry>();
  /** Bumped by every invalidation: a load that started before one must not fill the cache after it. */
  private generation = 0;

  constructor(private readonly opts: { ttlMs: number; channel: GuardCache; max?: number }) {
    if (opts.ttlMs > 0) {
      opts.channel.listen((keys) => {
        this.generation++;
        if (!keys) this.map.clear();
        else for (const k of keys) if (k.startsWith(KEY)) this.map.delete(k.slice(KEY.length));
      });
    }
  }

  /**
   * Whether an enabled endpoint of the tenant takes `type`. On a miss `execute` reads the endpoints,
   * inside the caller's transaction when it has one.
   */
  async wants(tenantId: string, type: WebhookEventType, execute: Execute): Promise<boolean> {
    let e = this.map.get(tenantId);
    if (!e || e.until <= Date.now()) {
      const mark = this.generation;
      const rows = await execute('select distinct unnest(events) as type from webhook_endpoints where tenant_id = ? and enabled', [tenantId]);
      e = { types: new Set(rows.map((r) => r.type as string)), until: Date.now() + this.opts.ttlMs };
      this.map.delete(tenantId);
      if (this.opts.ttlMs > 0 && mark === this.generation) {
        this.map.set(tenantId, e);
        if (this.map.size > (this.opts.max ?? 50_000)) this.map.delete(this.map.keys().next().value as string);
      }
    }
    return e.types.has('*') || e.types.has(type);
  }

  /** The tenant's endpoints changed (committed): forgotten here at once, and on the other replicas as the message arrives. */
  async changed(tenantId: string): Promise<void> {
    this.generation++;
    this.map.delete(tenantId);
    await this.opts.channel.invalidate([KEY + tenantId]);
  }
}

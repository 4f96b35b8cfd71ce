import type { MikroORM } from '@mikro-orm/postgresql';
import type { CreateLookupStyle } from '../../platforms/core/write-operation';
import { ReplicatedCache, type InvalidationChannel } from '../cache/replicated-cache';
import { JobSql, statement } from './job-sql';

const SETTINGS_OF = statement(`select settings->>'createLookup' as create_lookup, settings->'guardrails' as guardrails from tenants where id = ?`);

/** What every write reads of its tenant's settings. */
export interface WriteSettings<G> {
  /** How the tenant's creates are found again after a crash (`settings.createLookup`). */
  createLookup: CreateLookupStyle;
  /** The tenant's guardrails, as the reader given to the cache makes them of the stored value. */
  guardrails: G;
}

/**
 * The settings each write reads of its tenant (the api judges it by the guardrails, the worker's
 * creates use the lookup style), in process: most tenants change them rarely, so a write should not
 * pay a query to learn them. One statement reads both. A change of the tenant's settings drops the
 * entry here at once and on every replica over the invalidation channel (a replica that lost the
 * subscription drops all when it resubscribes); an entry lives at most `ttlMs`, 0 = always read.
 * A create already sent keeps the names it sent (its checkpoint holds them), whatever the setting says later.
 */
export class TenantSettings<G> {
  private readonly cache: ReplicatedCache<WriteSettings<G>>;
  private readonly sql: JobSql;

  constructor(
    orm: MikroORM,
    private readonly opts: {
      channel: InvalidationChannel;
      ttlMs: number;
      /** The guardrails of the stored value (absent: `undefined`); the layer that owns them parses them. */
      guardrails: (stored: unknown, tenantId: string) => G;
    },
  ) {
    this.sql = new JobSql(orm);
    this.cache = new ReplicatedCache({ namespace: 'tenant-settings|', ttlMs: opts.ttlMs, channel: opts.channel, max: 10_000 });
  }

  async of(tenantId: string): Promise<WriteSettings<G>> {
    const known = this.cache.get(tenantId);
    if (known) return known;
    const mark = this.cache.mark();
    const [row] = await this.sql.run<{ create_lookup: string | null; guardrails: unknown }>(SETTINGS_OF, [tenantId]);
    const value: WriteSettings<G> = {
      createLookup: row?.create_lookup === 'tagged-name' ? 'tagged-name' : 'name-and-time',
      guardrails: this.opts.guardrails(row?.guardrails ?? undefined, tenantId),
    };
    this.cache.set(tenantId, value, mark);
    return value;
  }

  async createLookup(tenantId: string): Promise<CreateLookupStyle> {
    return (await this.of(tenantId)).createLookup;
  }

  /** The tenant's settings changed (committed): forgotten here at once, and on the other replicas as the message arrives. */
  changed(tenantId: string): Promise<void> {
    return this.cache.invalidate([tenantId]);
  }
}

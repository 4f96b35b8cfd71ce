import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../../infra/logger';
import { JobSql, statement } from '../jobs/job-sql';
import { ReplicatedCache, type InvalidationChannel } from '../cache/replicated-cache';
import { GuardrailsSchema, type Guardrails } from './guardrails';

const GUARDRAILS_OF = statement(`select settings->'guardrails' as guardrails from tenants where id = ?`);

/**
 * Each tenant's guardrails, in process: every write is judged by them, and most tenants have none,
 * so a write should not pay a query to learn that. A change of the tenant's settings drops the
 * entry here at once and on every replica over the invalidation channel (a replica that lost the
 * subscription drops all when it resubscribes); an entry lives at most `ttlMs`, 0 = always read.
 */
export class TenantGuardrails {
  private readonly cache: ReplicatedCache<Guardrails>;
  private readonly sql: JobSql;

  constructor(
    orm: MikroORM,
    private readonly opts: { channel: InvalidationChannel; ttlMs: number; logger: Logger },
  ) {
    this.sql = new JobSql(orm);
    this.cache = new ReplicatedCache({ namespace: 'guardrails|', ttlMs: opts.ttlMs, channel: opts.channel, max: 10_000 });
  }

  async of(tenantId: string): Promise<Guardrails> {
    const known = this.cache.get(tenantId);
    if (known) return known;
    const mark = this.cache.mark();
    const rows = await this.sql.run<{ guardrails: unknown }>(GUARDRAILS_OF, [tenantId]);
    const parsed = GuardrailsSchema.safeParse(rows[0]?.guardrails ?? {});
    // Settings are validated when saved; a row that no longer parses is read as no guardrails, loudly.
    if (!parsed.success) this.opts.logger.error({ tenantId }, 'stored guardrails do not parse; none applied');
    const value = parsed.success ? parsed.data : {};
    this.cache.set(tenantId, value, mark);
    return value;
  }

  /** The tenant's settings changed (committed): forgotten here at once, and on the other replicas as the message arrives. */
  changed(tenantId: string): Promise<void> {
    return this.cache.invalidate([tenantId]);
  }
}

import type { MikroORM } from '@mikro-orm/postgresql';
import { TtlCache } from '../../infra/ttl-cache';
import type { CreateLookupStyle, JobAccount } from '../../platforms/core/write-operation';
import { CreateClaimStore } from './create-claims';
import { JobSql, statement } from './job-sql';

const STYLE_OF = statement(`select settings->>'createLookup' as style from tenants where id = ?`);

/**
 * Each tenant's `settings.createLookup`, read by workers the first time a create of that tenant
 * needs it and kept for `ttlMs`: a change reaches new creates within that time. A create already
 * sent keeps the names it sent (its checkpoint holds them), whatever the setting says later.
 */
export class CreateLookupSettings {
  private readonly cache: TtlCache<string, CreateLookupStyle>;
  private readonly sql: JobSql;

  constructor(
    private readonly orm: MikroORM,
    ttlMs = 30_000,
  ) {
    this.cache = new TtlCache(ttlMs);
    this.sql = new JobSql(orm);
  }

  async of(tenantId: string): Promise<CreateLookupStyle> {
    const known = this.cache.get(tenantId);
    if (known) return known;
    const rows = await this.sql.run<{ style: string | null }>(STYLE_OF, [tenantId]);
    const style: CreateLookupStyle = rows[0]?.style === 'tagged-name' ? 'tagged-name' : 'name-and-time';
    this.cache.set(tenantId, style);
    return style;
  }

  /** What a write job's creates need besides the caller: the claims of its steps and the tenant's choice. */
  forJob(jobId: string, account: JobAccount): { claims: CreateClaimStore; createLookup: () => Promise<CreateLookupStyle> } {
    return { claims: new CreateClaimStore(this.orm, account.tenantId, jobId, account.platform), createLookup: () => this.of(account.tenantId) };
  }
}

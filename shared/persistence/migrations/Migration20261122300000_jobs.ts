import { Migration } from '@mikro-orm/migrations';

/**
 * Job pipeline tables. The ad account is referenced by id without a foreign key: a job row (and
 * what an import fetched) must stay readable after the account is removed from the gateway.
 */
export class Migration20261122300000_jobs extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table jobs (
        id uuid primary key,
        tenant_id uuid not null references tenants(id) on delete cascade,
        owner_key text not null,
        type text not null check (type in ('write', 'import')),
        operation text not null,
        platform text not null,
        queue text not null,
        ad_account_id text,
        platform_account_id text,
        account jsonb,
        params jsonb,
        state text not null check (state in ('queued', 'active', 'completed', 'failed')),
        progress jsonb,
        attempts int not null default 0,
        result jsonb,
        error jsonb,
        dedup_key text,
        request_hash text,
        created_at timestamptz not null default now(),
        started_at timestamptz,
        finished_at timestamptz,
        updated_at timestamptz not null default now()
      )`);
    // At most one unfinished job per dedup key (concurrent imports of one account share it).
    this.addSql(`create unique index jobs_dedup_open on jobs (dedup_key) where dedup_key is not null and state in ('queued', 'active')`);
    this.addSql(`create index jobs_tenant_created on jobs (tenant_id, created_at desc)`);

    this.addSql(`
      create table idempotency_records (
        tenant_id uuid not null references tenants(id) on delete cascade,
        owner_key text not null,
        key text not null,
        request_hash text not null,
        job_id uuid not null,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        primary key (tenant_id, owner_key, key)
      )`);
    this.addSql(`create index idempotency_records_expires on idempotency_records (expires_at)`);

    this.addSql(`
      create table job_checkpoints (
        job_id uuid not null,
        step text not null,
        data jsonb not null,
        updated_at timestamptz not null default now(),
        primary key (job_id, step)
      )`);

    this.addSql(`
      create table imported_entities (
        id bigserial primary key,
        tenant_id uuid not null references tenants(id) on delete cascade,
        platform text not null,
        ad_account_id text not null,
        level text not null,
        platform_id text not null,
        data jsonb not null,
        fetched_at timestamptz not null,
        last_job_id uuid not null
      )`);
    this.addSql(`create unique index imported_entities_natural on imported_entities (tenant_id, platform, ad_account_id, level, platform_id)`);
    this.addSql(`create index imported_entities_paging on imported_entities (tenant_id, platform, ad_account_id, id)`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists imported_entities');
    this.addSql('drop table if exists job_checkpoints');
    this.addSql('drop table if exists idempotency_records');
    this.addSql('drop table if exists jobs');
  }
}

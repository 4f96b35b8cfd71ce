import { Migration } from '@mikro-orm/migrations';

/**
 * The audit trail of writes (docs/audit.md). One record per write that reached the gateway; a job's
 * record is unique per job id, so a replay or a repeated finish never adds a second. The listing
 * pages on (created_at, id) newest first within a tenant, or within one external user of a tenant;
 * the tenant index also serves the retention purge (oldest first within a tenant). No foreign key
 * to jobs: a record outlives its job row.
 */
export class Migration20261128100001_audit_records extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table if not exists audit_records (
        id uuid primary key,
        tenant_id uuid not null references tenants(id) on delete cascade,
        created_at timestamptz not null default now(),
        principal_kind text not null,
        principal_id text not null,
        external_user_id text,
        surface text not null,
        request_id text,
        platform text not null,
        ad_account_id text not null,
        operation text not null,
        outcome text not null check (outcome in ('accepted', 'dry_run', 'refused', 'confirmation_required', 'completed', 'failed')),
        job_id uuid unique,
        object_id text,
        error_code text,
        detail jsonb,
        params jsonb not null,
        before jsonb,
        after jsonb,
        finished_at timestamptz
      )`);
    this.addSql('create index if not exists audit_records_tenant_time on audit_records (tenant_id, created_at desc, id desc)');
    this.addSql('create index if not exists audit_records_principal_time on audit_records (tenant_id, principal_id, created_at desc, id desc)');
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists audit_records');
  }
}

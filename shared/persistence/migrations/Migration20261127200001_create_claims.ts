import { Migration } from '@mikro-orm/migrations';

/**
 * The objects create steps hold as their result, one row per platform object and tenant: a crash
 * lookup that finds objects of the same name never takes one another step of the tenant holds. The
 * primary key makes a claim exclusive; the job index serves a job's own claims. Claims are the
 * tenant's own data, like its jobs: one tenant's never shape another's lookups.
 */
export class Migration20261127200001_create_claims extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table create_claims (
        tenant_id uuid not null references tenants(id) on delete cascade,
        platform text not null,
        object_id text not null,
        job_id uuid not null,
        step text not null,
        claimed_at timestamptz not null default now(),
        primary key (tenant_id, platform, object_id)
      )`);
    this.addSql('create index create_claims_job_idx on create_claims (job_id, step)');
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists create_claims');
  }
}

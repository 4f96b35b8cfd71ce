import { Migration } from '@mikro-orm/migrations';

/**
 * GET /api/v1/jobs lists one caller's jobs newest first and pages on (created_at, id): this index
 * serves that order within (tenant, owner) without sorting, whatever filters are added on top.
 */
export class Migration20261125050001_job_listing extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index if not exists jobs_owner_created on jobs (tenant_id, owner_key, created_at desc, id desc)`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists jobs_owner_created`);
  }
}

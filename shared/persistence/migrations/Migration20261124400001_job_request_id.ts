import { Migration } from '@mikro-orm/migrations';

/**
 * The request id that created a job, so one id follows a write from the HTTP request to the
 * platform call; and an index for the reconciler's scan of unfinished jobs.
 */
export class Migration20261124400001_job_request_id extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table jobs add column request_id text`);
    this.addSql(`create index jobs_open_idx on jobs (created_at) where state in ('queued', 'active')`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists jobs_open_idx`);
    this.addSql(`alter table jobs drop column request_id`);
  }
}

import { Migration } from '@mikro-orm/migrations';

/**
 * The request id that created a job, so one id follows a write from the HTTP request to the
 * platform call; an index for the reconciler's scan of unfinished jobs; and a run lease, so a job
 * the queue hands out twice (re-enqueued after a Redis loss while a live worker still runs it, or
 * taken for stalled from a worker that is only slow) never runs twice at once.
 */
export class Migration20261124400001_job_request_id extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table jobs add column request_id text, add column lease_owner text, add column lease_until timestamptz`);
    this.addSql(`create index jobs_open_idx on jobs (created_at) where state in ('queued', 'active')`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists jobs_open_idx`);
    this.addSql(`alter table jobs drop column request_id, drop column lease_owner, drop column lease_until`);
  }
}

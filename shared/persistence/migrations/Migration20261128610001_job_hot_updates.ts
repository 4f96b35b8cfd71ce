import { Migration } from '@mikro-orm/migrations';

/**
 * A job row is updated twice per write: when its run claims it (queued → active) and when it ends.
 * PostgreSQL can make an update heap-only (HOT: no new entry in any index) only when no indexed
 * column changes, and the columns of a partial index's predicate count as indexed. Both partial
 * indexes of open jobs named `state` in their predicate, so the claim, which changes nothing any
 * index needs, still added an entry to all four indexes of the table.
 *
 * "Open" is now `finished_at is null`, which holds exactly while the state is queued or active:
 * every statement that ends a job sets its state and finished_at together, and nothing reopens one.
 * Rows written before that rule held are given a finish time first, so no finished row counts as
 * open. The claim then leaves every index alone; the end of a job still moves it out of both.
 * Both indexes are rebuilt, which holds off writes to jobs while they build.
 *
 * Free room on each page lets the new version of a claimed row stay on its page (the condition for
 * HOT): jobs are inserted in bursts and claimed a little later, so a packed page had none. The audit
 * record of a write is updated once, when its job ends, on columns no index covers.
 */
export class Migration20261128610001_job_hot_updates extends Migration {
  override async up(): Promise<void> {
    this.addSql(`update jobs set finished_at = updated_at where finished_at is null and state in ('completed', 'failed')`);
    this.addSql(`drop index if exists jobs_open_idx`);
    this.addSql(`create index jobs_open_idx on jobs (created_at) where finished_at is null`);
    this.addSql(`drop index if exists jobs_dedup_open`);
    this.addSql(`create unique index jobs_dedup_open on jobs (dedup_key) where dedup_key is not null and finished_at is null`);
    this.addSql(`alter table jobs set (fillfactor = 70)`);
    this.addSql(`alter table audit_records set (fillfactor = 80)`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table audit_records reset (fillfactor)`);
    this.addSql(`alter table jobs reset (fillfactor)`);
    this.addSql(`drop index if exists jobs_dedup_open`);
    this.addSql(`create unique index jobs_dedup_open on jobs (dedup_key) where dedup_key is not null and state in ('queued', 'active')`);
    this.addSql(`drop index if exists jobs_open_idx`);
    this.addSql(`create index jobs_open_idx on jobs (created_at) where state in ('queued', 'active')`);
  }
}

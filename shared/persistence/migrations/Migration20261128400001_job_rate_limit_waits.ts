import { Migration } from '@mikro-orm/migrations';

/**
 * The waits a job spent on the queue for a rate limit (a platform's or the gateway's own budget),
 * kept on its row so the console shows them after BullMQ has let the job go. Written by the
 * statement that already puts the job back to queued; null until the first wait.
 */
export class Migration20261128400001_job_rate_limit_waits extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table jobs add column if not exists rate_limit_waits jsonb`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table jobs drop column if exists rate_limit_waits`);
  }
}

import { Migration } from '@mikro-orm/migrations';

/**
 * `GET /api/v1/reports` too big to answer directly runs as a job of its own type (docs/reports.md):
 * it spans several accounts and platforms, so it is neither a write nor an import of one account.
 */
export class Migration20261128300001_report_jobs extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table jobs drop constraint if exists jobs_type_check`);
    this.addSql(`alter table jobs add constraint jobs_type_check check (type in ('write', 'import', 'report'))`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table jobs drop constraint if exists jobs_type_check`);
    this.addSql(`alter table jobs add constraint jobs_type_check check (type in ('write', 'import'))`);
  }
}

import { Migration } from '@mikro-orm/migrations';

/**
 * Deleted external users and closed tenants. Access tokens are verified without a database read,
 * so every replica keeps these in memory (loaded from here, kept current over Redis pub/sub) and
 * refuses their tokens and keys at once. A row can go once every token issued before it expired.
 */
export class Migration20261124200001_revoked_subjects extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table revoked_subjects (
      subject text primary key,
      tenant_id uuid not null,
      revoked_at timestamptz not null default now(),
      expires_at timestamptz not null)`);
    this.addSql('create index revoked_subjects_expires_idx on revoked_subjects (expires_at)');
    this.addSql(`alter table tenants add column closed_at timestamptz null`);
  }

  override async down(): Promise<void> {
    this.addSql('alter table tenants drop column closed_at');
    this.addSql('drop table revoked_subjects');
  }
}

import { Migration } from '@mikro-orm/migrations';

/**
 * Hosted Connect page sessions. The link's token and the browser cookie's secret are stored only as
 * SHA-256 hashes. The row also remembers the flow's progress (the platform chosen, the connection the
 * OAuth callback made), so no page needs it in its URL.
 */
export class Migration20261125100001_connect_sessions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table connect_sessions (
        id uuid primary key,
        tenant_id uuid not null references tenants(id) on delete cascade,
        external_user_id uuid not null references external_users(id) on delete cascade,
        token_hash text not null unique,
        platforms jsonb,
        return_url text,
        locale text,
        expires_at timestamptz not null,
        used_at timestamptz,
        browser_secret_hash text,
        browser_expires_at timestamptz,
        platform text,
        connection_id uuid references connections(id) on delete set null,
        completed_at timestamptz,
        created_at timestamptz not null default now()
      )`);
    this.addSql('create index connect_sessions_expiry_idx on connect_sessions (expires_at)');
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists connect_sessions');
  }
}

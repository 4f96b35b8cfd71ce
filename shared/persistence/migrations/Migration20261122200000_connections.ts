import { Migration } from '@mikro-orm/migrations';

/** Connections, OAuth states and ad accounts (ownership, validation, reachability). */
export class Migration20261122200000_connections extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table oauth_states (
      id uuid primary key,
      tenant_id uuid not null references tenants(id) on delete cascade,
      external_user_id uuid not null references external_users(id) on delete cascade,
      platform text not null,
      state_hash text not null unique,
      code_verifier_enc text null,
      callback_uri text not null,
      redirect_uri text null,
      scopes jsonb not null default '[]',
      expires_at timestamptz not null,
      used_at timestamptz null,
      created_at timestamptz not null default now())`);
    this.addSql('create index oauth_states_expiry_idx on oauth_states (expires_at)');

    this.addSql(`create table connections (
      id uuid primary key,
      tenant_id uuid not null references tenants(id) on delete cascade,
      external_user_id uuid not null references external_users(id) on delete cascade,
      platform text not null,
      kind text not null check (kind in ('oauth','token')),
      status text not null check (status in ('active','expired','revoked','error')),
      access_token_enc text null,
      refresh_token_enc text null,
      token_fingerprint text null,
      expires_at timestamptz null,
      scopes jsonb not null default '[]',
      platform_user_id text null,
      app_client_id text null,
      last_refreshed_at timestamptz null,
      last_checked_at timestamptz null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now())`);
    this.addSql('create index connections_owner_idx on connections (tenant_id, external_user_id, platform)');
    this.addSql(`create index connections_maintenance_idx on connections (status, expires_at) where status = 'active'`);

    this.addSql(`create table ad_accounts (
      id uuid primary key,
      tenant_id uuid not null references tenants(id) on delete cascade,
      platform text not null,
      platform_account_id text not null,
      connection_id uuid null references connections(id) on delete set null,
      owner_id uuid null references external_users(id) on delete set null,
      validated_at timestamptz null,
      status text not null default 'active' check (status in ('active','deactivated')),
      name text null,
      currency text null,
      timezone text null,
      manager_id text null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (tenant_id, platform, platform_account_id))`);
    this.addSql('create index ad_accounts_owner_idx on ad_accounts (tenant_id, owner_id)');
    this.addSql('create index ad_accounts_connection_idx on ad_accounts (connection_id)');

    this.addSql(`create table connection_accounts (
      id uuid primary key,
      tenant_id uuid not null references tenants(id) on delete cascade,
      connection_id uuid not null references connections(id) on delete cascade,
      platform_account_id text not null,
      name text null,
      currency text null,
      timezone text null,
      manager_id text null,
      created_at timestamptz not null default now(),
      unique (connection_id, platform_account_id))`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists connection_accounts');
    this.addSql('drop table if exists ad_accounts');
    this.addSql('drop table if exists connections');
    this.addSql('drop table if exists oauth_states');
  }
}

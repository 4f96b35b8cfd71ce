import { Migration } from '@mikro-orm/migrations';

/** Tenancy and identity: tenants, their users, API keys, apps, external users and token stores. */
export class Migration20261122100000_identity extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table tenants (
      id uuid primary key default gen_random_uuid(),
      name text not null,
      profile jsonb not null default '{}',
      settings jsonb not null default '{}',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now())`);

    this.addSql(`create table tenant_users (
      id uuid primary key default gen_random_uuid(),
      tenant_id uuid not null references tenants(id) on delete cascade,
      email text not null,
      name text not null,
      role text not null check (role in ('owner','admin','member')),
      password_hash text not null,
      token_version integer not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now())`);
    this.addSql('create unique index tenant_users_email_uq on tenant_users (lower(email))');
    this.addSql('create index tenant_users_tenant_idx on tenant_users (tenant_id, created_at)');

    this.addSql(`create table invitations (
      id uuid primary key default gen_random_uuid(),
      tenant_id uuid not null references tenants(id) on delete cascade,
      email text not null,
      role text not null check (role in ('admin','member')),
      token_hash text not null unique,
      invited_by uuid null,
      expires_at timestamptz not null,
      accepted_at timestamptz null,
      revoked_at timestamptz null,
      created_at timestamptz not null default now())`);
    this.addSql('create index invitations_tenant_idx on invitations (tenant_id, created_at)');

    this.addSql(`create table api_keys (
      id uuid primary key default gen_random_uuid(),
      tenant_id uuid not null references tenants(id) on delete cascade,
      prefix text not null,
      last4 text not null,
      key_hash text not null unique,
      expires_at timestamptz null,
      last_used_at timestamptz null,
      created_at timestamptz not null default now())`);
    this.addSql('create index api_keys_prefix_idx on api_keys (prefix)');
    this.addSql('create index api_keys_tenant_idx on api_keys (tenant_id)');

    this.addSql(`create table tenant_apps (
      id uuid primary key default gen_random_uuid(),
      tenant_id uuid not null references tenants(id) on delete cascade,
      platform text not null,
      fields jsonb not null default '{}',
      secrets jsonb not null default '{}',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (tenant_id, platform))`);

    this.addSql(`create table external_users (
      id uuid primary key default gen_random_uuid(),
      tenant_id uuid not null references tenants(id) on delete cascade,
      external_id text not null,
      email text null,
      name text null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (tenant_id, external_id))`);

    this.addSql(`create table refresh_tokens (
      id uuid primary key,
      tenant_id uuid not null references tenants(id) on delete cascade,
      subject_type text not null check (subject_type in ('external-user','tenant-user')),
      subject_id uuid not null,
      family uuid not null,
      token_hash text not null,
      expires_at timestamptz not null,
      rotated_at timestamptz null,
      revoked_at timestamptz null,
      created_at timestamptz not null default now())`);
    this.addSql('create index refresh_tokens_family_idx on refresh_tokens (tenant_id, family)');
    this.addSql('create index refresh_tokens_subject_idx on refresh_tokens (tenant_id, subject_type, subject_id)');

    this.addSql(`create table password_resets (
      id uuid primary key default gen_random_uuid(),
      tenant_id uuid not null references tenants(id) on delete cascade,
      tenant_user_id uuid not null references tenant_users(id) on delete cascade,
      token_hash text not null unique,
      expires_at timestamptz not null,
      used_at timestamptz null,
      created_at timestamptz not null default now())`);
  }

  override async down(): Promise<void> {
    for (const t of ['password_resets', 'refresh_tokens', 'external_users', 'tenant_apps', 'api_keys', 'invitations', 'tenant_users', 'tenants']) {
      this.addSql(`drop table if exists ${t}`);
    }
  }
}

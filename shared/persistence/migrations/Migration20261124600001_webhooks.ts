import { Migration } from '@mikro-orm/migrations';

/**
 * Webhooks: tenant endpoints (signing secrets are vault ciphertext, since they must be usable to sign),
 * the event outbox (written in the same transaction as the change it reports) and one delivery row
 * per event and endpoint, which carries the retry state.
 */
export class Migration20261124600001_webhooks extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table webhook_endpoints (
        id uuid primary key,
        tenant_id uuid not null references tenants(id) on delete cascade,
        url text not null,
        events text[] not null,
        description text,
        enabled boolean not null default true,
        secret_enc text not null,
        previous_secret_enc text,
        previous_secret_expires_at timestamptz,
        failing_since timestamptz,
        disabled_reason text,
        disabled_at timestamptz,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      )`);
    this.addSql('create index webhook_endpoints_tenant on webhook_endpoints (tenant_id, created_at)');

    this.addSql(`
      create table webhook_events (
        id text primary key,
        tenant_id uuid not null references tenants(id) on delete cascade,
        type text not null,
        payload text not null,
        created_at timestamptz not null default now(),
        dispatched_at timestamptz
      )`);
    this.addSql('create index webhook_events_undispatched on webhook_events (created_at) where dispatched_at is null');

    this.addSql(`
      create table webhook_deliveries (
        id uuid primary key,
        tenant_id uuid not null,
        endpoint_id uuid not null references webhook_endpoints(id) on delete cascade,
        event_id text not null references webhook_events(id) on delete cascade,
        status text not null check (status in ('pending', 'delivered', 'failed')),
        round int not null default 0,
        attempts int not null default 0,
        next_attempt_at timestamptz,
        last_attempt_at timestamptz,
        last_status_code int,
        last_error text,
        delivered_at timestamptz,
        created_at timestamptz not null default now(),
        unique (endpoint_id, event_id)
      )`);
    this.addSql('create index webhook_deliveries_endpoint on webhook_deliveries (endpoint_id, created_at desc)');
    this.addSql(`create index webhook_deliveries_pending on webhook_deliveries (next_attempt_at) where status = 'pending'`);
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists webhook_deliveries');
    this.addSql('drop table if exists webhook_events');
    this.addSql('drop table if exists webhook_endpoints');
  }
}

import { Migration } from '@mikro-orm/migrations';

/**
 * An import inserts a row per record, and the foreign key to `tenants` checked each one with a
 * lookup that locks the tenant's row (FOR KEY SHARE): a sixth or so of the database's CPU per
 * imported record. As for the write path's tables, the trigger that deletes a deleted tenant's rows
 * now deletes its imported records too, and the key goes.
 */
export class Migration20261129200001_imported_entities_tenant_cascade extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create or replace function tenants_delete_write_rows() returns trigger language plpgsql as $$
      begin
        delete from jobs where tenant_id = old.id;
        delete from audit_records where tenant_id = old.id;
        delete from create_claims where tenant_id = old.id;
        delete from imported_entities where tenant_id = old.id;
        return old;
      end $$`);
    this.addSql(`alter table imported_entities drop constraint if exists imported_entities_tenant_id_fkey`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table imported_entities add constraint imported_entities_tenant_id_fkey foreign key (tenant_id) references tenants(id) on delete cascade`);
    this.addSql(`create or replace function tenants_delete_write_rows() returns trigger language plpgsql as $$
      begin
        delete from jobs where tenant_id = old.id;
        delete from audit_records where tenant_id = old.id;
        delete from create_claims where tenant_id = old.id;
        return old;
      end $$`);
  }
}

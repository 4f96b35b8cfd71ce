import { Migration } from '@mikro-orm/migrations';
import { deleteTenantRowsFunction, WRITE_PATH_TABLES } from './Migration20261129100001_job_tenant_cascade';

/**
 * An import inserts a row per record, and the foreign key to `tenants` checked each one with a
 * lookup that locks the tenant's row (FOR KEY SHARE): a sixth or so of the database's CPU per
 * imported record. As for the write path's tables, the trigger that deletes a deleted tenant's rows
 * now deletes its imported records too, and the key goes.
 */
export class Migration20261129200001_imported_entities_tenant_cascade extends Migration {
  override async up(): Promise<void> {
    this.addSql(deleteTenantRowsFunction([...WRITE_PATH_TABLES, 'imported_entities']));
    this.addSql(`alter table imported_entities drop constraint if exists imported_entities_tenant_id_fkey`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table imported_entities add constraint imported_entities_tenant_id_fkey foreign key (tenant_id) references tenants(id) on delete cascade`);
    this.addSql(deleteTenantRowsFunction(WRITE_PATH_TABLES));
  }
}

import { Migration } from '@mikro-orm/migrations';

/** The tables a write inserts into on its path, each of which pointed at its tenant with a foreign key. */
export const WRITE_PATH_TABLES = ['jobs', 'audit_records', 'create_claims'] as const;

/** The trigger function that deletes a deleted tenant's rows from `tables`. */
export const deleteTenantRowsFunction = (tables: readonly string[]) => `create or replace function tenants_delete_write_rows() returns trigger language plpgsql as $$
      begin
${tables.map((t) => `        delete from ${t} where tenant_id = old.id;\n`).join('')}        return old;
      end $$`;

/**
 * A write inserted three rows that referenced its tenant (the job, its audit record, its create's
 * claim), and each foreign key check locked the tenant's row (FOR KEY SHARE). Every write of a
 * tenant locked the same row: a WAL record and a dirtied page per check, and while writes overlap,
 * a multixact rebuilt with one more member on each lock. What the keys gave besides is the cascade
 * when a tenant row is deleted (tenants are closed, not deleted, by the gateway itself): a trigger
 * on tenants does that delete, in the same transaction, without any cost per write.
 */
export class Migration20261129100001_job_tenant_cascade extends Migration {
  override async up(): Promise<void> {
    this.addSql(deleteTenantRowsFunction(WRITE_PATH_TABLES));
    this.addSql(`create trigger tenants_delete_write_rows after delete on tenants for each row execute function tenants_delete_write_rows()`);
    for (const t of WRITE_PATH_TABLES) this.addSql(`alter table ${t} drop constraint if exists ${t}_tenant_id_fkey`);
  }

  override async down(): Promise<void> {
    for (const t of WRITE_PATH_TABLES) this.addSql(`alter table ${t} add constraint ${t}_tenant_id_fkey foreign key (tenant_id) references tenants(id) on delete cascade`);
    this.addSql('drop trigger if exists tenants_delete_write_rows on tenants');
    this.addSql('drop function if exists tenants_delete_write_rows()');
  }
}

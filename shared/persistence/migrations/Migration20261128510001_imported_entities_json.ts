import { Migration } from '@mikro-orm/migrations';

/**
 * Imported records are stored as `json` (the platform's text, checked for syntax) instead of `jsonb`,
 * and the text columns of the natural key compare bytewise (collation "C").
 *
 * Nothing queries inside a stored record: it is written once per import and read back whole by the
 * entity listing. Building jsonb (parsing into a binary form, sorting every object's keys) was the
 * largest part of PostgreSQL's work per imported record, and reading it back converts it to text
 * again. On the bench's first import of 100k TikTok records (1,000 per page) PostgreSQL's CPU fell
 * from 6.2 to 4.5 s, this change and the collation below together.
 *
 * Under a database collation other than "C" (C.UTF-8 included) every comparison of these columns in
 * the unique and paging indexes goes through the locale; ids, levels and platform names need no
 * linguistic order, and bytewise comparison took about a tenth off PostgreSQL's work for the same
 * import (measured alone on the same pages).
 *
 * The change rewrites the table and its indexes once, holding its lock meanwhile.
 */
export class Migration20261128510001_imported_entities_json extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table imported_entities
      alter column data type json using data::json,
      alter column platform type text collate "C",
      alter column ad_account_id type text collate "C",
      alter column level type text collate "C",
      alter column platform_id type text collate "C"`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table imported_entities
      alter column data type jsonb using data::jsonb,
      alter column platform type text collate "default",
      alter column ad_account_id type text collate "default",
      alter column level type text collate "default",
      alter column platform_id type text collate "default"`);
  }
}

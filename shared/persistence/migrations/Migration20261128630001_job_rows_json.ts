import { Migration } from '@mikro-orm/migrations';

/**
 * A job's account snapshot and params, and its checkpoints' data, are stored as `json` (the text the
 * gateway sent, checked for syntax) instead of `jsonb`. They are written on every write and read
 * back whole, never queried inside on the write path: building jsonb (a full parse into the binary
 * form, every object's keys sorted) was work PostgreSQL did for nothing, and it grows with the
 * params (an uploaded image's bytes travel in them). The crash path's query of a checkpoint's
 * signatures casts to jsonb itself. A job's result, error and progress, which its answers show,
 * stay jsonb, so those answers keep their key order.
 *
 * The change rewrites both tables, holding their locks meanwhile.
 */
export class Migration20261128630001_job_rows_json extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table jobs alter column account type json using account::json, alter column params type json using params::json`);
    this.addSql(`alter table job_checkpoints alter column data type json using data::json`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table job_checkpoints alter column data type jsonb using data::jsonb`);
    this.addSql(`alter table jobs alter column account type jsonb using account::jsonb, alter column params type jsonb using params::jsonb`);
  }
}

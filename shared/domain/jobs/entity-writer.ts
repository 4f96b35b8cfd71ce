import type { MikroORM } from '@mikro-orm/postgresql';
import { AppError } from '../../errors/app-error';
import type { RawRecords } from '../../platforms/core/raw-list';
import { JobSql, statement } from './job-sql';

export interface ImportScope {
  tenantId: string;
  platform: string;
  adAccountId: string;
  jobId: string;
}

/**
 * A page of records as the writer sends it: text only, so the parsed records can be dropped at once.
 * Records are stored as `json`, the text as sent: PostgreSQL checks its syntax but builds no binary
 * form (building jsonb, key sorting included, was most of its cost per record).
 */
export interface EncodedPage {
  /** The platform id of each distinct record. */
  ids: string[];
  /**
   * `[record, …]` in the order of `ids`. One JSON.stringify per page: a text per record (to be split
   * on line breaks) cost the worker more than PostgreSQL saved by not splitting the array itself.
   */
  json: string;
  /** Records in the page as fetched (repeats included). */
  count: number;
}

/**
 * Encodes records for `upsertEncoded`. ON CONFLICT cannot touch one row twice in a statement: a
 * repeated id keeps its first position and its last copy.
 */
export function encodeRecords(records: { id: string; data: unknown }[]): EncodedPage {
  const byId = new Map<string, unknown>();
  for (const r of records) byId.set(r.id, r.data);
  return { ids: [...byId.keys()], json: JSON.stringify([...byId.values()]), count: records.length };
}

// A prepared statement: PostgreSQL parses and plans it once per connection, not once per page.
// ROWS FROM pairs the n-th id with the n-th element of the array.
const UPSERT = statement(
  `insert into imported_entities (tenant_id, platform, ad_account_id, level, platform_id, data, fetched_at, last_job_id)
   select ?, ?, ?, ?, r.id, r.data, now(), ? from rows from (unnest(?::text[]), json_array_elements(?::json)) r(id, data)
   on conflict (tenant_id, platform, ad_account_id, level, platform_id)
   do update set data = excluded.data, fetched_at = excluded.fetched_at, last_job_id = excluded.last_job_id`,
);

// The same for a page kept as the platform's text: PostgreSQL splits the array and reads each id
// (`->>` on json scans the record's text only up to that field). A repeated id keeps its first
// position and its last copy, as encodeRecords does; a page with a record lacking its id stores nothing.
/** PostgreSQL's invalid_text_representation: what a `::json` cast of text that is not JSON raises. */
const INVALID_TEXT = '22P02';

const UPSERT_RAW = statement(
  `with e as (select t.r, t.n, t.r->>(?::text) as id from json_array_elements(?::json) with ordinality t(r, n)),
   missing as (select count(*)::int as n from e where coalesce(id, '') = ''),
   d as (select id, min(n) as first, max(n) as last from e group by id),
   stored as (
     insert into imported_entities (tenant_id, platform, ad_account_id, level, platform_id, data, fetched_at, last_job_id)
     select ?, ?, ?, ?, e.id, e.r, now(), ? from d join e on e.n = d.last where (select n from missing) = 0 order by d.first
     on conflict (tenant_id, platform, ad_account_id, level, platform_id)
     do update set data = excluded.data, fetched_at = excluded.fetched_at, last_job_id = excluded.last_job_id)
   select n as missing from missing`,
);

/**
 * Upserts imported records one page at a time (one statement per page, the page passed as its ids
 * and one JSON array of records), so memory and round trips stay proportional to the page, not the
 * account. Statements run on the ORM's pool with real query parameters (MikroORM's `execute` would
 * inline a 1 MB page into the SQL text character by character).
 */
export class ImportedEntityWriter {
  private readonly sql: JobSql;

  constructor(
    orm: MikroORM,
    private readonly scope: ImportScope,
  ) {
    this.sql = new JobSql(orm);
  }

  async upsert(level: string, records: { id: string; data: unknown }[]): Promise<void> {
    if (!records.length) return;
    await this.upsertEncoded(level, encodeRecords(records));
  }

  async upsertEncoded(level: string, page: EncodedPage): Promise<void> {
    if (!page.count) return;
    const { tenantId, platform, adAccountId, jobId } = this.scope;
    await this.sql.run(UPSERT, [tenantId, platform, adAccountId, level, jobId, page.ids, page.json]);
  }

  async upsertRaw(level: string, idKey: string, page: RawRecords): Promise<void> {
    if (!page.length) return;
    const { tenantId, platform, adAccountId, jobId } = this.scope;
    const rows = await this.sql.run<{ missing: number }>(UPSERT_RAW, [idKey, page.json, tenantId, platform, adAccountId, level, jobId]).catch((e: unknown) => {
      // The records' text is first parsed here: text that is not JSON is the platform's fault, as when the worker parsed it.
      if ((e as { code?: string }).code === INVALID_TEXT) throw new AppError('PLATFORM_UNAVAILABLE', `A ${level} page was not valid JSON`);
      throw e;
    });
    if (rows[0]?.missing) throw new AppError('PLATFORM_UNAVAILABLE', `A ${level} record came without an id`);
  }

  /** After a complete pass: records this import did not see no longer exist on the platform. */
  async pruneUnseen(levels: string[]): Promise<number> {
    const { tenantId, platform, adAccountId, jobId } = this.scope;
    // Counted in PostgreSQL: a pass that removes many records does not ship their ids back.
    const rows = await this.sql.run<{ n: number }>(
      `with removed as (delete from imported_entities where tenant_id = ? and platform = ? and ad_account_id = ? and level = any(?::text[])
       and last_job_id <> ? returning 1) select count(*)::int as n from removed`,
      [tenantId, platform, adAccountId, levels, jobId],
    );
    return rows[0]?.n ?? 0;
  }

  async countsSeen(): Promise<Record<string, number>> {
    const { tenantId, platform, adAccountId, jobId } = this.scope;
    const rows = await this.sql.run<{ level: string; n: number }>(
      `select level, count(*)::int as n from imported_entities
       where tenant_id = ? and platform = ? and ad_account_id = ? and last_job_id = ? group by level`,
      [tenantId, platform, adAccountId, jobId],
    );
    return Object.fromEntries(rows.map((r) => [r.level, r.n]));
  }
}

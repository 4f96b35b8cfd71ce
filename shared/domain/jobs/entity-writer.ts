import type { MikroORM } from '@mikro-orm/postgresql';
import { AppError } from '../../errors/app-error';
import type { RawRecords } from '../../platforms/core/raw-list';
import { JobSql, statement, type Statement } from './job-sql';

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

// Prepared statements: PostgreSQL parses and plans each once per connection, not once per page.
// Every page is first written by a plain insert, and only a level that already holds a record
// (a re-import, a resumed run, a record repeated across pages) is upserted: ON CONFLICT probes the
// unique index before each row it inserts, about a sixth of PostgreSQL's work per record on a first
// import. A plain insert that meets a stored record fails as a whole (unique_violation),
// storing nothing, and the page is written again as an upsert.
const COLUMNS = 'imported_entities (tenant_id, platform, ad_account_id, level, platform_id, data, fetched_at, last_job_id)';
const ON_CONFLICT = `on conflict (tenant_id, platform, ad_account_id, level, platform_id)
   do update set data = excluded.data, fetched_at = excluded.fetched_at, last_job_id = excluded.last_job_id`;

// ROWS FROM pairs the n-th id with the n-th element of the array.
const ENCODED = `insert into ${COLUMNS}
   select ?, ?, ?, ?, r.id, r.data, now(), ? from rows from (unnest(?::text[]), json_array_elements(?::json)) r(id, data)`;
const INSERT_ENCODED = statement(ENCODED);
const UPSERT_ENCODED = statement(`${ENCODED} ${ON_CONFLICT}`);

// The same for a page kept as the platform's text: PostgreSQL splits the array and reads each id
// (`->>` on json scans the record's text only). A record without its id (or with an empty one) fails
// the statement on the column's NOT NULL. A repeated id within the page fails the plain statements
// (unique_violation, then cardinality_violation), and only then is the page de-duplicated, which costs
// a grouping and a join: it keeps the id's first position and its last copy, as encodeRecords does.
const RAW = `with e as (select t.r, nullif(t.r->>(?::text), '') as id from json_array_elements(?::json) t(r))
   insert into ${COLUMNS} select ?, ?, ?, ?, e.id, e.r, now(), ? from e`;
const INSERT_RAW = statement(RAW);
const UPSERT_RAW = statement(`${RAW} ${ON_CONFLICT}`);
const UPSERT_RAW_REPEATED = statement(
  `with e as (select t.r, t.n, t.r->>(?::text) as id from json_array_elements(?::json) with ordinality t(r, n)),
   missing as (select count(*)::int as n from e where coalesce(id, '') = ''),
   d as (select id, min(n) as first, max(n) as last from e group by id),
   stored as (
     insert into ${COLUMNS}
     select ?, ?, ?, ?, e.id, e.r, now(), ? from d join e on e.n = d.last where (select n from missing) = 0 order by d.first
     ${ON_CONFLICT})
   select n as missing from missing`,
);

/** The SQLSTATEs the writer answers itself. */
const SQLSTATE = {
  /** What a `::json` cast of text that is not JSON raises. */
  invalidText: '22P02',
  notNull: '23502',
  unique: '23505',
  /** ON CONFLICT DO UPDATE meeting the same key twice in one statement. */
  cardinality: '21000',
} as const;

const sqlState = (e: unknown) => (e as { code?: string }).code;

/**
 * Upserts imported records one page at a time (one statement per page, the page passed as its ids
 * and one JSON array of records), so memory and round trips stay proportional to the page, not the
 * account. Statements run on the ORM's pool with real query parameters (MikroORM's `execute` would
 * inline a 1 MB page into the SQL text character by character).
 */
export class ImportedEntityWriter {
  private readonly sql: JobSql;
  /** Levels where a page met a stored record: their pages are upserted from then on. */
  private readonly upserting = new Set<string>();

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
    await this.write(level, INSERT_ENCODED, UPSERT_ENCODED, [tenantId, platform, adAccountId, level, jobId, page.ids, page.json]);
  }

  async upsertRaw(level: string, idKey: string, page: RawRecords): Promise<void> {
    if (!page.length) return;
    const { tenantId, platform, adAccountId, jobId } = this.scope;
    const values = [idKey, page.json, tenantId, platform, adAccountId, level, jobId];
    try {
      await this.write(level, INSERT_RAW, UPSERT_RAW, values);
    } catch (e) {
      if (sqlState(e) === SQLSTATE.cardinality) return this.upsertRepeated(level, values);
      // The records' text is first parsed here: text that is not JSON is the platform's fault, as when the worker parsed it.
      if (sqlState(e) === SQLSTATE.invalidText) throw new AppError('PLATFORM_UNAVAILABLE', `A ${level} page was not valid JSON`);
      if (sqlState(e) === SQLSTATE.notNull && (e as { column?: string }).column === 'platform_id') throw missingId(level);
      throw e;
    }
  }

  /** A raw page that repeats an id: de-duplicated by PostgreSQL, and refused whole if a record lacks its id. */
  private async upsertRepeated(level: string, values: unknown[]): Promise<void> {
    const rows = await this.sql.run<{ missing: number }>(UPSERT_RAW_REPEATED, values);
    if (rows[0]?.missing) throw missingId(level);
  }

  /** A plain insert while the level has met no stored record, else (and after the insert met one) an upsert. */
  private async write(level: string, insert: Statement, upsert: Statement, values: unknown[]): Promise<void> {
    if (!this.upserting.has(level)) {
      try {
        await this.sql.run(insert, values);
        return;
      } catch (e) {
        if (sqlState(e) !== SQLSTATE.unique) throw e;
        this.upserting.add(level);
      }
    }
    await this.sql.run(upsert, values);
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

function missingId(level: string): AppError {
  return new AppError('PLATFORM_UNAVAILABLE', `A ${level} record came without an id`);
}

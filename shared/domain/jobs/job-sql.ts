import type { MikroORM } from '@mikro-orm/postgresql';
import { namedStatementsOn } from '../../persistence/orm';

type Row = Record<string, unknown>;

/** The part of a pooled `pg` client this runner uses. */
interface PgClient {
  query(q: { text: string; values: unknown[]; name?: string }): Promise<{ rows: Row[] }>;
}

/** The part of knex's client that lends out the pool's connections. */
interface KnexClient {
  acquireConnection(): Promise<PgClient>;
  releaseConnection(c: PgClient): Promise<void>;
}

/**
 * A statement in PostgreSQL's `$n` form; `name` makes it a prepared statement on each connection that
 * runs it, unless the ORM was opened without named statements (DB_PREPARED_STATEMENTS): then the same
 * text goes unnamed, parsed on every call, which any pooler carries.
 */
export interface Statement {
  text: string;
  name?: string;
}

const placeholders = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

let prepared = 0;

/**
 * A statement the job path runs on every write, held in a constant by its module: `?` placeholders
 * (none may stand inside a literal) become `$1`, `$2`, … once, and it is sent as a prepared
 * statement, so PostgreSQL parses and plans it once per connection instead of on every call.
 */
export function statement(sql: string): Statement {
  return { text: placeholders(sql), name: `aag_job_${++prepared}` };
}

/** Texts given as strings, converted once (not prepared: their number is not fixed). */
const converted = new Map<string, Statement>();

function adHoc(sql: string): Statement {
  let s = converted.get(sql);
  if (!s) {
    s = { text: placeholders(sql) };
    if (converted.size < 200) converted.set(sql, s);
  }
  return s;
}

/**
 * Runs single statements (autocommit) on a connection of the ORM's own pool, without the ORM's
 * `execute`: that one inlines every parameter into the SQL text and goes through knex's query
 * builder, a visible part of a write's CPU. Parameters travel as real query parameters; the pool,
 * its limits, its acquire timeout and its result parsing (timestamps as strings) are the ORM's.
 */
export class JobSql {
  private readonly named: boolean;

  constructor(private readonly orm: MikroORM) {
    this.named = namedStatementsOn(orm);
  }

  private get client(): KnexClient {
    return this.orm.em.getConnection().getKnex().client as unknown as KnexClient;
  }

  async run<T = Row>(s: Statement | string, values: unknown[]): Promise<T[]> {
    const st = typeof s === 'string' ? adHoc(s) : s;
    const client = this.client;
    const conn = await client.acquireConnection();
    try {
      const res = await conn.query({ text: st.text, values, ...(st.name && this.named ? { name: st.name } : {}) });
      return res.rows as T[];
    } finally {
      // Knex's release is synchronous (it answers a settled promise): nothing to wait for.
      void client.releaseConnection(conn);
    }
  }

  /** The `(sql, params)` runner shape other modules take (`?` placeholders, not prepared). */
  readonly execute = (sql: string, params: unknown[]): Promise<Row[]> => this.run(sql, params);
}

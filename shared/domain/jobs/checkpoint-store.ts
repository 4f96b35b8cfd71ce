import type { MikroORM } from '@mikro-orm/postgresql';
import type { Checkpoints } from '../../platforms/core/write-operation';
import { JobSql, statement } from './job-sql';
import type { RunClaim } from './job-claim';

const UPSERT = `insert into job_checkpoints (job_id, step, data, updated_at) values ? on conflict (job_id, step) do update set data = excluded.data, updated_at = now()`;
const valuesOf = (n: number) => Array.from({ length: n }, () => '(?, ?, ?::json, now())').join(', ');
/** One step per write is the common case (the "calling" mark at send): prepared. */
const UPSERT_ONE = statement(UPSERT.replace('values ?', `values ${valuesOf(1)}`));
const GET = statement('select data from job_checkpoints where job_id = ? and step = ?');

/**
 * Durable per-step state of one job, written outside any unit of work so it is committed before the
 * platform call it guards (a crash right after the call still finds the "calling" mark). State
 * given to `later` rides along with the next write, in the same statement; a job that completes
 * never writes it (its row holds the outcome), one that fails or is delayed flushes it.
 */
export class CheckpointStore implements Checkpoints {
  private readonly written = new Map<string, unknown>();
  private readonly pending = new Map<string, unknown>();
  private readonly sql: JobSql;

  /**
   * `firstRun`: no earlier run of this job exists, so there is nothing stored to read back.
   * `claim`: the run's claim on its row while not yet taken; the first write takes it in the same statement.
   */
  constructor(
    orm: MikroORM,
    readonly jobId: string,
    private readonly firstRun = false,
    private readonly claim?: RunClaim,
  ) {
    this.sql = new JobSql(orm);
  }

  async get<T = unknown>(step: string): Promise<T | undefined> {
    if (this.pending.has(step)) return this.pending.get(step) as T;
    if (this.written.has(step)) return this.written.get(step) as T;
    if (this.firstRun) return undefined;
    const rows = await this.sql.run<{ data: T }>(GET, [this.jobId, step]);
    return rows[0]?.data;
  }

  async set(step: string, data: unknown): Promise<void> {
    this.pending.delete(step);
    await this.write([[step, data], ...this.pending]);
  }

  later(step: string, data: unknown): void {
    this.pending.set(step, data);
  }

  /** Writes what `later` held back (a job ending without completing; not a run whose claim was refused). */
  async flush(): Promise<void> {
    if (this.pending.size && !this.claim?.refusal) await this.write([...this.pending]);
  }

  private async write(entries: [string, unknown][]): Promise<void> {
    const plain = async () => {
      await this.sql.run(
        entries.length === 1 ? UPSERT_ONE : UPSERT.replace('values ?', `values ${valuesOf(entries.length)}`),
        entries.flatMap(([step, data]) => [this.jobId, step, JSON.stringify(data)]),
      );
    };
    if (this.claim) await this.claim.write(entries, plain);
    else await plain();
    for (const [step, data] of entries) {
      this.pending.delete(step);
      this.written.set(step, data);
    }
  }
}

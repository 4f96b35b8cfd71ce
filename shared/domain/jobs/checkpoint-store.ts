import type { MikroORM } from '@mikro-orm/postgresql';
import type { Checkpoints } from '../../platforms/core/write-operation';

/**
 * Durable per-step state of one job, written outside any unit of work so it is committed before the
 * platform call it guards (a crash right after the call still finds the "calling" mark). State
 * given to `later` rides along with the next write, in the same statement; a job that completes
 * never writes it (its row holds the outcome), one that fails or is delayed flushes it.
 */
export class CheckpointStore implements Checkpoints {
  private readonly written = new Map<string, unknown>();
  private readonly pending = new Map<string, unknown>();

  /** `firstRun`: no earlier run of this job exists, so there is nothing stored to read back. */
  constructor(
    private readonly orm: MikroORM,
    readonly jobId: string,
    private readonly firstRun = false,
  ) {}

  async get<T = unknown>(step: string): Promise<T | undefined> {
    if (this.pending.has(step)) return this.pending.get(step) as T;
    if (this.written.has(step)) return this.written.get(step) as T;
    if (this.firstRun) return undefined;
    const rows = await this.orm.em
      .getConnection()
      .execute<{ data: T }[]>('select data from job_checkpoints where job_id = ? and step = ?', [this.jobId, step]);
    return rows[0]?.data;
  }

  async set(step: string, data: unknown): Promise<void> {
    this.pending.delete(step);
    await this.write([[step, data], ...this.pending]);
  }

  later(step: string, data: unknown): void {
    this.pending.set(step, data);
  }

  /** Writes what `later` held back (a job ending without completing). */
  async flush(): Promise<void> {
    if (this.pending.size) await this.write([...this.pending]);
  }

  private async write(entries: [string, unknown][]): Promise<void> {
    await this.orm.em.getConnection().execute(
      `insert into job_checkpoints (job_id, step, data, updated_at) values ${entries.map(() => '(?, ?, ?::jsonb, now())').join(', ')}
       on conflict (job_id, step) do update set data = excluded.data, updated_at = now()`,
      entries.flatMap(([step, data]) => [this.jobId, step, JSON.stringify(data)]),
    );
    for (const [step, data] of entries) {
      this.pending.delete(step);
      this.written.set(step, data);
    }
  }
}

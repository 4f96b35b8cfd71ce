import type { MikroORM } from '@mikro-orm/postgresql';

/**
 * Durable per-step state of one job, written outside any unit of work so it is committed before the
 * platform call it guards (a crash right after the call still finds the "calling" mark).
 */
export class CheckpointStore {
  private readonly written = new Map<string, unknown>();

  /** `firstRun`: no earlier run of this job exists, so there is nothing stored to read back. */
  constructor(
    private readonly orm: MikroORM,
    readonly jobId: string,
    private readonly firstRun = false,
  ) {}

  async get<T = unknown>(step: string): Promise<T | undefined> {
    if (this.written.has(step)) return this.written.get(step) as T;
    if (this.firstRun) return undefined;
    const rows = await this.orm.em
      .getConnection()
      .execute<{ data: T }[]>('select data from job_checkpoints where job_id = ? and step = ?', [this.jobId, step]);
    return rows[0]?.data;
  }

  async set(step: string, data: unknown): Promise<void> {
    await this.orm.em.getConnection().execute(
      `insert into job_checkpoints (job_id, step, data, updated_at) values (?, ?, ?::jsonb, now())
       on conflict (job_id, step) do update set data = excluded.data, updated_at = now()`,
      [this.jobId, step, JSON.stringify(data)],
    );
    this.written.set(step, data);
  }
}

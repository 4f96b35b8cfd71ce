import type { MikroORM } from '@mikro-orm/postgresql';
import { ANOTHER_JOB, type ClaimStanding, type CreateClaims } from '../../platforms/core/write-operation';
import { JobSql, statement } from './job-sql';

/**
 * Inserts every id, or keeps one this very step holds already; a row another step holds is left
 * alone and not returned, so fewer rows back than ids means the claim was refused (and undone).
 * Parameters: tenant, platform, ids, job, step (`claimValues`).
 */
export const CLAIM_SQL = `insert into create_claims (tenant_id, platform, object_id, job_id, step)
  select ?::uuid, ?, unnest(?::text[]), ?::uuid, ?
  on conflict (tenant_id, platform, object_id) do update set claimed_at = create_claims.claimed_at
    where create_claims.job_id = excluded.job_id and create_claims.step = excluded.step
  returning object_id, (xmax = 0) as inserted`;
const CLAIM = statement(CLAIM_SQL);

const UNDO = statement('delete from create_claims where tenant_id = ? and platform = ? and object_id = any(?::text[]) and job_id = ? and step = ?');

/** A create step's claim on the objects it made, taken by the statement that completes its job (JobStore.markCompleted). */
export interface CompletionClaim {
  tenantId: string;
  platform: string;
  jobId: string;
  step: string;
  objectIds: string[];
}

export const claimValues = (c: CompletionClaim): unknown[] => [c.tenantId, c.platform, c.objectIds, c.jobId, c.step];

/**
 * The holders of some objects, and the steps of other unfinished jobs that sent an identical create
 * (same signature) whose request has no answer yet (`sentAt`: in flight, or its worker died
 * mid-call) and that hold no object: one statement, so one snapshot sees both (a claim moves a step
 * from pending to holder at once). Always one row at least; a row without `object_id` holds
 * nothing. Read on the crash path only, so the count needs no index of its own. Parameters: tenant,
 * platform, ids, signature, job.
 */
const STANDING = statement(`
  with held as (
    select object_id, job_id, step from create_claims where tenant_id = ? and platform = ? and object_id = any(?::text[])
  ), pending as (
    select count(*)::int as n
    from job_checkpoints cp
    join jobs j on j.id = cp.job_id
    where (cp.data::jsonb)->'sigs' @> jsonb_build_array(?::text)
      and cp.data->>'state' = 'calling'
      and cp.data->'sentAt' is not null
      and cp.job_id <> ?::uuid
      and j.state in ('queued', 'active')
      and not exists (select 1 from create_claims c where c.job_id = cp.job_id and c.step = cp.step)
  )
  select held.object_id, held.job_id, held.step, pending.n from pending left join held on true`);

/** The claims of one job's create steps on one platform, in PostgreSQL (`create_claims`), within its tenant. */
export class CreateClaimStore implements CreateClaims {
  private readonly sql: JobSql;

  constructor(
    orm: MikroORM,
    readonly tenantId: string,
    readonly jobId: string,
    readonly platform: string,
  ) {
    this.sql = new JobSql(orm);
  }

  async standing(ids: string[], signature: string): Promise<ClaimStanding> {
    type Row = { object_id: string | null; job_id: string | null; step: string | null; n: number };
    const rows = await this.sql.run<Row>(STANDING, [this.tenantId, this.platform, ids, signature, this.jobId]);
    const holders = new Map<string, string>();
    for (const r of rows) if (r.object_id !== null) holders.set(r.object_id, r.job_id === this.jobId ? r.step! : ANOTHER_JOB);
    return { holders, pendingOthers: rows[0]?.n ?? 0 };
  }

  async claim(step: string, ids: string[]): Promise<boolean> {
    const unique = [...new Set(ids)];
    const rows = await this.sql.run<{ object_id: string; inserted: boolean }>(CLAIM, [this.tenantId, this.platform, unique, this.jobId, step]);
    if (rows.length === unique.length) return true;
    await undoClaim(this.sql, { tenantId: this.tenantId, platform: this.platform, jobId: this.jobId, step, objectIds: rows.filter((r) => r.inserted).map((r) => r.object_id) });
    return false;
  }
}

/** Gives back the rows a refused claim inserted (`objectIds`: those it inserted). */
export async function undoClaim(sql: JobSql, c: CompletionClaim): Promise<void> {
  if (c.objectIds.length) await sql.run(UNDO, [c.tenantId, c.platform, c.objectIds, c.jobId, c.step]);
}

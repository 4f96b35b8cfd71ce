import { z } from 'zod';
import { defineJob } from './definitions';

/**
 * The write and import jobs. Payloads carry ids: the job row (same id) holds the account snapshot
 * and the operation's parameters, and the worker fetches a fresh token through the platform core at
 * run time. A fresh write also carries a copy of its row's run data (`run`, never a token), so its
 * first run starts without reading the row.
 */
/** The Redis channel of the api process waiting for the job's outcome (JobWaiter), if one waits. */
const NOTIFY = z.string().regex(/^[a-zA-Z0-9:_-]+$/).max(200).optional();

export const platformWriteJob = defineJob({
  queue: 'platform-writes',
  name: 'platform-write',
  payload: z
    .object({
      jobId: z.string().uuid(),
      tenantId: z.string().uuid(),
      /** For operators reading Bull Board; the worker runs what the job row says. */
      operation: z.string().min(1).max(200),
      notify: NOTIFY,
      /**
       * The row's account snapshot, params and request id, as the api just wrote them: a first run
       * starts without reading the row and claims it with its first write (RunClaim). Absent when
       * the job is re-added (a replay, the reconciler): the run then reads the row as it starts.
       */
      run: z
        .object({
          account: z.object({
            id: z.string(),
            tenantId: z.string(),
            platform: z.string(),
            platformAccountId: z.string(),
            connectionId: z.string(),
            ownerId: z.string().optional(),
            loginCustomerId: z.string().optional(),
          }),
          params: z.record(z.unknown()),
          requestId: z.string().optional(),
        })
        .optional(),
      /**
       * The platform objects the write changes, within its account (ObjectOrder): it runs only after
       * the earlier-accepted writes of each of them have settled. Absent for a write that names none.
       */
      order: z.object({ scope: z.string().max(300), objects: z.array(z.string().max(200)).min(1).max(100) }).optional(),
    })
    .strict(),
});

export const importAccountJob = defineJob({
  queue: 'imports',
  name: 'import-account',
  payload: z
    .object({
      jobId: z.string().uuid(),
      tenantId: z.string().uuid(),
      platform: z.string().min(1).max(40),
      notify: NOTIFY,
    })
    .strict(),
  // An import is resumable (upserts), so a few retries are cheap; progress is not lost on retry.
  defaults: { attempts: 3, backoff: { type: 'exponential', delay: 2000 } },
});

/**
 * A cross-platform report too big to answer directly (docs/reports.md). It reads many accounts like
 * an import, so it runs on the imports queue; its row holds the guarded accounts and the query.
 */
export const reportJob = defineJob({
  queue: 'imports',
  name: 'report',
  payload: z.object({ jobId: z.string().uuid(), tenantId: z.string().uuid(), notify: NOTIFY }).strict(),
  // A retry recomputes the report and replaces the rows a failed run stored.
  defaults: { attempts: 3, backoff: { type: 'exponential', delay: 2000 } },
});

/** Hourly purge of expired idempotency keys and old checkpoints. */
export const jobsHousekeepingJob = defineJob({
  queue: 'maintenance',
  name: 'jobs-housekeeping',
  payload: z.object({}).strict(),
  defaults: { attempts: 1, removeOnComplete: { count: 10 }, removeOnFail: { count: 10 } },
});

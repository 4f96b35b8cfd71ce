import type { Job } from 'bullmq';

/**
 * What the runner keeps in a job's data beside its payload, for counts BullMQ does not keep apart
 * (it counts every start in `attemptsStarted`, whatever the start did):
 * - `bounces`: starts an admission gate put back before they did anything;
 * - `rateLimitDelays`: times a platform rate limit put the job back (those alone are capped).
 */
export interface RunNotes {
  bounces: number;
  rateLimitDelays: number;
}

/** Under one key of the job's data, stripped before the payload is parsed. */
const KEY = '$runner';

export function runNotes(job: Pick<Job, 'data'>): RunNotes {
  const n = (job.data as Record<string, unknown> | undefined)?.[KEY] as Partial<RunNotes> | undefined;
  return { bounces: n?.bounces ?? 0, rateLimitDelays: n?.rateLimitDelays ?? 0 };
}

/** Counts one more `what` in the job's data (the job is held by this run: nobody else writes it). */
export async function countRunNote(job: Job, what: keyof RunNotes): Promise<void> {
  const notes = runNotes(job);
  await job.updateData({ ...(job.data as object), [KEY]: { ...notes, [what]: notes[what] + 1 } });
}

/** The job's data as its payload schema sees it: without the runner's notes. */
export function payloadOf(data: unknown): unknown {
  if (!data || typeof data !== 'object' || !(KEY in data)) return data;
  const { [KEY]: _notes, ...payload } = data as Record<string, unknown>;
  return payload;
}

/** No earlier start of the job did anything (each was put back by a gate before it began), so none left checkpoints. */
export function isFirstRun(job: Pick<Job, 'data' | 'attemptsStarted'>): boolean {
  return (job.attemptsStarted ?? 0) - runNotes(job).bounces <= 1;
}

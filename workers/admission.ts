import { DelayedError, UnrecoverableError, type Job } from 'bullmq';

/** How a run ended, as a gate's release is told: it decides what the gate still has to hold. */
export type RunOutcome = 'completed' | 'failed' | 'retry' | 'delayed';

/** A run's admission by a gate; `release` is called once, when the run ends. Never throws. */
export interface Admission {
  release(outcome: RunOutcome): Promise<void>;
}

export interface AdmissionRequest {
  jobId: string;
  /** The job's payload, as its handler's schema parsed it. */
  payload: unknown;
}

/**
 * A check a run passes after its payload is parsed and before it claims its row: it admits the run,
 * or throws `RunLaterError` to put the job back on the queue for a while. A bounce writes nothing to
 * PostgreSQL (the row was not claimed), so a gate may bounce often.
 */
export interface AdmissionGate {
  readonly name: string;
  admit(req: AdmissionRequest): Promise<Admission>;
}

export const ADMITTED: Admission = { release: async () => undefined };

/**
 * Passes every gate in order. When one bounces the run, the admissions already given are released
 * as `delayed` (the job comes back) before the bounce is thrown on.
 */
export async function admitAll(gates: readonly AdmissionGate[], req: AdmissionRequest): Promise<Admission> {
  if (gates.length === 0) return ADMITTED;
  const held: Admission[] = [];
  try {
    for (const gate of gates) held.push(await gate.admit(req));
  } catch (e) {
    await releaseAll(held, 'delayed');
    throw e;
  }
  return { release: (outcome) => releaseAll(held, outcome) };
}

async function releaseAll(held: Admission[], outcome: RunOutcome): Promise<void> {
  await Promise.all(held.map((a) => a.release(outcome)));
}

/** How a run that threw `err` ended: put back (delayed), failed for good, or to be retried by BullMQ. */
export function outcomeOf(err: unknown, job: Pick<Job, 'attemptsMade' | 'opts'>): RunOutcome {
  if (err instanceof DelayedError) return 'delayed';
  if (err instanceof UnrecoverableError) return 'failed';
  return job.attemptsMade + 1 < (job.opts.attempts ?? 1) ? 'retry' : 'failed';
}

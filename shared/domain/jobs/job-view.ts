import type { Job as JobRecord, JobType } from '../../persistence/entities/job.entity';

/** The job as docs/api-conventions.md §11 shows it. */
export interface JobView {
  id: string;
  type: JobType;
  operation: string;
  platform: string;
  adAccountId: string | null;
  state: 'queued' | 'active' | 'completed' | 'failed';
  progress: unknown;
  attempts: number;
  result?: unknown;
  /** `platform`: a proxied write's platform error object, as its own answer showed it. */
  error?: { code: string; message: string; details?: unknown[]; platform?: unknown };
  /** The x-request-id of the request that created the job: search the logs for it. */
  requestId: string | null;
  createdAt: string;
  startedAt?: string;
  finishedAt?: string;
}

export const pollPath = (jobId: string) => `/api/v1/jobs/${jobId}`;

export function toJobView(j: JobRecord): JobView {
  const v: JobView = {
    id: j.id,
    type: j.type,
    operation: j.operation,
    platform: j.platform,
    adAccountId: j.platformAccountId ?? null,
    state: j.state,
    progress: j.progress ?? null,
    attempts: j.attempts,
    requestId: j.requestId ?? null,
    createdAt: j.createdAt.toISOString(),
  };
  if (j.state === 'completed') v.result = j.result ?? null;
  if (j.error) {
    v.error = { code: j.error.code, message: j.error.message };
    if (j.error.details?.length) v.error.details = j.error.details;
    if (j.error.platform !== undefined) v.error.platform = j.error.platform;
  }
  if (j.startedAt) v.startedAt = j.startedAt.toISOString();
  if (j.finishedAt) v.finishedAt = j.finishedAt.toISOString();
  return v;
}

export interface EntityPageQuery {
  level?: string;
  cursor?: string;
  limit: number;
}

export const encodeCursor = (id: string) => Buffer.from(`e:${id}`).toString('base64url');

export function decodeCursor(c: string | undefined): string | undefined {
  if (!c) return undefined;
  const raw = Buffer.from(c, 'base64url').toString();
  return /^e:\d{1,19}$/.test(raw) ? raw.slice(2) : 'invalid';
}

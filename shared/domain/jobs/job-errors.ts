import { AppError, type ErrorCode } from '../../errors/app-error';
import type { StoredJobError } from '../../persistence/entities/job.entity';

/** The failure reason BullMQ stores: the AppError as JSON, so the api rebuilds the same error. */
export const encodeJobError = (e: AppError) => JSON.stringify(e.toJSON());

export function decodeJobError(reason: string | undefined): AppError {
  if (reason) {
    try {
      const j = JSON.parse(reason) as { code?: ErrorCode; message?: string };
      if (j && typeof j.code === 'string' && typeof j.message === 'string') return AppError.fromJSON(j as never);
    } catch {
      // not ours: a crash or a stalled-job message from BullMQ itself
    }
  }
  return new AppError('PLATFORM_UNAVAILABLE', 'The job failed');
}

export const toStoredError = (e: AppError): StoredJobError => ({
  code: e.code,
  message: e.message,
  details: e.details,
  ...(e.retryAfter !== undefined ? { retryAfter: e.retryAfter } : {}),
  ...(e.platform !== undefined ? { platform: e.platform } : {}),
});

export const fromStoredError = (e: StoredJobError): AppError =>
  new AppError(e.code as ErrorCode, e.message, { details: (e.details ?? []) as never, retryAfter: e.retryAfter, platform: e.platform });

/** A failed job row's error (a row failed without one reads as the platform's failure). */
export const storedFailure = (row: { error?: StoredJobError | null }): AppError =>
  fromStoredError(row.error ?? { code: 'PLATFORM_UNAVAILABLE', message: 'The job failed' });

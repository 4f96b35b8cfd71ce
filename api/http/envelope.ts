import type { Request, Response } from 'express';
import type { AppError } from '../../shared/errors/app-error';
import { statusForCode } from './error-to-http';

export interface SuccessEnvelope<T> {
  success: true;
  message: string;
  timestamp: string;
  statusCode: number;
  data: T;
  jobId?: string;
  pollUrl?: string;
}

export function sendOk<T>(res: Response, data: T, message = 'OK', statusCode = 200, job?: { id: string; pollUrl: string }): void {
  const body: SuccessEnvelope<T> = { success: true, message, timestamp: new Date().toISOString(), statusCode, data };
  // An answer that started (or joined) a job names it beside `data`, which stays the platform's own answer.
  if (job) Object.assign(body, { jobId: job.id, pollUrl: job.pollUrl });
  res.status(statusCode).json(body);
}

function jobOf(err: AppError): { jobId?: string; pollUrl?: string } {
  const job = (err as AppError & { job?: { id: string; pollUrl: string } }).job;
  return job ? { jobId: job.id, pollUrl: job.pollUrl } : {};
}

export function sendError(req: Request, res: Response, err: AppError): void {
  const statusCode = statusForCode(err.code);
  if (err.retryAfter !== undefined) res.setHeader('Retry-After', String(Math.max(1, Math.ceil(err.retryAfter))));
  res.status(statusCode).json({
    success: false,
    message: err.message,
    timestamp: new Date().toISOString(),
    statusCode,
    path: req.originalUrl.split('?')[0],
    requestId: req.ctx?.requestId ?? String(res.getHeader('x-request-id') ?? ''),
    error: { code: err.code, details: err.details, ...(err.confirmToken ? { confirmToken: err.confirmToken } : {}), ...(err.platform !== undefined ? { platform: err.platform } : {}) },
    // The error of a job that ran (a write the platform refused) names the job, as its success would.
    ...jobOf(err),
  });
}

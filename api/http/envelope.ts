import type { Request, Response } from 'express';
import type { AppError } from '../../shared/errors/app-error';
import { statusForCode } from './error-to-http';

export interface SuccessEnvelope<T> {
  success: true;
  message: string;
  timestamp: string;
  statusCode: number;
  data: T;
}

export function sendOk<T>(res: Response, data: T, message = 'OK', statusCode = 200): void {
  const body: SuccessEnvelope<T> = { success: true, message, timestamp: new Date().toISOString(), statusCode, data };
  res.status(statusCode).json(body);
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
    error: { code: err.code, details: err.details },
  });
}

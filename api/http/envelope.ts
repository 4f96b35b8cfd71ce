import type { Request, Response } from 'express';
import type { AppError } from '../../shared/errors/app-error';
import { statusForCode } from './error-to-http';
import { hasLongArray, jsonBytes } from './json-bytes';
import { JsonText } from '../../shared/infra/json-text';

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
  const timestamp = new Date().toISOString();
  // The platform's own JSON text (the proxy's answers): put in the envelope as it is. Its members
  // come in the order of the object below, so the bytes equal what serialising that would give.
  if (data instanceof JsonText && !job && !expressDecides(res)) {
    const head = JSON.stringify({ success: true, message, timestamp, statusCode });
    return sendText(res, statusCode, `${head.slice(0, -1)},"data":${data.text}}`);
  }
  const body: SuccessEnvelope<T> = { success: true, message, timestamp, statusCode, data };
  // An answer that started (or joined) a job names it beside `data`, which stays the platform's own answer.
  if (job) Object.assign(body, { jobId: job.id, pollUrl: job.pollUrl });
  sendJson(res, statusCode, body);
}

/** A type of the route's own, or a validator that could make it a 304: express decides as it always has. */
const expressDecides = (res: Response) => res.hasHeader('Content-Type') || res.hasHeader('ETag') || res.hasHeader('Last-Modified');

/**
 * What `res.status(s).json(body)` sends when the app sets no JSON replacer or spacing (it sets none)
 * and the answer has no Content-Type or validator yet (every success envelope): the same bytes and
 * headers, without express's per-answer content-type parsing, charset rewriting and header look-ups.
 * Node itself drops the body of a HEAD answer.
 */
function sendJson(res: Response, statusCode: number, body: unknown): void {
  if (expressDecides(res)) {
    res.status(statusCode).json(body);
    return;
  }
  if (hasLongArray(body)) return sendLarge(res, statusCode, body);
  sendText(res, statusCode, JSON.stringify(body));
}

function sendText(res: Response, statusCode: number, text: string): void {
  res.statusCode = statusCode;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

/** A body with a long array (a report page): its bytes built in a kept buffer, handed back once written out. */
function sendLarge(res: Response, statusCode: number, body: unknown): void {
  const { bytes, release } = jsonBytes(body);
  res.statusCode = statusCode;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', bytes.length);
  // Only 'finish' says the socket has taken every byte; an answer cut short never hands its buffer back
  // (the socket may still read it), the collector frees it.
  res.once('finish', release);
  res.end(bytes);
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

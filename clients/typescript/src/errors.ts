import { ERROR_CODES, type ErrorCode } from './generated/wire';

/** `UNEXPECTED_RESPONSE`: the answer was not the gateway's error envelope (a proxy's page, an unknown code). */
export type GatewayErrorCode = ErrorCode | 'UNEXPECTED_RESPONSE';

export interface GatewayErrorInit {
  code: GatewayErrorCode;
  message: string;
  status?: number;
  requestId?: string;
  details?: Record<string, unknown>[];
  retryAfterSeconds?: number;
  jobId?: string;
  confirmToken?: string;
}

/**
 * A gateway error answer (or a failed job), with what support needs: the code to branch on, the
 * message, and the request id to find the logs by.
 */
export class GatewayError extends Error {
  override readonly name = 'GatewayError';
  readonly code: GatewayErrorCode;
  /** The HTTP status of the answer; absent when a job failed (its poll answered 200). */
  readonly status?: number;
  /** `x-request-id` of the request (for a failed job: of the request that started it). */
  readonly requestId?: string;
  /** Field errors `{ path, message }`, or the platform's error `{ platform, code, subcode, message, traceId }`. */
  readonly details: Record<string, unknown>[];
  /** `Retry-After` of a 429 or 503, in seconds. */
  readonly retryAfterSeconds?: number;
  readonly jobId?: string;
  /** CONFIRMATION_REQUIRED: the token that runs exactly this request once (`Confirm` header; see `confirmed`). */
  readonly confirmToken?: string;

  constructor(init: GatewayErrorInit) {
    super(init.message);
    this.code = init.code;
    this.status = init.status;
    this.requestId = init.requestId;
    this.details = init.details ?? [];
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.jobId = init.jobId;
    this.confirmToken = init.confirmToken;
  }

  /** From a non-2xx answer and its parsed body (openapi-fetch's `error`). */
  static fromResponse(response: Response, body: unknown): GatewayError {
    const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
    const common = {
      status: response.status,
      requestId: response.headers.get('x-request-id') ?? undefined,
      retryAfterSeconds: retryAfterMs === undefined ? undefined : retryAfterMs / 1000,
    };
    if (isObject(body) && isObject(body.error) && typeof body.message === 'string') {
      return new GatewayError({
        ...common,
        code: toCode(body.error.code),
        message: body.message,
        requestId: typeof body.requestId === 'string' ? body.requestId : common.requestId,
        details: Array.isArray(body.error.details) ? body.error.details.filter(isObject) : [],
        confirmToken: typeof body.error.confirmToken === 'string' ? body.error.confirmToken : undefined,
      });
    }
    return new GatewayError({ ...common, code: 'UNEXPECTED_RESPONSE', message: `HTTP ${response.status} without the gateway's error envelope` });
  }

  /** From a job that ended `failed`. */
  static fromJob(job: { id: string; requestId: string | null; error?: { code: string; message: string; details?: Record<string, unknown>[] } }): GatewayError {
    return new GatewayError({
      code: toCode(job.error?.code),
      message: job.error?.message ?? 'The job failed',
      details: job.error?.details ?? [],
      requestId: job.requestId ?? undefined,
      jobId: job.id,
    });
  }
}

/** A wait for a job ended (timeout or abort) before the job did; the job goes on: wait again with its id. */
export class JobPendingError extends Error {
  override readonly name = 'JobPendingError';
  constructor(
    readonly jobId: string,
    readonly state: string,
    options?: { cause?: unknown },
  ) {
    super(`Job ${jobId} is still ${state}`, options);
  }
}

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const toCode = (v: unknown): GatewayErrorCode => ERROR_CODES.find((c) => c === v) ?? 'UNEXPECTED_RESPONSE';

/** `Retry-After` in milliseconds: delay-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

import { AppError, type ErrorCode } from '../../errors/app-error';
import type { ClassifyContext, ErrorMapper, Failure, RawResponse } from '../core/types';
import { versionRetiredFailure } from '../core/versions';

interface Envelope {
  code?: number;
  message?: string;
  request_id?: string;
}

/** After a QPS breach TikTok says retry the next second (docs/platforms/tiktok.md §8). */
const QPS_WAIT_MS = 1_000;
const REJECTED = new Set([40000, 40002, 40006, 40011, 40101, 40110, 40700]);
const FORBIDDEN = new Set([40001, 40106, 40118, 40125, 40130, 41000]);
const REAUTH = new Set([40102, 40104, 40105]);
const TRANSIENT = new Set([50000, 50002, 40202, 40201, 60001]);

function err(code: ErrorCode, message: string, e: Envelope, retryAfter?: number) {
  return new AppError(code, message, {
    retryAfter,
    details: [{ platform: 'tiktok', code: e.code, message: e.message, traceId: e.request_id }],
  });
}

/** TikTok answers HTTP 200 with a non-zero `code` on errors (docs/platforms/tiktok.md §1); rules from the TikTok issue. */
export function classifyTiktok(res: RawResponse, ctx: ClassifyContext = {}): Failure | null {
  const { version } = ctx;
  const body = res.body as Envelope | undefined;
  // TikTok routes only the paths of the versions it serves (`/open_api/v1.3/…`); the gateway's own
  // calls use no other path, so for them a 404 means the version in its paths is gone
  // (docs/platforms/tiktok.md, Versions). A passthrough path is the caller's: its 404 is just that.
  if (res.status === 404 && !ctx.passthrough) {
    const b = typeof body === 'object' && body !== null ? body : {};
    return versionRetiredFailure({ platform: 'tiktok', displayName: 'TikTok' }, version, { code: b.code ?? 404, message: b.message, traceId: b.request_id });
  }
  if (res.status !== 200 || typeof body !== 'object' || body === null || typeof body.code !== 'number') {
    const e: Envelope = { code: res.status, message: typeof res.body === 'string' ? res.body.slice(0, 200) : undefined };
    const error = err('PLATFORM_UNAVAILABLE', `TikTok answered HTTP ${res.status}`, e);
    return res.status >= 500 || res.status === 429 ? { kind: 'transient', error } : { kind: 'fatal', error };
  }
  const code = body.code;
  if (code === 0) return null;
  const msg = body.message ?? 'TikTok refused the request';
  if (code === 40100 || code === 40133) {
    return {
      kind: 'rate-limit',
      scope: code === 40133 ? 'account' : 'app',
      retryAfterMs: QPS_WAIT_MS,
      error: err('PLATFORM_RATE_LIMITED', 'TikTok rate limit reached', body, Math.ceil(QPS_WAIT_MS / 1000)),
    };
  }
  if (REAUTH.has(code)) {
    return { kind: 'reauth', refreshable: false, connectionStatus: 'revoked', error: err('CONNECTION_REAUTH_REQUIRED', 'The TikTok connection must be re-authorized', body) };
  }
  if (TRANSIENT.has(code) || (code >= 51000 && code <= 51099)) {
    return { kind: 'transient', error: err('PLATFORM_UNAVAILABLE', 'TikTok failed to answer', body) };
  }
  if (code === 40007 || code === 40300) return { kind: 'fatal', error: err('NOT_FOUND', msg, body) };
  if (FORBIDDEN.has(code)) return { kind: 'fatal', error: err('FORBIDDEN', msg, body) };
  if (REJECTED.has(code)) return { kind: 'fatal', error: err('PLATFORM_REJECTED', msg, body) };
  return { kind: 'fatal', error: err('PLATFORM_REJECTED', msg, body) };
}

/** The error mapper; the client passes the version it sent in the context. */
export const tiktokErrors: ErrorMapper = { classify: classifyTiktok, usage: () => [] };

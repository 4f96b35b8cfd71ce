import { AppError, type ErrorCode } from '../../errors/app-error';
import type { ClassifyContext, ErrorMapper, Failure, RawResponse, UsageSignal } from '../core/types';
import { versionRetiredFailure } from '../core/versions';

/** Graph error body (docs/platforms/facebook.md §5). */
interface GraphError {
  message?: string;
  type?: string;
  code?: number;
  error_subcode?: number;
  error_user_title?: string;
  error_user_msg?: string;
  is_transient?: boolean;
  fbtrace_id?: string;
}

const RATE_LIMIT_CODES = new Set([4, 17, 32, 613]);
/**
 * "(#2635) You are calling a deprecated version of the Ads API": the answer to an expired version
 * on an endpoint that changed since (docs/platforms/facebook.md, Versions).
 */
const DEPRECATED_VERSION = 2635;
const isBuc = (code: number) => code >= 80000 && code <= 80014;
const isPermission = (code: number) => code === 10 || code === 294 || (code >= 200 && code <= 299);
/** Subcodes of 190 that mean the user removed the app (revoked) rather than a lapsed session. */
const REVOKED_SUBCODES = new Set([458]);
/** Documented score-limit block when the platform gives no estimate (docs/platforms/facebook.md §5). */
const DEFAULT_BLOCK_MS = 60_000;

function details(e: GraphError, res: RawResponse) {
  return [
    {
      platform: 'facebook',
      code: e.code,
      subcode: e.error_subcode,
      message: e.message,
      userTitle: e.error_user_title,
      userMessage: e.error_user_msg,
      type: e.type,
      traceId: e.fbtrace_id ?? res.headers['x-fb-trace-id'],
    },
  ];
}

const err = (code: ErrorCode, message: string, e: GraphError, res: RawResponse, retryAfter?: number) =>
  new AppError(code, message, { details: details(e, res), retryAfter });

function parseJson(v: string | undefined): unknown {
  if (!v) return undefined;
  try {
    return JSON.parse(v);
  } catch {
    return undefined;
  }
}

/** Wait hint from the usage headers that came with a throttling error. */
function regainMs(res: RawResponse): number | undefined {
  let best: number | undefined;
  const buc = parseJson(res.headers['x-business-use-case-usage']) as Record<string, { estimated_time_to_regain_access?: number }[]> | undefined;
  for (const list of Object.values(buc ?? {})) {
    for (const b of Array.isArray(list) ? list : []) {
      const m = Number(b.estimated_time_to_regain_access ?? 0);
      if (m > 0) best = Math.max(best ?? 0, m * 60_000);
    }
  }
  if (best !== undefined) return best;
  const acc = parseJson(res.headers['x-ad-account-usage']) as { reset_time_duration?: number } | undefined;
  const s = Number(acc?.reset_time_duration ?? 0);
  return s > 0 ? s * 1000 : undefined;
}

/** `version`: the Graph version the adapter sends, named in a PLATFORM_VERSION_RETIRED message. */
export function classifyFacebook(res: RawResponse, ctx: ClassifyContext = {}): Failure | null {
  const { version } = ctx;
  const body = res.body as { error?: GraphError; success?: boolean } | string | undefined;
  const e: GraphError | undefined = typeof body === 'object' && body ? body.error : undefined;
  if (!e) {
    if (res.status >= 500 || (res.status === 200 && typeof body === 'string' && /service unavailable/i.test(body))) {
      return { kind: 'transient', error: new AppError('PLATFORM_UNAVAILABLE', 'Meta is unavailable', { details: [{ platform: 'facebook', status: res.status }] }) };
    }
    if (res.status >= 400) {
      return { kind: 'fatal', error: new AppError('PLATFORM_UNAVAILABLE', `Meta answered HTTP ${res.status}`, { details: [{ platform: 'facebook', status: res.status }] }) };
    }
    return null;
  }
  const code = Number(e.code ?? 0);
  const msg = e.message ?? 'Meta refused the request';
  if (code === DEPRECATED_VERSION) {
    return versionRetiredFailure({ platform: 'facebook', displayName: 'Meta', setting: 'FACEBOOK_API_VERSION' }, version, details(e, res)[0]!);
  }
  if (code === 190) {
    const revoked = REVOKED_SUBCODES.has(Number(e.error_subcode));
    return {
      kind: 'reauth',
      refreshable: false,
      connectionStatus: revoked ? 'revoked' : 'expired',
      error: err('CONNECTION_REAUTH_REQUIRED', 'The Meta connection must be re-authorized', e, res),
    };
  }
  if (code === 102 || code === 104) return { kind: 'fatal', error: err('CONNECTION_REAUTH_REQUIRED', 'The Meta connection must be re-authorized', e, res) };
  if (RATE_LIMIT_CODES.has(code) || isBuc(code)) {
    const wait = regainMs(res) ?? DEFAULT_BLOCK_MS;
    return {
      kind: 'rate-limit',
      scope: code === 4 || code === 17 ? 'app' : 'account',
      retryAfterMs: wait,
      error: err('PLATFORM_RATE_LIMITED', 'Meta rate limit reached', e, res, Math.ceil(wait / 1000)),
    };
  }
  // Same request, same answer: "reduce the amount of data" is not worth retrying (docs/platforms/facebook.md §4, §5).
  if (code === 1 && /reduce the amount of data/i.test(msg)) return { kind: 'fatal', error: err('PLATFORM_REJECTED', msg, e, res) };
  if (code === 1 || code === 2 || e.is_transient) {
    return { kind: 'transient', error: err('PLATFORM_UNAVAILABLE', 'Meta failed to answer', e, res) };
  }
  if (isPermission(code) || code === 368) return { kind: 'fatal', error: err('FORBIDDEN', msg, e, res) };
  // 100/33: the object does not exist or this token cannot see it (docs/platforms/facebook.md §5).
  if (code === 100 && Number(e.error_subcode) === 33) return { kind: 'fatal', error: err('NOT_FOUND', msg, e, res) };
  const message = e.error_user_msg ? `${msg} (${e.error_user_msg})` : msg;
  return { kind: 'fatal', error: err('PLATFORM_REJECTED', message, e, res) };
}

function maxPct(o: Record<string, unknown> | undefined, keys: string[]): number {
  if (!o) return 0;
  return Math.max(0, ...keys.map((k) => Number(o[k] ?? 0)).filter((n) => Number.isFinite(n)));
}

/** Usage headers → per-scope percentages (docs/platforms/facebook.md §6); every bucket counts, the highest wins. */
export function facebookUsage(res: RawResponse): UsageSignal[] {
  const out: UsageSignal[] = [];
  const app = parseJson(res.headers['x-app-usage']) as Record<string, unknown> | undefined;
  if (app) out.push({ scope: 'app', pct: maxPct(app, ['call_count', 'total_cputime', 'total_time']) });
  const acc = parseJson(res.headers['x-ad-account-usage']) as Record<string, unknown> | undefined;
  let accPct = acc ? maxPct(acc, ['acc_id_util_pct']) : 0;
  let regain = 0;
  const buc = parseJson(res.headers['x-business-use-case-usage']) as Record<string, Record<string, unknown>[]> | undefined;
  for (const list of Object.values(buc ?? {})) {
    for (const b of Array.isArray(list) ? list : []) {
      accPct = Math.max(accPct, maxPct(b, ['call_count', 'total_cputime', 'total_time']));
      regain = Math.max(regain, Number(b.estimated_time_to_regain_access ?? 0) * 60_000);
    }
  }
  if (acc || buc) out.push({ scope: 'account', pct: accPct, regainMs: regain || undefined });
  return out;
}

/** The error mapper; the client passes the version it sent in the context. */
export const facebookErrors: ErrorMapper = { classify: classifyFacebook, usage: facebookUsage };

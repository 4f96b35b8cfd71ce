/**
 * TikTok Marketing API v1.3 wire conventions: the `{code, message, request_id, data}` envelope
 * (HTTP 200 even on errors), return codes, and GET parameter decoding (JSON-encoded arrays/objects).
 *
 * Facts: docs/platforms/tiktok.md §1, §8, §9. Message texts below are written in our own
 * words; only the codes are pinned by the facts (the texts are ASSUMED unless the facts quote them).
 */
import type { Request, Response } from 'express';

export const API_PREFIX = '/open_api/v1.3';

/** Return codes the simulator emits, with the message it sends (ASSUMED wording unless quoted in facts). */
export const TT_CODES = {
  OK: 0,
  PARTIAL_SUCCESS: 20001,
  NO_PERMISSION: 40001,
  PARAM_ERROR: 40002,
  NOT_FOUND: 40007,
  TOO_MANY_IDS: 40011,
  DUPLICATE_REQUEST: 40050,
  RATE_LIMITED: 40100,
  INVALID_AUTH_PARAMS: 40101,
  TOKEN_EXPIRED: 40102,
  TOKEN_EMPTY: 40104,
  TOKEN_INVALID: 40105,
  AUTH_CODE_INVALID: 40110,
  ADVERTISER_NOT_FOUND: 40300,
  ROUTE_NOT_FOUND: 40400,
  INTERNAL_VALIDATION: 40700,
  BANNED_COUNTRY: 41000,
  FIELDS_NOT_IN_USE: 41002,
  SYSTEM_ERROR: 50000,
  TIMEOUT: 50002,
  STATISTICS_ERROR: 51001,
  PIXEL_ERROR: 51012,
  MAINTENANCE: 60001,
} as const;

/** Default messages per code; used by the fault helper (`POST /__sim/platform-errors`). */
export const DEFAULT_MESSAGES: Record<number, string> = {
  20001: 'Partial success.',
  40001: 'No permission to operate this advertiser.',
  40002: 'Invalid parameter.',
  40007: 'The object does not exist.',
  40011: 'Too many IDs in the request.',
  40050: 'Duplicate request.',
  // Quoted in docs/platforms/tiktok.md §1 (summary text); the observed variant names the app.
  40100: 'Requests made too frequently. Please try again later.',
  40101: 'Invalid app_id or secret.',
  40102: 'Access token has expired.',
  // Quoted in docs/platforms/tiktok.md §1.
  40104: 'Access token is null, you should set it in http header with key Access-Token.',
  40105: 'Access token is incorrect or has been revoked.',
  40106: 'The core user does not match the advertiser.',
  40110: 'Auth code is invalid, used or expired.',
  40300: 'Advertiser does not exist or has been deleted.',
  40400: 'Route not found.',
  40700: 'Internal validation error.',
  41000: 'Request from a client IP in a banned country or region.',
  41002: 'Fields are no longer in use.',
  50000: 'System error, please retry later.',
  50002: 'Request timed out, please retry.',
  51001: 'Statistics service error.',
  51012: 'Pixel service error.',
  60001: 'The system is under maintenance.',
};

export class TtError extends Error {
  constructor(
    readonly code: number,
    message?: string,
  ) {
    super(message ?? DEFAULT_MESSAGES[code] ?? 'Error');
  }
}

export const paramError = (message: string) => new TtError(TT_CODES.PARAM_ERROR, message);

let requestSeq = 0;
/** TikTok request ids look like a UTC timestamp followed by hex; uniqueness is all that matters here. */
export function newRequestId(): string {
  const d = new Date();
  const ts =
    d.getUTCFullYear().toString() +
    pad2(d.getUTCMonth() + 1) +
    pad2(d.getUTCDate()) +
    pad2(d.getUTCHours()) +
    pad2(d.getUTCMinutes()) +
    pad2(d.getUTCSeconds());
  requestSeq = (requestSeq + 1) % 0xffffffff;
  return ts + (0x1000000000 + requestSeq * 7919).toString(16).toUpperCase().padStart(18, '0');
}

export function sendOk(res: Response, data: unknown, code: number = TT_CODES.OK, message = 'OK'): void {
  res.status(200).json({ code, message, request_id: newRequestId(), data });
}

export function sendError(res: Response, code: number, message?: string, status = 200): void {
  res.status(status).json({
    code,
    message: message ?? DEFAULT_MESSAGES[code] ?? 'Error',
    request_id: newRequestId(),
    data: {},
  });
}

export function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/** `YYYY-MM-DD HH:MM:SS` in UTC, the format of create_time/modify_time. */
export function formatTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

export function formatDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const TIME_RE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/**
 * Request parameters. GET reads the query string (arrays/objects JSON-encoded) and, like the
 * docs' examples, also a JSON body; the query string wins. POST reads the JSON body.
 */
export class Params {
  private readonly src: Record<string, unknown>;
  private readonly fromQuery: Set<string>;

  constructor(req: Request) {
    const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
    if (req.method === 'GET') {
      const q = req.query as Record<string, unknown>;
      this.src = { ...body, ...q };
      this.fromQuery = new Set(Object.keys(q));
    } else {
      this.src = body;
      this.fromQuery = new Set();
    }
  }

  has(name: string): boolean {
    const v = this.src[name];
    return v !== undefined && v !== null && v !== '';
  }

  raw(name: string): unknown {
    return this.src[name];
  }

  str(name: string, required: true): string;
  str(name: string, required?: false): string | undefined;
  str(name: string, required = false): string | undefined {
    const v = this.src[name];
    if (v === undefined || v === null || v === '') {
      if (required) throw paramError(`${name}: Missing data for required field.`);
      return undefined;
    }
    if (typeof v === 'number' || typeof v === 'bigint') return String(v);
    if (typeof v !== 'string') throw paramError(`${name}: Not a valid string.`);
    return v;
  }

  enumOf<T extends string>(name: string, allowed: readonly T[], required: true): T;
  enumOf<T extends string>(name: string, allowed: readonly T[], required?: false): T | undefined;
  enumOf<T extends string>(name: string, allowed: readonly T[], required = false): T | undefined {
    const v = required ? this.str(name, true) : this.str(name);
    if (v === undefined) return undefined;
    if (!allowed.includes(v as T)) throw paramError(`${name}: Not a valid choice.`);
    return v as T;
  }

  num(name: string, required = false): number | undefined {
    const v = this.src[name];
    if (v === undefined || v === null || v === '') {
      if (required) throw paramError(`${name}: Missing data for required field.`);
      return undefined;
    }
    const n = typeof v === 'number' ? v : Number(v);
    if (!Number.isFinite(n)) throw paramError(`${name}: Not a valid number.`);
    return n;
  }

  int(name: string, dflt: number, min: number, max: number): number {
    const n = this.num(name) ?? dflt;
    if (!Number.isInteger(n)) throw paramError(`${name}: Not a valid integer.`);
    if (n < min || n > max) throw paramError(`${name}: Must be between ${min} and ${max}.`);
    return n;
  }

  bool(name: string): boolean | undefined {
    const v = this.src[name];
    if (v === undefined || v === null || v === '') return undefined;
    if (typeof v === 'boolean') return v;
    if (v === 'true') return true;
    if (v === 'false') return false;
    throw paramError(`${name}: Not a valid boolean.`);
  }

  /** A JSON array: a real array in a body, a JSON-encoded string in a query. */
  arr(name: string, required = false): unknown[] | undefined {
    const v = this.decoded(name);
    if (v === undefined) {
      if (required) throw paramError(`${name}: Missing data for required field.`);
      return undefined;
    }
    // Repeated or bare params: quoted in docs/platforms/tiktok.md §1.
    if (!Array.isArray(v)) throw paramError(`${name}: Field must be set to array`);
    return v;
  }

  strArr(name: string, required = false, max?: number): string[] | undefined {
    const a = this.arr(name, required);
    if (a === undefined) return undefined;
    const out = a.map((x) => {
      if (typeof x === 'string' || typeof x === 'number') return String(x);
      throw paramError(`${name}: Not a valid list of strings.`);
    });
    if (max !== undefined && out.length > max) throw paramError(`${name}: Length must be between 1 and ${max}.`);
    return out;
  }

  obj(name: string): Record<string, unknown> | undefined {
    const v = this.decoded(name);
    if (v === undefined) return undefined;
    if (typeof v !== 'object' || v === null || Array.isArray(v)) throw paramError(`${name}: Field must be set to object`);
    return v as Record<string, unknown>;
  }

  private decoded(name: string): unknown {
    const v = this.src[name];
    if (v === undefined || v === null || v === '') return undefined;
    if (!this.fromQuery.has(name)) return v;
    if (Array.isArray(v)) return 'repeated';
    if (typeof v !== 'string') return v;
    const t = v.trim();
    if (!t.startsWith('[') && !t.startsWith('{')) return v;
    try {
      return JSON.parse(t) as unknown;
    } catch {
      throw paramError(`${name}: Invalid JSON.`);
    }
  }
}

export function checkDate(name: string, v: string): number {
  const ms = Date.parse(`${v}T00:00:00Z`);
  if (!DATE_RE.test(v) || Number.isNaN(ms)) throw paramError(`${name}: Not a valid date, expected YYYY-MM-DD.`);
  return ms;
}

export function checkTime(name: string, v: unknown): string {
  if (typeof v !== 'string' || !TIME_RE.test(v) || Number.isNaN(Date.parse(v.replace(' ', 'T') + 'Z'))) {
    throw paramError(`${name}: Not a valid datetime, expected YYYY-MM-DD HH:MM:SS.`);
  }
  return v;
}

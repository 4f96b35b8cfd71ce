import { errors } from './errors';

/** A Graph call independent of Express, so batch items run through the same dispatcher. */
export interface GraphReq {
  method: 'GET' | 'POST' | 'DELETE';
  /** `v25.0`, or '' for an unversioned call. */
  version: string;
  segments: string[];
  /** Query and body merged; form fields are strings (JSON inside), JSON bodies keep their types. */
  params: Record<string, unknown>;
  /** Query string params only, to rebuild paging links. */
  query: Record<string, unknown>;
  token?: string;
  /** `http://host:port` of the incoming request (paging links use it). */
  baseUrl: string;
}

export interface GraphRes {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

export const VERSION_RE = /^v\d+\.0$/;
/** The newest version Meta has released (v27.0, 2026-11-04), named in its (#2635) answer. */
export const LATEST_VERSION = 'v27.0';
/** `v24.0` → 24. */
export const versionNumber = (v: string): number => Number(v.slice(1, -2));

export function str(params: Record<string, unknown>, name: string): string | undefined {
  const v = params[name];
  if (v === undefined || v === null) return undefined;
  if (Array.isArray(v)) return v.length ? String(v[v.length - 1]) : undefined;
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

export function required(params: Record<string, unknown>, name: string): string {
  const v = str(params, name);
  if (v === undefined || v === '') throw errors.paramRequired(name);
  return v;
}

/** Objects/arrays travel as JSON inside form fields; JSON bodies may carry them directly. */
export function json<T = unknown>(params: Record<string, unknown>, name: string): T | undefined {
  const v = params[name];
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string') return v as T;
  try {
    return JSON.parse(v) as T;
  } catch {
    throw errors.paramInvalid(name, 'must be a valid JSON value');
  }
}

export function int(params: Record<string, unknown>, name: string): number | undefined {
  const v = str(params, name);
  if (v === undefined || v === '') return undefined;
  const n = Number(v);
  if (!Number.isInteger(n)) throw errors.paramInvalid(name, 'must be an integer');
  return n;
}

export function bool(params: Record<string, unknown>, name: string): boolean | undefined {
  const v = str(params, name);
  if (v === undefined || v === '') return undefined;
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  throw errors.paramInvalid(name, 'must be a boolean');
}

export function oneOf<T extends string>(params: Record<string, unknown>, name: string, allowed: readonly T[]): T | undefined {
  const v = str(params, name);
  if (v === undefined || v === '') return undefined;
  if (!(allowed as readonly string[]).includes(v)) throw errors.paramEnum(name, allowed);
  return v as T;
}

export function validateOnly(params: Record<string, unknown>): boolean {
  const opts = json<unknown>(params, 'execution_options');
  return Array.isArray(opts) && opts.includes('validate_only');
}

/** Splits `/v25.0/act_1/campaigns` into version and segments. */
export function splitPath(path: string): { version: string; segments: string[] } {
  const parts = path.split('/').filter((p) => p !== '');
  let version = '';
  if (parts[0] && VERSION_RE.test(parts[0])) version = parts.shift()!;
  return { version, segments: parts.map((p) => decodeURIComponent(p)) };
}

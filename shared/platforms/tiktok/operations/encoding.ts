import { AppError } from '../../../errors/app-error';

/*
 * The gateway's TikTok DTOs use camelCase names (like every other gateway input); TikTok's wire
 * uses snake_case. Request bodies are converted key by key; response data is passed through as is.
 */

export const toSnake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Deep camelCase → snake_case of object keys; undefined values are dropped. */
export function snakeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snakeKeys);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (v !== undefined) out[toSnake(k)] = snakeKeys(v);
  return out;
}

export function invalid(path: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', `Invalid ${path}: ${message}`, { details: [{ path, message }] });
}

/** A list given as `a,b,c` or as a JSON array of strings. */
export function parseList(raw: string, path: string): string[] {
  const t = raw.trim();
  if (t.startsWith('[')) {
    let v: unknown;
    try {
      v = JSON.parse(t);
    } catch {
      throw invalid(path, 'not valid JSON');
    }
    if (!Array.isArray(v) || v.some((x) => typeof x !== 'string' && typeof x !== 'number')) {
      throw invalid(path, 'must be a JSON array of strings');
    }
    return v.map((x) => String(x).trim()).filter(Boolean);
  }
  return t.split(',').map((s) => s.trim()).filter(Boolean);
}

export function parseJson(raw: string, path: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    throw invalid(path, 'not valid JSON');
  }
}

export function parseJsonObject(raw: string, path: string): Record<string, unknown> {
  const v = parseJson(raw, path);
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw invalid(path, 'must be a JSON object');
  return v as Record<string, unknown>;
}

/** Names not in the allowed set → 400 naming them. */
export function checkNames(names: string[], allowed: ReadonlySet<string>, path: string, what: string): void {
  const bad = names.filter((n) => !allowed.has(n));
  if (bad.length) throw invalid(path, `unknown ${what}: ${bad.join(', ')}`);
}

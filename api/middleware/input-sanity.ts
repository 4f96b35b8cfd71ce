import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import { AppError } from '../../shared/errors/app-error';

/** Deepest JSON nesting a body may have; every recursive walk downstream relies on this bound. */
export const MAX_JSON_DEPTH = 32;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Nesting depth of raw JSON text, found by one pass over the bytes before it is parsed, so a
 * body of 10,000 nested arrays is refused before anything recursive (canonical JSON, encoders,
 * validators) ever sees it. Stops counting once past `limit`.
 */
export function jsonDepth(buf: Uint8Array, limit = MAX_JSON_DEPTH): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < buf.length; i++) {
    const c = buf[i];
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
      continue;
    }
    if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      depth++;
      if (depth > max) max = depth;
      if (max > limit) return max;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
  }
  return max;
}

/** express.json's `verify` hook: refuses over-deep bodies before JSON.parse runs. */
export function verifyJsonDepth(_req: IncomingMessage, _res: unknown, buf: Buffer): void {
  if (jsonDepth(buf) > MAX_JSON_DEPTH) {
    throw new AppError('VALIDATION_FAILED', `The request body is nested deeper than ${MAX_JSON_DEPTH} levels`, {
      details: [{ path: 'body', message: `Nested deeper than ${MAX_JSON_DEPTH} levels` }],
    });
  }
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Any character the checks below look at: most strings have none, and one plain class test says so. */
const SUSPECT = /[\u0000\uD800-\uDFFF]/;

/** Why a string cannot be stored or forwarded, or undefined when it is fine. */
function stringProblem(s: string): string | undefined {
  if (!SUSPECT.test(s)) return undefined;
  if (s.includes('\u0000')) return 'Must not contain the NUL character (\\u0000)';
  if (LONE_SURROGATE.test(s)) return 'Must be well-formed Unicode (no lone surrogates)';
  return undefined;
}

const fieldPath = (parent: string, key: string | number) => `${parent}.${key}`;

/** Every string (and object key) under `value` that PostgreSQL or a platform would refuse, with its path. */
export function badStrings(part: string, value: unknown, out: { path: string; message: string }[] = [], depth = 0): { path: string; message: string }[] {
  if (out.length >= 20) return out;
  if (typeof value === 'string') {
    const problem = stringProblem(value);
    if (problem) out.push({ path: part, message: problem });
    return out;
  }
  // Depth is bounded at parse time for bodies; this bound covers anything built another way.
  if (value === null || typeof value !== 'object' || depth > MAX_JSON_DEPTH + 1) return out;
  if (Array.isArray(value)) {
    value.forEach((v, i) => badStrings(fieldPath(part, i), v, out, depth + 1));
    return out;
  }
  const record = value as Record<string, unknown>;
  for (const k of Object.keys(record)) {
    const v = record[k];
    const keyProblem = stringProblem(k);
    if (keyProblem) out.push({ path: `${part}.${JSON.stringify(k).slice(1, -1)}`, message: `Field name: ${keyProblem}` });
    else badStrings(fieldPath(part, k), v, out, depth + 1);
  }
  return out;
}

/**
 * Whether any string or field name under `value` holds a character `stringProblem` looks at. Builds
 * no field paths, so clean input (nearly all of it) costs one scan; a hit is then examined in full.
 */
function anySuspect(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return SUSPECT.test(value);
  if (value === null || typeof value !== 'object' || depth > MAX_JSON_DEPTH + 1) return false;
  if (Array.isArray(value)) return value.some((v) => anySuspect(v, depth + 1));
  const record = value as Record<string, unknown>;
  for (const k of Object.keys(record)) if (SUSPECT.test(k) || anySuspect(record[k], depth + 1)) return true;
  return false;
}

/** Throws 400 VALIDATION_FAILED naming each field whose string holds NUL or a lone surrogate. */
export function assertWellFormed(part: string, value: unknown): void {
  if (!anySuspect(value)) return;
  const details = badStrings(part, value);
  if (details.length > 0) {
    throw new AppError('VALIDATION_FAILED', `Invalid characters in request ${part}`, { details });
  }
}

/**
 * One central check of the body, query and headers of every request, before authentication or
 * any route reads them: PostgreSQL refuses NUL and ill-formed UTF-16 in text, which would
 * otherwise surface as a 500 from whichever query first stored or looked the value up.
 * Path parameters are matched per route, so the route pipeline checks them (see mount.ts).
 */
export const wellFormedInput: RequestHandler = (req, _res, next) => {
  assertWellFormed('headers', req.headers);
  assertWellFormed('query', req.query);
  assertWellFormed('body', req.body);
  next();
};

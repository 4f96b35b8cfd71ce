import { SECRET_KEY, redactUrl } from '../../infra/redact';

/** What a removed value is replaced by. */
export const REDACTED = '[REDACTED]';

/** The most a record's params take once serialised; anything larger is summarised instead. */
export const MAX_PARAMS_BYTES = 16 * 1024;

/** Longer strings (an image's bytes, a long text) keep their start only. */
const MAX_STRING = 1000;
/** Deeper nesting is cut: no write's params need more, and it bounds the walk. */
const MAX_DEPTH = 8;
const MAX_KEYS = 200;

/**
 * Values that are credentials whatever their key is called: JWTs (our own tokens, LinkedIn's and
 * others'), `Bearer …`, Meta user and page tokens (`EAA…`), Google OAuth tokens (`ya29.…`, `1//…`),
 * LinkedIn tokens (`AQ…`, long), the gateway's own API keys, webhook secrets and Connect links.
 */
const TOKEN_VALUE = [
  /^eyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*$/,
  /^bearer\s+\S+/i,
  /^EAA[A-Za-z0-9]{20,}$/,
  /^ya29\.[\w.-]{10,}$/,
  /^1\/\/[\w.-]{20,}$/,
  /^AQ[A-Za-z0-9_-]{60,}$/,
  /^aag_[\w-]{16,}$/,
  /^whsec_/,
  /^cs_[\w-]{16,}$/,
];

const looksLikeToken = (s: string) => TOKEN_VALUE.some((re) => re.test(s.trim()));

function scrubString(s: string): string {
  if (looksLikeToken(s)) return REDACTED;
  // A URL keeps its address but loses credential query parameters (`?access_token=`, `?code=`).
  const cleaned = s.includes('?') && s.includes('=') ? redactUrl(s) : s;
  return cleaned.length > MAX_STRING ? `${cleaned.slice(0, MAX_STRING)}…[${cleaned.length} characters]` : cleaned;
}

function scrub(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return scrubString(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[TRUNCATED]';
  if (Array.isArray(value)) return value.slice(0, MAX_KEYS).map((v) => scrub(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>).slice(0, MAX_KEYS)) {
    out[k] = SECRET_KEY.test(k) && v !== undefined && v !== null && typeof v !== 'boolean' ? REDACTED : scrub(v, depth + 1);
  }
  return out;
}

/**
 * A write's params as the audit trail keeps them: credential-named fields and token-like values
 * removed at every depth, long strings cut, and at most MAX_PARAMS_BYTES in all. Params still
 * larger after that are replaced by their top-level keys and size, so one large write (an image
 * upload) cannot bloat the table.
 */
export function auditParams(params: Record<string, unknown> | undefined): Record<string, unknown> {
  const clean = scrub(params ?? {}, 0) as Record<string, unknown>;
  const bytes = Buffer.byteLength(JSON.stringify(clean));
  if (bytes <= MAX_PARAMS_BYTES) return clean;
  return { truncated: true, bytes, keys: Object.keys(clean) };
}

/** Field values (before/after) go through the same removal. */
export function auditFields(values: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  return values === undefined ? undefined : auditParams(values);
}

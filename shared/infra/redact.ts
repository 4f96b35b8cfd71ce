/** Keys whose values are credentials, wherever they appear in a logged object. */
export const SECRET_KEY = /pass(word)?|secret|token|api[-_]?key|authorization|cookie|refresh|credential|private|^code$|verifier|signature/i;

const SECRET_QUERY = /([?&](?:token|access_token|refresh_token|code|auth_code|state|client_secret|code_verifier|input_token|fb_exchange_token|key|api_key|appsecret_proof)=)[^&#]*/gi;

/** Hides credential query parameters in a URL or path. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[REDACTED]');
}

/**
 * Deep copy with every secret-named field replaced. Bounded depth keeps it cheap and safe on cycles;
 * it runs only for log lines that carry objects, never per request on the hot path.
 */
export function redactDeep(value: unknown, depth = 0): unknown {
  if (depth > 6 || value === null || typeof value !== 'object') {
    return typeof value === 'string' && value.includes('=') && value.includes('?') ? redactUrl(value) : value;
  }
  if (value instanceof Error) return value;
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    out[k] = SECRET_KEY.test(k) && v !== undefined && v !== null && typeof v !== 'boolean' ? '[REDACTED]' : redactDeep(v, depth + 1);
  }
  return out;
}

/** Keys whose values are credentials, wherever they appear in a logged object. */
export const SECRET_KEY = /pass(word)?|secret|token|api[-_]?key|authorization|cookie|refresh|credential|private|^code$|verifier|signature/i;

/** Query parameter names that carry credentials beyond what SECRET_KEY already matches. */
const SECRET_QUERY_NAMES = new Set(['code', 'auth_code', 'state', 'key', 'appsecret_proof']);

function decodedName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/** Compares the name as the server would read it: percent-decoded, any `[..]` suffix dropped, any case. */
function isSecretParam(rawName: string): boolean {
  const name = decodedName(rawName).trim().replace(/\[.*$/, '').toLowerCase();
  return SECRET_QUERY_NAMES.has(name) || SECRET_KEY.test(name);
}

/**
 * Hides credential query parameters in a URL or path, and the token of a Connect page link. Names are
 * decoded first, so `?%74oken=` or `?TOKEN=` are hidden just like `?token=`.
 */
export function redactUrl(rawUrl: string): string {
  // A Connect page link carries its single-use token in the path.
  const url = rawUrl.replace(/\/connect\/cs_[^/?#]*/g, '/connect/[REDACTED]');
  const q = url.indexOf('?');
  if (q < 0) return url;
  const hash = url.indexOf('#', q);
  const query = url.slice(q + 1, hash < 0 ? undefined : hash);
  const redacted = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      return eq >= 0 && isSecretParam(name) ? `${name}=[REDACTED]` : pair;
    })
    .join('&');
  return `${url.slice(0, q + 1)}${redacted}${hash < 0 ? '' : url.slice(hash)}`;
}

/** A PostgreSQL error, or the ORM's wrapper of one: its message and fields may quote SQL and bound values. */
function isDatabaseError(err: Error & Record<string, unknown>): boolean {
  return typeof err.sqlState === 'string' || (typeof err.routine === 'string' && typeof err.severity === 'string') || /Exception$/.test(err.name) && 'sqlMessage' in err;
}

/**
 * A database error reduced to what is safe to log: its class, SQLSTATE and the server's own
 * message. The driver prefixes that message with the SQL and its bound values, and `detail`,
 * `where` and `parameters` may quote row values: none of these may reach a log.
 */
export function safeDatabaseError(err: Error & Record<string, unknown>): Record<string, unknown> | undefined {
  if (!isDatabaseError(err)) return undefined;
  const message = String(err.message ?? '');
  const cut = message.lastIndexOf(' - ');
  return {
    name: err.name,
    code: err.code,
    sqlState: err.sqlState,
    constraint: err.constraint,
    table: err.table,
    message: cut >= 0 ? message.slice(cut + 3) : message.length > 200 ? `${message.slice(0, 200)}…` : message,
    stack: String(err.stack ?? '')
      .split('\n')
      .filter((l) => l.startsWith('    at '))
      .join('\n'),
  };
}

/** The error as is, unless it or one of its causes is a database error: then a copy without SQL or values. */
export function safeError(err: Error, depth = 0): unknown {
  const db = safeDatabaseError(err as Error & Record<string, unknown>);
  if (db) return db;
  const cause = (err as { cause?: unknown }).cause;
  if (!(cause instanceof Error) || depth > 4) return err;
  const safeCause = safeError(cause, depth + 1);
  if (safeCause === cause) return err;
  return { type: err.name, message: err.message, stack: err.stack, code: (err as { code?: unknown }).code, cause: safeCause };
}

/**
 * Deep copy with every secret-named field replaced. Bounded depth keeps it cheap and safe on cycles;
 * it runs only for log lines that carry objects, never per request on the hot path.
 */
export function redactDeep(value: unknown, depth = 0): unknown {
  if (depth > 6 || value === null || typeof value !== 'object') {
    return typeof value === 'string' && value.includes('=') && value.includes('?') ? redactUrl(value) : value;
  }
  // Duck-typed too: errors from Node's own modules may come from another realm (test sandboxes).
  if (value instanceof Error || (typeof (value as Error).message === 'string' && typeof (value as Error).stack === 'string')) return safeError(value as Error);
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    out[k] = SECRET_KEY.test(k) && v !== undefined && v !== null && typeof v !== 'boolean' ? '[REDACTED]' : redactDeep(v, depth + 1);
  }
  return out;
}

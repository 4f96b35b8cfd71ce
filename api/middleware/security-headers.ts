import type { RequestHandler } from 'express';
import helmet from 'helmet';

type HeaderOp = readonly [name: string, value: string | undefined];

/** A request helmet may not look at: its answer must be the same for every request. */
const untouchable = new Proxy({}, {
  get(_t, key) {
    throw new Error(`helmet read req.${String(key)}: its headers are no longer the same for every request`);
  },
});

/**
 * What a JSON answer needs, after OWASP's REST Security Cheat Sheet ("Security Headers"): a JSON body
 * is never a page, so helmet's page policies (a CSP listing where scripts, styles and fonts may come
 * from, the opener and agent-cluster isolation, DNS prefetch, download and cross-domain-policy hints)
 * have nothing to act on. It must not be cached, sniffed as another type, or framed; Strict-Transport-
 * Security and the referrer and cross-origin resource policies are helmet's values.
 */
export const API_HEADERS: readonly HeaderOp[] = [
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Referrer-Policy', 'no-referrer'],
  ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
  ['Cache-Control', 'no-store'],
];

/** helmet's default headers, recorded from one run with a request that throws if helmet reads it. */
function helmetHeaders(): HeaderOp[] {
  const ops: HeaderOp[] = [];
  const recorder = {
    setHeader: (name: string, value: string) => void ops.push([name, value]),
    removeHeader: (name: string) => void ops.push([name, undefined]),
  };
  let called = false;
  helmet()(untouchable as never, recorder as never, () => (called = true));
  if (!called) throw new Error('helmet did not finish synchronously');
  return ops;
}

/**
 * Security headers, worked out once at start-up: answers under `/api/` get API_HEADERS; everything
 * else (the pages, the reference page, health and metrics) gets helmet's default set, which is the
 * same for every request (no nonces), replayed in helmet's order instead of a dozen middleware calls
 * per request. Pages then set their own Content-Security-Policy on top.
 */
export function securityHeaders(): RequestHandler {
  const pageOps = helmetHeaders();
  const apply = (res: Parameters<RequestHandler>[1], ops: readonly HeaderOp[]) => {
    for (const [name, value] of ops) {
      if (value === undefined) res.removeHeader(name);
      else res.setHeader(name, value);
    }
  };
  return (req, res, next) => {
    apply(res, req.url.startsWith('/api/') ? API_HEADERS : pageOps);
    next();
  };
}

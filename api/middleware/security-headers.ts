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
 * helmet's default headers, worked out once: with its defaults (no nonces, nothing per request)
 * helmet sets the same headers on every response, through a dozen middleware calls per request.
 * They are recorded from one run, with a request that throws if helmet reads it, and replayed
 * in the same order with the same values.
 */
export function securityHeaders(): RequestHandler {
  const ops: HeaderOp[] = [];
  const recorder = {
    setHeader: (name: string, value: string) => void ops.push([name, value]),
    removeHeader: (name: string) => void ops.push([name, undefined]),
  };
  let called = false;
  helmet()(untouchable as never, recorder as never, () => (called = true));
  if (!called) throw new Error('helmet did not finish synchronously');
  return (_req, res, next) => {
    for (const [name, value] of ops) {
      if (value === undefined) res.removeHeader(name);
      else res.setHeader(name, value);
    }
    next();
  };
}

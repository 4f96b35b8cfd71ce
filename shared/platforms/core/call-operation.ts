import type { PlatformRequest } from './types';

/**
 * A bounded operation label for a call: method and path with ids folded (`POST act_:id/campaigns`),
 * so metrics never grow a series per account or object.
 */
export function callOperation(req: Pick<PlatformRequest, 'method' | 'path' | 'absoluteUrl'>): string {
  let raw = req.path;
  if (req.absoluteUrl) {
    try {
      raw = new URL(req.absoluteUrl).pathname;
    } catch {
      raw = 'absolute';
    }
  }
  const path = raw
    .split('?')[0]!
    .replace(/^\/+/, '')
    .replace(/act_\d+/g, 'act_:id')
    .replace(/(^|\/)\d+(?=\/|$|:)/g, '$1:id')
    .replace(/\/v\d+(\.\d+)?(?=\/)/g, '');
  return `${req.method} ${path}`.slice(0, 120);
}

/** callOperation per distinct path, kept: a fan-out repeats the same few paths on every request. */
export class CallOperations {
  private readonly byPath = new Map<string, string>();

  of(req: Pick<PlatformRequest, 'method' | 'path' | 'absoluteUrl' | 'operation'>): string {
    if (req.operation) return req.operation;
    if (req.absoluteUrl) return callOperation(req);
    const key = `${req.method} ${req.path}`;
    let op = this.byPath.get(key);
    if (op === undefined) {
      op = callOperation(req);
      // Bounded: paths with object ids (other platforms) never repeat, so start over rather than grow.
      if (this.byPath.size >= 2_000) this.byPath.clear();
      this.byPath.set(key, op);
    }
    return op;
  }
}

import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';

/** A body that does not change while the process runs (the OpenAPI document, the docs page and its assets). */
export interface CacheableBody {
  body: Buffer;
  type: string;
  /** Weak: the same body is sent gzip-, br- or un-encoded, and a validator must match all three. */
  etag: string;
}

export function cacheableBody(body: Buffer | string, type: string): CacheableBody {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  const digest = createHash('sha256').update(bytes).digest('base64url').slice(0, 27);
  return { body: bytes, type, etag: `W/"${digest}"` };
}

/**
 * How long a browser or proxy may reuse each kind of answer before asking again. Once stale it asks
 * with `If-None-Match` and gets a body-less 304 while nothing changed, so a deploy shows within the
 * lifetime without anyone downloading the megabyte-sized document or bundle again for nothing.
 */
export const CACHE_SECONDS = {
  /** The OpenAPI document and the reference page: they change with each deploy. */
  document: 300,
  /** Redoc's bundle and the favicon: they change only with a dependency or a rebuilt icon. */
  vendor: 86_400,
  /** The pages' stylesheet and script: changed with the pages, so as short as the document. */
  pageAsset: 300,
} as const;

/** Answers 304 when the request's `If-None-Match` names this body, else the body; both carry the lifetime. */
export function sendCacheable(req: Request, res: Response, file: CacheableBody, maxAgeSeconds: number): void {
  res.setHeader('Cache-Control', `public, max-age=${maxAgeSeconds}, must-revalidate`);
  res.setHeader('ETag', file.etag);
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  res.type(file.type).send(file.body);
}

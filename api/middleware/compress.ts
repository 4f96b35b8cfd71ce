import { constants } from 'node:zlib';
import type { Request, RequestHandler, Response } from 'express';
import compression from 'compression';

/** Answers shorter than this gain less from compression than its headers and CPU cost. */
export const COMPRESS_ABOVE_BYTES = 1024;

/** Media types that are text, in whatever structure: JSON, HTML, CSS, scripts, CSV, SVG, Prometheus text. */
const TEXTUAL = /^(text\/|application\/([\w.+-]*\+)?(json|javascript|xml)\b|image\/svg\+xml)/i;

/**
 * Server-Sent Events must reach the client event by event; a proxy-style `no-transform` is honoured by
 * the middleware itself.
 */
function shouldCompress(_req: Request, res: Response): boolean {
  const type = String(res.getHeader('Content-Type') ?? '');
  return TEXTUAL.test(type) && !/^text\/event-stream/i.test(type);
}

/**
 * gzip or br (the client's choice, br preferred) for text answers above 1 KB. Every write is flushed
 * through the compressor, so a streamed answer (a CSV export written row by row) still reaches the
 * client as it is written instead of waiting for the compressor's buffer to fill.
 */
export function compress(): RequestHandler {
  const compressing = compression({
    threshold: COMPRESS_ABOVE_BYTES,
    filter: shouldCompress,
    flush: constants.Z_SYNC_FLUSH,
    brotli: { flush: constants.BROTLI_OPERATION_FLUSH },
  });
  return (req, res, next) => {
    // A client that sends no Accept-Encoding gets every answer as is (the middleware's only choice is
    // identity), so its per-request hooks on write, end and the headers are skipped; the answer still
    // says it varies by Accept-Encoding.
    if (req.headers['accept-encoding'] === undefined) {
      res.setHeader('Vary', 'Accept-Encoding');
      return next();
    }
    return compressing(req, res, next);
  };
}

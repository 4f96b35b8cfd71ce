import type { Request, RequestHandler, Response } from 'express';

/** Runs an express middleware to completion outside a router (the guard is async and throws AppError). */
export function runMiddleware(mw: RequestHandler, req: Request, res: Response): Promise<void> {
  return new Promise((resolve, reject) => {
    try {
      const r = mw(req, res, (err?: unknown) => (err ? reject(err) : resolve())) as unknown;
      if (r instanceof Promise) r.catch(reject);
    } catch (e) {
      reject(e);
    }
  });
}

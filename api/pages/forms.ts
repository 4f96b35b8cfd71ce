import express, { type Request, type RequestHandler } from 'express';

/** Plain HTML forms post urlencoded; small bodies only. */
export const formBody: RequestHandler = express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 50 });

/** A posted form field as one trimmed-free string ('' when absent or repeated). */
export const field = (req: Request, name: string): string => {
  const v = (req.body as Record<string, unknown> | undefined)?.[name];
  return typeof v === 'string' ? v : '';
};

/**
 * Refuses a form posted from another site (CSRF): browsers send Origin and Sec-Fetch-Site with
 * every POST, so a cross-site form cannot pass. Clients without them (curl) are not browsers.
 */
export function isCrossSite(req: Request, ownOrigins: string[]): boolean {
  const site = req.get('sec-fetch-site');
  if (site) return site !== 'same-origin' && site !== 'none';
  const origin = req.get('origin');
  if (!origin) return false;
  const self = `${req.protocol}://${req.get('host')}`;
  return origin !== self && !ownOrigins.includes(origin);
}

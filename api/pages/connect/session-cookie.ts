import { createHmac } from 'node:crypto';
import { safeEqual } from '../../../shared/infra/crypto';
import type { Request, Response } from 'express';
import { CONNECT_BROWSER_TTL_MINUTES } from '../../../shared/domain/connect/connect-sessions.service';

/**
 * The cookie that binds a Connect session to the browser that opened its link. HttpOnly (no script
 * reads it) and SameSite=Lax: sent on the top-level return from the platform's OAuth, never on a
 * request another site makes in the background, nor on a POST from another site.
 */
const CONNECT_COOKIE = 'aag_connect';

export function readConnectCookie(req: Request): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === CONNECT_COOKIE) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export function setConnectCookie(res: Response, value: string, secure: boolean): void {
  res.cookie(CONNECT_COOKIE, value, { httpOnly: true, sameSite: 'lax', secure, path: '/connect', maxAge: CONNECT_BROWSER_TTL_MINUTES * 60_000, encode: String });
}

/** The forms' anti-forgery field: derived from the cookie's secret, which only this browser holds. */
export const csrfFor = (secret: string): string => createHmac('sha256', secret).update('connect-form').digest('base64url');

export function csrfMatches(secret: string, given: string): boolean {
  return safeEqual(csrfFor(secret), given);
}

import type { WireFormat } from '../core/http-client';
import { buildUrl, formBody, FORM, JSON_TYPE } from '../core/encode';
import type { PlatformApp } from '../core/types';

/** Google Ads REST (docs/platforms/google.md §1): Bearer token, JSON bodies; OAuth endpoints take forms. */
export function googleWire(apiBase: string): WireFormat {
  return {
    encode(req, token) {
      const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
      const url = req.absoluteUrl ? buildUrl(req.absoluteUrl, '', req.query) : buildUrl(apiBase, req.path, req.query);
      if (req.method === 'GET' || req.method === 'DELETE') return { url, headers };
      // Set on this call's own fresh object rather than spread into another: encode runs on every Google call.
      if (req.form) {
        headers['content-type'] = FORM['content-type'];
        return { url, headers, body: formBody(req.form) };
      }
      headers['content-type'] = JSON_TYPE['content-type'];
      return { url, headers, body: JSON.stringify(req.body ?? {}) };
    },
  };
}

/** `123-456-7890` or `1234567890` → `1234567890`. */
export function normalizeGoogleCustomerId(raw: string): string | null {
  const digits = raw.trim().replace(/-/g, '');
  return /^\d{10}$/.test(digits) && /^(\d{10}|\d{3}-\d{3}-\d{4})$/.test(raw.trim()) ? digits : null;
}

/**
 * Headers every Ads call needs: the developer token only when configured (optional since the
 * 2026-09-09 sunset, docs/platforms/google.md §1) and login-customer-id when the account is reached through a manager.
 */
export function googleHeaders(app: Pick<PlatformApp, 'extras'>, loginCustomerId?: string | null): Record<string, string> {
  const h: Record<string, string> = {};
  if (app.extras.developerToken) h['developer-token'] = String(app.extras.developerToken);
  // null = reached directly (no header); undefined = the tenant app's default manager, if any.
  const login = loginCustomerId === undefined ? (app.extras.loginCustomerId ? String(app.extras.loginCustomerId) : undefined) : loginCustomerId;
  if (login) h['login-customer-id'] = login.replace(/-/g, '');
  return h;
}

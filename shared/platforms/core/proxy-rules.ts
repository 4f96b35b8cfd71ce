import { AppError, isAppError } from '../../errors/app-error';

/*
 * How a platform module tells the passthrough proxy (`/api/v1/{platform}/proxy/{path}`, docs/proxy.md)
 * which of the caller's ad accounts a raw request names. The module declares it; the guard checks
 * every named account before any platform call; the caller sends the request.
 */

export type ProxyMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** A proxied request as the rules see it: the path already checked by `proxyPathSegments`. */
export interface ProxyRequest {
  method: ProxyMethod;
  /** The path's segments as sent (percent-encoding kept). */
  segments: readonly string[];
  /** The same segments, decoded. */
  decoded: readonly string[];
  query: Readonly<Record<string, unknown>>;
  body: unknown;
}

/** What a request names, decided from the platform's documented path and parameter shapes. */
export type ProxyTarget =
  /** Ad accounts of the platform (the platform's own ids): each must be the caller's, activated. */
  | { kind: 'accounts'; ids: string[] }
  /** An object whose account is known only to the platform (Meta): it must be in the account the caller names. */
  | { kind: 'object'; objectId: string }
  /** Nothing the proxy may reach: answered 403 PROXY_PATH_NOT_ALLOWED naming `rule`. */
  | { kind: 'denied'; rule: string; why: string };

/** A path reachable without naming an account in it: the connection is the one of the account given as `adAccountId`. */
export interface AllowedPath {
  /** Matched against the decoded path (segments joined by `/`). */
  pattern: RegExp;
  methods: readonly ProxyMethod[];
  why: string;
}

export interface ProxyRules {
  /** The methods the platform's API uses. */
  methods: readonly ProxyMethod[];
  /** Which accounts (or object) the request names. */
  target(req: ProxyRequest): ProxyTarget;
  /** POSTs that only read (Google's `googleAds:search`): sent as reads, never as write jobs. */
  readingPost?: RegExp;
  /** Paths that name no account and still reveal nothing of another user's (docs/proxy.md lists each with its source). */
  allowList: readonly AllowedPath[];
  /** Query keys the caller may not set: the gateway sets them (credentials, the version). */
  reservedQuery: readonly string[];
  /** How to read an object's ad account (Meta `?fields=account_id`); required when `target` answers `object`. */
  ownerOf?: { path(objectId: string): string; query: Record<string, string>; account(body: unknown): string | null };
  /**
   * URLs the platform puts in its answers that carry the call's credentials (Meta `paging.next`):
   * each is handed to `rewrite`, which answers the proxy's own path for it without them (or null to drop it).
   * Answers a new value when it changes anything: the body it was given is sent as the platform's text.
   */
  rewriteLinks?(body: unknown, rewrite: (url: string) => string | null): unknown;
  /** The platform's own error object in an error answer (Meta's `error`); the whole answer when absent. */
  platformError?(body: unknown): unknown;
  /**
   * Objects outside every ad account that an account still acts for (Meta: the Pages it promotes):
   * an `object` path whose owner read answers none is allowed when the named account lists it here.
   * Read once per account and cached like object owners.
   */
  accountObjects?: { rule: string; path(accountId: string): string; query: Record<string, string>; ids(body: unknown): string[] };
}

export const denied = (rule: string, why: string): ProxyTarget => ({ kind: 'denied', rule, why });

/** An error of a passthrough call with the platform's error object in `platform` (the HTTP client keeps the whole answer there). */
export function withPlatformError(e: unknown, rules: ProxyRules): unknown {
  if (isAppError(e) && e.platform !== undefined && rules.platformError) e.platform = rules.platformError(e.platform);
  return e;
}

const MAX_PATH = 1024;
const MAX_SEGMENTS = 16;
// What a path segment may hold as sent: unreserved, sub-delims, ':' and '@', and percent escapes.
const SEGMENT = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})+$/;
// Decoded, a segment must still be one segment of a relative path on the platform's own host.
const UNSAFE_DECODED = /[/\\?#\u0000-\u001f\u007f]/;

const badPath = (why: string) => new AppError('VALIDATION_FAILED', `Invalid proxy path: ${why}`, { details: [{ path: 'params.path', message: why }] });

/**
 * The raw path after `/proxy/` split into segments, refused (400) when it could leave the
 * platform's versioned base: empty segments (`//host`), dot segments in any encoding, encoded
 * slashes or backslashes, control characters (CR/LF), or an oversized path.
 */
export function proxyPathSegments(raw: string): { segments: string[]; decoded: string[] } {
  if (!raw || raw === '/') throw badPath('the path is empty');
  if (raw.length > MAX_PATH) throw badPath(`longer than ${MAX_PATH} characters`);
  // A trailing slash is part of some platforms' paths (TikTok): kept on the wire, not a segment.
  const segments = (raw.endsWith('/') ? raw.slice(0, -1) : raw).split('/');
  if (segments.length > MAX_SEGMENTS) throw badPath(`more than ${MAX_SEGMENTS} segments`);
  const decoded = segments.map((s) => {
    if (!s) throw badPath('empty segment');
    if (!SEGMENT.test(s)) throw badPath('a segment holds a character a path may not');
    // SEGMENT admits none of UNSAFE_DECODED's characters as they are: only an escape can bring one in.
    const escaped = s.includes('%');
    let d = s;
    try {
      if (escaped) d = decodeURIComponent(s);
    } catch {
      throw badPath('a segment is not valid percent-encoding');
    }
    if (d === '.' || d === '..' || (escaped && UNSAFE_DECODED.test(d))) throw badPath('a segment leaves the platform’s API path');
    return d;
  });
  return { segments, decoded };
}

/** Every string anywhere in a JSON value (query values, bodies), for rules that look for ids in them. */
export function stringsIn(value: unknown, out: string[] = [], depth = 0): string[] {
  if (depth > 32) return out;
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) stringsIn(v, out, depth + 1);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) stringsIn(v, out, depth + 1);
  return out;
}

import { randomBytes } from 'node:crypto';
import { errors } from '../graph/errors';

/** Scopes a token gets when the caller does not ask for specific ones (docs/platforms/facebook.md §2 "Ads scopes"). */
export const ALL_ADS_SCOPES = [
  'ads_management', 'ads_read', 'business_management', 'pages_show_list', 'pages_read_engagement',
  'pages_manage_ads', 'pages_manage_metadata', 'leads_retrieval', 'read_insights', 'catalog_management',
  'public_profile',
] as const;

/** Lifetime the platform reports for a long-lived token (docs/platforms/facebook.md §2 example). */
export const LONG_LIVED_SECONDS = 5183944;
/** ASSUMED: short-lived tokens from the dialog last about 2 hours. */
export const SHORT_LIVED_SECONDS = 7200;

export interface TokenRecord {
  token: string;
  type: 'USER' | 'PAGE';
  userId: string;
  appId: string;
  scopes: string[];
  issuedAt: number;
  /** Unix seconds; 0 = never. */
  expiresAt: number;
  pageId?: string;
  /** A page token dies with the user token it came from. */
  parent?: string;
  /** Set when invalidated: the 190 subcode the platform answers with. */
  invalidSubcode?: number;
}

export interface CodeRecord {
  code: string;
  userId: string;
  appId: string;
  redirectUri: string;
  scopes: string[];
  used: boolean;
}

export class TokenStore {
  readonly tokens = new Map<string, TokenRecord>();
  readonly codes = new Map<string, CodeRecord>();
  private readonly pageTokens = new Map<string, string>();

  mint(userId: string, appId: string, opts: { scopes?: string[]; expiresIn?: number; token?: string } = {}): TokenRecord {
    const now = Math.floor(Date.now() / 1000);
    const rec: TokenRecord = {
      token: opts.token ?? `EAA${randomBytes(30).toString('base64url').replace(/[-_]/g, 'Z')}`,
      type: 'USER',
      userId,
      appId,
      scopes: [...(opts.scopes ?? ALL_ADS_SCOPES)],
      issuedAt: now,
      expiresAt: opts.expiresIn === 0 ? 0 : now + (opts.expiresIn ?? LONG_LIVED_SECONDS),
    };
    this.tokens.set(rec.token, rec);
    return rec;
  }

  /** The page token `/me/accounts` hands out for this user token and page (stable per pair). */
  pageToken(user: TokenRecord, pageId: string): string {
    const key = `${user.token}|${pageId}`;
    const existing = this.pageTokens.get(key);
    if (existing) return existing;
    const rec: TokenRecord = {
      ...this.mint(user.userId, user.appId, { scopes: user.scopes, expiresIn: 0 }),
      type: 'PAGE',
      pageId,
      parent: user.token,
    };
    this.tokens.set(rec.token, rec);
    this.pageTokens.set(key, rec.token);
    return rec.token;
  }

  issueCode(c: Omit<CodeRecord, 'code' | 'used'>): string {
    const code = `AQ${randomBytes(24).toString('base64url')}`;
    this.codes.set(code, { ...c, code, used: false });
    return code;
  }

  /** Returns the record or throws the platform's 104/190 error. */
  validate(token: string | undefined): TokenRecord {
    if (!token) throw errors.tokenMissing();
    const rec = this.tokens.get(token);
    if (!rec) throw errors.tokenUnparseable();
    this.checkAlive(rec);
    if (rec.parent) {
      const parent = this.tokens.get(rec.parent);
      if (parent?.invalidSubcode) throw errors.tokenInvalid(parent.invalidSubcode);
    }
    return rec;
  }

  checkAlive(rec: TokenRecord): void {
    if (rec.invalidSubcode) throw errors.tokenInvalid(rec.invalidSubcode);
    const now = Date.now();
    if (rec.expiresAt !== 0 && rec.expiresAt * 1000 <= now) throw errors.tokenExpired(new Date(rec.expiresAt * 1000), new Date(now));
  }

  expire(token: string): boolean {
    const rec = this.tokens.get(token);
    if (!rec) return false;
    rec.expiresAt = Math.floor(Date.now() / 1000) - 1;
    return true;
  }

  invalidate(token: string, subcode = 458): boolean {
    const rec = this.tokens.get(token);
    if (!rec) return false;
    rec.invalidSubcode = subcode;
    return true;
  }

  /** `DELETE /me/permissions`: every token of that user for that app stops working. */
  revokeApp(userId: string, appId: string): void {
    for (const rec of this.tokens.values()) if (rec.userId === userId && rec.appId === appId) rec.invalidSubcode = 458;
  }
}

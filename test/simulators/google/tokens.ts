/** OAuth grants, codes and tokens of the simulated Google identity platform. */
import { createHash, randomBytes } from 'node:crypto';

export const ADWORDS_SCOPE = 'https://www.googleapis.com/auth/adwords';
/** docs/platforms/google.md §2: expires_in is ~1 h, commonly 3599. */
export const DEFAULT_EXPIRES_IN = 3599;

export interface Grant {
  id: number;
  user: string;
  clientId: string;
  scope: string;
  refreshToken?: string;
  revoked: boolean;
}

export interface AccessToken {
  token: string;
  grant: Grant;
  expiresAt: number;
  forcedExpired: boolean;
}

export interface AuthCode {
  code: string;
  user: string;
  clientId: string;
  redirectUri: string;
  scope: string;
  offline: boolean;
  codeChallenge?: string;
  codeChallengeMethod?: string;
  expiresAt: number;
  used: boolean;
}

export type TokenCheck =
  | { ok: true; token: AccessToken }
  | { ok: false; reason: 'OAUTH_TOKEN_INVALID' | 'OAUTH_TOKEN_EXPIRED' | 'OAUTH_TOKEN_REVOKED' };

const rand = (n: number) => randomBytes(n).toString('base64url');

export class TokenStore {
  private grantSeq = 0;
  private readonly access = new Map<string, AccessToken>();
  private readonly refresh = new Map<string, Grant>();
  private readonly codes = new Map<string, AuthCode>();

  issueCode(c: Omit<AuthCode, 'code' | 'expiresAt' | 'used'>): string {
    const code = `4/0A${rand(30)}`;
    // Google auth codes are short-lived; 10 minutes here.
    this.codes.set(code, { ...c, code, expiresAt: Date.now() + 600_000, used: false });
    return code;
  }

  takeCode(code: string): AuthCode | undefined {
    const c = this.codes.get(code);
    if (!c) return undefined;
    this.codes.delete(code);
    return c.expiresAt > Date.now() ? c : undefined;
  }

  newGrant(user: string, clientId: string, scope: string, offline: boolean): Grant {
    const grant: Grant = { id: ++this.grantSeq, user, clientId, scope, revoked: false };
    if (offline) {
      grant.refreshToken = `1//sim${rand(40)}`;
      this.refresh.set(grant.refreshToken, grant);
    }
    return grant;
  }

  issueAccess(grant: Grant, expiresIn = DEFAULT_EXPIRES_IN): AccessToken {
    const t: AccessToken = { token: `ya29.sim${rand(48)}`, grant, expiresAt: Date.now() + expiresIn * 1000, forcedExpired: false };
    this.access.set(t.token, t);
    return t;
  }

  grantByRefresh(token: string): Grant | undefined {
    const g = this.refresh.get(token);
    return g && !g.revoked ? g : undefined;
  }

  check(token: string): TokenCheck {
    const t = this.access.get(token);
    if (!t) return { ok: false, reason: 'OAUTH_TOKEN_INVALID' };
    if (t.grant.revoked) return { ok: false, reason: 'OAUTH_TOKEN_REVOKED' };
    if (t.forcedExpired || t.expiresAt <= Date.now()) return { ok: false, reason: 'OAUTH_TOKEN_EXPIRED' };
    return { ok: true, token: t };
  }

  /** Marks an access token expired; a refresh token becomes unusable (invalid_grant). */
  expire(token: string): boolean {
    const t = this.access.get(token);
    if (t) {
      t.forcedExpired = true;
      return true;
    }
    const g = this.refresh.get(token);
    if (g) {
      g.revoked = true;
      return true;
    }
    return false;
  }

  /** Revoking either token of a grant revokes the whole grant (as Google's revoke endpoint does). */
  revoke(token: string): boolean {
    const g = this.access.get(token)?.grant ?? this.refresh.get(token);
    if (!g || g.revoked) return false;
    g.revoked = true;
    return true;
  }
}

export function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

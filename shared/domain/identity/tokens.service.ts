import { createSecretKey, randomUUID, type KeyObject } from 'node:crypto';
import jwt, { type JwtPayload } from 'jsonwebtoken';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../../infra/config';
import { sha256, safeEqual } from '../../infra/crypto';
import { AppError } from '../../errors/app-error';
import { TtlCache } from '../../infra/ttl-cache';
import { RefreshToken, type RefreshSubject } from '../../persistence/entities/refresh-token.entity';
import type { TenantRole } from './auth-context';

/** `typ` claim: which kind of token this is. A token is only ever accepted where its kind is expected. */
export type TokenType = 'access' | 'refresh' | 'tenant-user' | 'tenant-user-refresh';

export interface TokenClaims extends JwtPayload {
  sub: string;
  tid: string;
  typ: TokenType;
  jti: string;
  exp: number;
  /** external-user tokens: the tenant's id for the user. */
  ext?: string;
  /** tenant-user tokens: the user's token version (bumped on password change). */
  tv?: number;
  role?: TenantRole;
}

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  tokenType: 'Bearer';
  expiresIn: number;
  refreshExpiresIn: number;
}

export interface ExternalSubject {
  kind: 'external-user';
  tenantId: string;
  id: string;
  externalId: string;
}
export interface TenantUserSubject {
  kind: 'tenant-user';
  tenantId: string;
  id: string;
  role: TenantRole;
  tokenVersion: number;
}
export type TokenSubject = ExternalSubject | TenantUserSubject;

type SubjectListener = (tenantId: string, kind: RefreshSubject, subjectId: string) => Promise<void>;

const ISSUER = 'ads-gateway';
const VERIFIED_TTL_MS = 5 * 60_000;

export class TokenService {
  /**
   * Built once: given a string, jsonwebtoken tries createPublicKey on it (and throws) before falling
   * back to a secret key, on every call. That was the largest single cost of an authenticated read.
   */
  private readonly key: KeyObject;

  /**
   * Tokens that verified, until their own `exp`: a hit answers exactly what jwt.verify would (access
   * tokens carry no server-side state), without the HMAC, base64 and JSON work on every request.
   * Keyed by the whole token, so only its holder can hit an entry.
   */
  private readonly verified = new TtlCache<string, Readonly<TokenClaims>>(VERIFIED_TTL_MS, 20_000);

  private readonly subjectListeners: SubjectListener[] = [];

  constructor(private readonly config: Config) {
    this.key = createSecretKey(Buffer.from(config.JWT_SECRET, 'utf8'));
  }

  private sign(claims: Omit<TokenClaims, 'exp' | 'jti' | 'iat'>, ttl: number, jti = randomUUID()): string {
    return jwt.sign(claims, this.key, { algorithm: 'HS256', expiresIn: ttl, jwtid: jti, issuer: ISSUER });
  }

  /** Verifies signature, expiry and kind; maps every failure to a 401 code. */
  verify(token: string, expected: TokenType): Readonly<TokenClaims> {
    const cached = this.verified.get(token);
    if (cached) return this.ofType(cached, expected);
    let claims: TokenClaims;
    try {
      claims = jwt.verify(token, this.key, { algorithms: ['HS256'], issuer: ISSUER }) as TokenClaims;
    } catch (e) {
      if (e instanceof jwt.TokenExpiredError) throw new AppError('TOKEN_EXPIRED', 'The token has expired');
      throw new AppError('TOKEN_INVALID', 'The token is not valid');
    }
    if (typeof claims !== 'object' || typeof claims.sub !== 'string' || typeof claims.tid !== 'string' || typeof claims.jti !== 'string' || typeof claims.exp !== 'number') {
      throw new AppError('TOKEN_INVALID', 'The token is not valid');
    }
    Object.freeze(claims);
    this.verified.set(token, claims, claims.exp * 1000);
    return this.ofType(claims, expected);
  }

  private ofType(claims: Readonly<TokenClaims>, expected: TokenType): Readonly<TokenClaims> {
    if (claims.typ !== expected) {
      throw new AppError('TOKEN_INVALID', `Expected a${expected === 'access' ? 'n' : ''} ${expected} token`);
    }
    return claims;
  }

  private ttls(subject: TokenSubject) {
    return {
      access: subject.kind === 'external-user' ? this.config.ACCESS_TOKEN_TTL_SECONDS : this.config.TENANT_TOKEN_TTL_SECONDS,
      refresh: this.config.REFRESH_TOKEN_TTL_SECONDS,
    };
  }

  /** A new access + refresh pair; `family` continues a rotation chain, or starts one. */
  async issue(em: EntityManager, subject: TokenSubject, family: string = randomUUID()): Promise<IssuedTokens> {
    const ttl = this.ttls(subject);
    const base =
      subject.kind === 'external-user'
        ? { sub: subject.id, tid: subject.tenantId, ext: subject.externalId }
        : { sub: subject.id, tid: subject.tenantId, tv: subject.tokenVersion, role: subject.role };
    const accessToken = this.sign({ ...base, typ: subject.kind === 'external-user' ? 'access' : 'tenant-user' }, ttl.access);
    const jti = randomUUID();
    const refreshToken = this.sign(
      { ...base, typ: subject.kind === 'external-user' ? 'refresh' : 'tenant-user-refresh' },
      ttl.refresh,
      jti,
    );
    em.create(RefreshToken, {
      id: jti,
      tenant: subject.tenantId,
      subjectType: subject.kind,
      subjectId: subject.id,
      family,
      tokenHash: sha256(refreshToken),
      expiresAt: new Date(Date.now() + ttl.refresh * 1000),
      createdAt: new Date(),
    });
    await em.flush();
    return { accessToken, refreshToken, tokenType: 'Bearer', expiresIn: ttl.access, refreshExpiresIn: ttl.refresh };
  }

  /**
   * Rotates a refresh token: it stops working and a new pair in the same family is issued.
   * Presenting an already-rotated token means it leaked (or was replayed): the whole family is revoked.
   * `load` re-reads the subject so a deleted user or a bumped token version cannot refresh.
   */
  async rotate(
    em: EntityManager,
    token: string,
    kind: RefreshSubject,
    load: (claims: TokenClaims) => Promise<TokenSubject | null>,
  ): Promise<IssuedTokens> {
    const claims = this.verify(token, kind === 'external-user' ? 'refresh' : 'tenant-user-refresh');
    const row = await em.findOne(RefreshToken, { id: claims.jti, tenant: claims.tid, subjectType: kind });
    if (!row || !safeEqual(row.tokenHash, sha256(token))) throw new AppError('TOKEN_INVALID', 'The refresh token is not valid');
    if (row.revokedAt) throw new AppError('TOKEN_INVALID', 'The refresh token has been revoked');
    const now = new Date();
    const claimed = await em.nativeUpdate(
      RefreshToken,
      { id: row.id, tenant: claims.tid, rotatedAt: null, revokedAt: null },
      { rotatedAt: now },
    );
    if (claimed !== 1) {
      await this.revokeFamily(em, claims.tid, row.family);
      throw new AppError('TOKEN_INVALID', 'The refresh token was already used; its session has been revoked');
    }
    const subject = await load(claims);
    if (!subject) {
      await this.revokeFamily(em, claims.tid, row.family);
      throw new AppError('TOKEN_INVALID', 'The refresh token is no longer valid');
    }
    const issued = await this.issue(em, subject, row.family);
    // A concurrent reuse may have revoked the family before the new row existed: check after insert,
    // so that either its revocation covers the new row or this check sees the revoked siblings.
    if (await em.count(RefreshToken, { tenant: claims.tid, family: row.family, revokedAt: { $ne: null } })) {
      await this.revokeFamily(em, claims.tid, row.family);
      throw new AppError('TOKEN_INVALID', 'The refresh token was already used; its session has been revoked');
    }
    return issued;
  }

  /**
   * Whether a refresh token still stands for a live sign-in: issued by us, not rotated, not revoked
   * (sign-out, password change and user removal revoke it). The console's cookie session rests on it.
   */
  async isLive(em: EntityManager, token: string, kind: RefreshSubject): Promise<boolean> {
    const stored = await this.storedRefresh(em, token, kind);
    return !!stored && !stored.row.rotatedAt && !stored.row.revokedAt;
  }

  /** Ends the sign-in a refresh token belongs to (its whole family); an unusable token ends nothing. */
  async revokeToken(em: EntityManager, token: string, kind: RefreshSubject): Promise<void> {
    const stored = await this.storedRefresh(em, token, kind);
    if (!stored) return;
    await this.revokeFamily(em, stored.claims.tid, stored.row.family);
    await this.subjectChanged(stored.claims.tid, kind, stored.claims.sub);
  }

  /** Told after a subject's sign-ins ended or its role changed, so in-process copies of them (console sessions) drop it on every replica. */
  onSubjectChanged(listener: SubjectListener): void {
    this.subjectListeners.push(listener);
  }

  async subjectChanged(tenantId: string, kind: RefreshSubject, subjectId: string): Promise<void> {
    await Promise.all(this.subjectListeners.map((l) => l(tenantId, kind, subjectId)));
  }

  /** The row a refresh token of ours stands for, when the token verifies and matches it; else undefined. */
  private async storedRefresh(em: EntityManager, token: string, kind: RefreshSubject) {
    let claims: Readonly<TokenClaims>;
    try {
      claims = this.verify(token, kind === 'external-user' ? 'refresh' : 'tenant-user-refresh');
    } catch {
      return undefined;
    }
    const row = await em.findOne(RefreshToken, { id: claims.jti, tenant: claims.tid, subjectType: kind });
    return row && safeEqual(row.tokenHash, sha256(token)) ? { claims, row } : undefined;
  }

  async revokeFamily(em: EntityManager, tenantId: string, family: string): Promise<void> {
    await em.nativeUpdate(RefreshToken, { tenant: tenantId, family, revokedAt: null }, { revokedAt: new Date() });
  }

  async revokeSubject(em: EntityManager, tenantId: string, kind: RefreshSubject, subjectId: string): Promise<void> {
    await em.nativeUpdate(
      RefreshToken,
      { tenant: tenantId, subjectType: kind, subjectId, revokedAt: null },
      { revokedAt: new Date() },
    );
    await this.subjectChanged(tenantId, kind, subjectId);
  }
}

import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../errors/app-error';
import { TenantUser } from '../../persistence/entities/tenant-user.entity';
import type { AuthContext, AuthMode } from './auth-context';
import type { ApiKeyService } from './api-keys.service';
import type { ExternalUserService } from './external-users.service';
import type { TokenClaims, TokenService } from './tokens.service';
import type { Revocations } from './revocations';

/** What the caller presented, as read from the request by the HTTP layer. */
export interface PresentedCredentials {
  /** Authorization header, raw. */
  authorization?: string;
  /** `?token=` */
  queryToken?: string;
  apiKey?: string;
  /** externalUserId from query, body or x-external-user-id (already checked for conflicts). */
  externalUserId?: string;
  /** `{teamId}` path parameter on the team-scoped surface. */
  teamId?: string;
}

export const EXTERNAL_ID = /^[A-Za-z0-9._:@+|-]{1,128}$/;

const extOf = (claims: TokenClaims): string => {
  if (typeof claims.ext !== 'string') throw new AppError('TOKEN_INVALID', 'The token is not valid');
  return claims.ext;
};

const unauthenticated = (msg: string) => new AppError('UNAUTHENTICATED', msg);

function bearerOf(authorization: string | undefined): string | undefined {
  if (authorization === undefined) return undefined;
  const m = /^Bearer[ ]+(\S+)\s*$/i.exec(authorization);
  if (!m) throw unauthenticated('The Authorization header must be "Bearer <token>"');
  return m[1];
}

function externalIdOf(value: string | undefined, what: string): string {
  if (value === undefined) {
    throw new AppError('VALIDATION_FAILED', `${what} is required with x-api-key`, {
      details: [{ path: what === 'teamId' ? 'params.teamId' : 'query.externalUserId', message: 'Required' }],
    });
  }
  if (!EXTERNAL_ID.test(value)) {
    throw new AppError('VALIDATION_FAILED', `${what} is not a valid id`, {
      details: [{ path: what === 'teamId' ? 'params.teamId' : 'query.externalUserId', message: '1–128 characters of A–Z a–z 0–9 . _ : @ + | -' }],
    });
  }
  return value;
}

/**
 * Establishes who is calling for one auth mode (docs/api-conventions.md §3). Each surface accepts exactly its own
 * credential forms; anything else — including a valid credential of the wrong kind — is a 401.
 */
export class Authenticator {
  constructor(
    private readonly tokens: TokenService,
    private readonly apiKeys: ApiKeyService,
    private readonly externalUsers: ExternalUserService,
    private readonly revocations?: Revocations,
  ) {}

  /**
   * `em` is a thunk: a warm Bearer or x-api-key request never needs a forked EntityManager. A
   * credential of a deleted external user or a closed tenant is refused however valid it looks.
   */
  async authenticate(em: () => EntityManager, mode: Exclude<AuthMode, 'none'>, c: PresentedCredentials): Promise<AuthContext> {
    const ctx = await this.resolve(em, mode, c);
    if (this.revocations && 'tenantId' in ctx) {
      await this.revocations.ready();
      if (this.revocations.isRevoked(ctx.tenantId, ctx.kind === 'external-user' ? ctx.userId : undefined)) {
        throw ctx.kind === 'tenant-api-key'
          ? new AppError('API_KEY_INVALID', 'The API key is not valid')
          : new AppError('TOKEN_INVALID', 'The token is no longer valid');
      }
    }
    return ctx;
  }

  private async resolve(em: () => EntityManager, mode: Exclude<AuthMode, 'none'>, c: PresentedCredentials): Promise<AuthContext> {
    const bearer = bearerOf(c.authorization);
    const forms = [bearer, c.queryToken, c.apiKey].filter((v) => v !== undefined).length;
    if (forms === 0) throw unauthenticated('A credential is required');

    switch (mode) {
      case 'external-or-key':
        if (c.apiKey !== undefined && c.externalUserId === undefined && forms === 1) {
          const key = await this.apiKeys.verify(em, c.apiKey);
          return { kind: 'tenant-api-key', tenantId: key.tenantId, apiKeyId: key.apiKeyId };
        }
        return this.resolve(em, 'external', c);
      case 'external': {
        if (forms > 1) throw unauthenticated('Send exactly one credential: a Bearer token, ?token= or x-api-key');
        if (c.apiKey !== undefined) {
          const key = await this.apiKeys.verify(em, c.apiKey);
          const externalId = externalIdOf(c.externalUserId, 'externalUserId');
          const user = await this.externalUsers.findOrCreate(em, key.tenantId, externalId);
          return { kind: 'external-user', tenantId: key.tenantId, userId: user.id, externalId, via: 'api-key' };
        }
        const claims = this.tokens.verify((bearer ?? c.queryToken)!, 'access');
        return { kind: 'external-user', tenantId: claims.tid, userId: claims.sub, externalId: extOf(claims), via: bearer ? 'bearer' : 'query-token' };
      }
      case 'team': {
        const key = await this.onlyApiKey(em, c, bearer);
        const externalId = externalIdOf(c.teamId, 'teamId');
        const user = await this.externalUsers.findOrCreate(em, key.tenantId, externalId);
        return { kind: 'external-user', tenantId: key.tenantId, userId: user.id, externalId, via: 'team' };
      }
      case 'api-key': {
        const key = await this.onlyApiKey(em, c, bearer);
        return { kind: 'tenant-api-key', tenantId: key.tenantId, apiKeyId: key.apiKeyId };
      }
      case 'external-refresh': {
        if (!bearer || forms > 1) throw unauthenticated('Send the refresh token as "Authorization: Bearer <refreshToken>"');
        const claims = this.tokens.verify(bearer, 'refresh');
        return { kind: 'external-user', tenantId: claims.tid, userId: claims.sub, externalId: extOf(claims), via: 'bearer' };
      }
      case 'team-refresh': {
        if (!bearer || c.apiKey === undefined || c.queryToken !== undefined) {
          throw unauthenticated('Send x-api-key and the refresh token as "Authorization: Bearer <refreshToken>"');
        }
        const key = await this.apiKeys.verify(em, c.apiKey);
        const teamId = externalIdOf(c.teamId, 'teamId');
        const claims = this.tokens.verify(bearer, 'refresh');
        if (claims.tid !== key.tenantId || claims.ext !== teamId) throw new AppError('TOKEN_INVALID', 'The refresh token does not belong to this team');
        return { kind: 'external-user', tenantId: key.tenantId, userId: claims.sub, externalId: teamId, via: 'team' };
      }
      case 'tenant': {
        if (forms > 1 || c.queryToken !== undefined) throw unauthenticated('Send exactly one credential: a Bearer token or x-api-key');
        if (c.apiKey !== undefined) {
          const key = await this.apiKeys.verify(em, c.apiKey);
          return { kind: 'tenant-api-key', tenantId: key.tenantId, apiKeyId: key.apiKeyId };
        }
        const claims = this.tokens.verify(bearer!, 'tenant-user');
        const user = await em().findOne(TenantUser, { id: claims.sub, tenant: claims.tid });
        if (!user || user.tokenVersion !== claims.tv) throw new AppError('TOKEN_INVALID', 'The token is no longer valid');
        return { kind: 'tenant-user', tenantId: claims.tid, tenantUserId: user.id, role: user.role };
      }
      case 'tenant-or-external':
        // A tenant user's session token answers for the tenant; any other credential as on the jobs routes.
        if (bearer !== undefined && forms === 1 && this.isTenantUserToken(bearer)) return this.resolve(em, 'tenant', c);
        return this.resolve(em, 'external-or-key', c);
      case 'tenant-refresh': {
        if (!bearer || forms > 1) throw unauthenticated('Send the refresh token as "Authorization: Bearer <refreshToken>"');
        const claims = this.tokens.verify(bearer, 'tenant-user-refresh');
        return { kind: 'tenant-user', tenantId: claims.tid, tenantUserId: claims.sub, role: claims.role ?? 'member' };
      }
      default: {
        const never: never = mode;
        throw new Error(`unknown auth mode ${String(never)}`);
      }
    }
  }

  private isTenantUserToken(token: string): boolean {
    try {
      this.tokens.verify(token, 'tenant-user');
      return true;
    } catch {
      return false;
    }
  }

  private async onlyApiKey(em: () => EntityManager, c: PresentedCredentials, bearer: string | undefined) {
    if (c.apiKey === undefined || bearer !== undefined || c.queryToken !== undefined) {
      throw unauthenticated('This surface accepts x-api-key only');
    }
    return this.apiKeys.verify(em, c.apiKey);
  }
}

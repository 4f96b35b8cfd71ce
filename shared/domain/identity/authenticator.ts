import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../errors/app-error';
import { andThen, type MaybeAsync } from '../../infra/maybe-async';
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
    return this.authenticateNow(em, mode, c);
  }

  /**
   * `authenticate`, answered without a promise when nothing has to be waited for (a token checked in
   * process, the revoked subjects already loaded): most requests then add no async step here.
   * Refusals are thrown either way.
   */
  authenticateNow(em: () => EntityManager, mode: Exclude<AuthMode, 'none'>, c: PresentedCredentials): MaybeAsync<AuthContext> {
    return andThen(this.resolve(em, mode, c), (ctx) => this.unlessRevoked(ctx));
  }

  private unlessRevoked(ctx: AuthContext): MaybeAsync<AuthContext> {
    const revocations = this.revocations;
    if (!revocations || !('tenantId' in ctx)) return ctx;
    if (!revocations.loaded) return revocations.ready().then(() => this.refuseRevoked(revocations, ctx));
    return this.refuseRevoked(revocations, ctx);
  }

  private refuseRevoked(revocations: Revocations, ctx: AuthContext & { tenantId: string }): AuthContext {
    if (revocations.isRevoked(ctx.tenantId, ctx.kind === 'external-user' ? ctx.userId : undefined)) {
      throw ctx.kind === 'tenant-api-key'
        ? new AppError('API_KEY_INVALID', 'The API key is not valid')
        : new AppError('TOKEN_INVALID', 'The token is no longer valid');
    }
    return ctx;
  }

  /** Who the credential names; a promise only where a key, a user or a row must be looked up. */
  private resolve(em: () => EntityManager, mode: Exclude<AuthMode, 'none'>, c: PresentedCredentials): MaybeAsync<AuthContext> {
    const bearer = bearerOf(c.authorization);
    const forms = [bearer, c.queryToken, c.apiKey].filter((v) => v !== undefined).length;
    if (forms === 0) throw unauthenticated('A credential is required');

    switch (mode) {
      case 'external-or-key':
        if (c.apiKey !== undefined && c.externalUserId === undefined && forms === 1) return this.tenantKey(em, c.apiKey);
        return this.resolve(em, 'external', c);
      case 'external': {
        if (forms > 1) throw unauthenticated('Send exactly one credential: a Bearer token, ?token= or x-api-key');
        if (c.apiKey !== undefined) return this.externalUserByKey(em, c.apiKey, c.externalUserId);
        const claims = this.tokens.verify((bearer ?? c.queryToken)!, 'access');
        return { kind: 'external-user', tenantId: claims.tid, userId: claims.sub, externalId: extOf(claims), via: bearer ? 'bearer' : 'query-token' };
      }
      case 'team':
        return this.teamUser(em, c, bearer);
      case 'api-key':
        return this.onlyApiKey(em, c, bearer);
      case 'external-refresh': {
        if (!bearer || forms > 1) throw unauthenticated('Send the refresh token as "Authorization: Bearer <refreshToken>"');
        const claims = this.tokens.verify(bearer, 'refresh');
        return { kind: 'external-user', tenantId: claims.tid, userId: claims.sub, externalId: extOf(claims), via: 'bearer' };
      }
      case 'team-refresh': {
        if (!bearer || c.apiKey === undefined || c.queryToken !== undefined) {
          throw unauthenticated('Send x-api-key and the refresh token as "Authorization: Bearer <refreshToken>"');
        }
        return this.teamRefresh(em, c.apiKey, c.teamId, bearer);
      }
      case 'tenant': {
        if (forms > 1 || c.queryToken !== undefined) throw unauthenticated('Send exactly one credential: a Bearer token or x-api-key');
        if (c.apiKey !== undefined) return this.tenantKey(em, c.apiKey);
        return this.tenantUser(em, this.tokens.verify(bearer!, 'tenant-user'));
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

  private async tenantKey(em: () => EntityManager, apiKey: string): Promise<AuthContext> {
    const key = await this.apiKeys.verify(em, apiKey);
    return { kind: 'tenant-api-key', tenantId: key.tenantId, apiKeyId: key.apiKeyId };
  }

  private async externalUserByKey(em: () => EntityManager, apiKey: string, externalUserId: string | undefined): Promise<AuthContext> {
    const key = await this.apiKeys.verify(em, apiKey);
    const externalId = externalIdOf(externalUserId, 'externalUserId');
    const user = await this.externalUsers.findOrCreate(em, key.tenantId, externalId);
    return { kind: 'external-user', tenantId: key.tenantId, userId: user.id, externalId, via: 'api-key' };
  }

  private async teamUser(em: () => EntityManager, c: PresentedCredentials, bearer: string | undefined): Promise<AuthContext> {
    const key = await this.onlyApiKey(em, c, bearer);
    const externalId = externalIdOf(c.teamId, 'teamId');
    const user = await this.externalUsers.findOrCreate(em, key.tenantId, externalId);
    return { kind: 'external-user', tenantId: key.tenantId, userId: user.id, externalId, via: 'team' };
  }

  private async teamRefresh(em: () => EntityManager, apiKey: string, teamIdParam: string | undefined, bearer: string): Promise<AuthContext> {
    const key = await this.apiKeys.verify(em, apiKey);
    const teamId = externalIdOf(teamIdParam, 'teamId');
    const claims = this.tokens.verify(bearer, 'refresh');
    if (claims.tid !== key.tenantId || claims.ext !== teamId) throw new AppError('TOKEN_INVALID', 'The refresh token does not belong to this team');
    return { kind: 'external-user', tenantId: key.tenantId, userId: claims.sub, externalId: teamId, via: 'team' };
  }

  private async tenantUser(em: () => EntityManager, claims: TokenClaims): Promise<AuthContext> {
    const user = await em().findOne(TenantUser, { id: claims.sub, tenant: claims.tid });
    if (!user || user.tokenVersion !== claims.tv) throw new AppError('TOKEN_INVALID', 'The token is no longer valid');
    return { kind: 'tenant-user', tenantId: claims.tid, tenantUserId: user.id, role: user.role };
  }

  private async onlyApiKey(em: () => EntityManager, c: PresentedCredentials, bearer: string | undefined): Promise<AuthContext & { kind: 'tenant-api-key' }> {
    if (c.apiKey === undefined || bearer !== undefined || c.queryToken !== undefined) {
      throw unauthenticated('This surface accepts x-api-key only');
    }
    const key = await this.apiKeys.verify(em, c.apiKey);
    return { kind: 'tenant-api-key', tenantId: key.tenantId, apiKeyId: key.apiKeyId };
  }
}

import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../errors/app-error';
import type { Logger } from '../../infra/logger';
import type { Vault } from '../../infra/crypto';
import { AdAccount } from '../../persistence/entities/ad-account.entity';
import { Connection } from '../../persistence/entities/connection.entity';
import type { PlatformRegistry } from '../../platforms/core/registry';
import type { TokenGrant } from '../../platforms/core/types';
import { PLATFORMS, type Platform } from '../../platforms';
import type { AdAccountGuard } from '../ad-accounts/guard.service';
import type { AccountStore } from './account-store';
import type { AppLookup, PlatformAuthService } from './platform-auth.service';
import { connectionEventData, connectionFields, emitEvent, externalIdOf } from '../webhooks/events';
import { isUuid } from '../../infra/ids';

export interface Caller {
  tenantId: string;
  userId: string;
}

export interface AdAccountView {
  id: string;
  adAccountId: string;
  name: string | null;
  currency: string | null;
  timezone: string | null;
  managerId: string | null;
  /** The connection the owner reaches it through (null for others). */
  connectionId: string | null;
  /** `active`/`deactivated` for the caller's own accounts; `available` = reachable, not activated; `owned_by_other`. */
  status: 'active' | 'deactivated' | 'available' | 'owned_by_other';
  validatedAt: string | null;
}

/** Activation, deactivation, listing, removal and revocation (docs/api-conventions.md §5). */
export class ConnectionService {
  constructor(
    private readonly deps: {
      platforms: PlatformRegistry;
      vault: Vault;
      apps: AppLookup;
      store: AccountStore;
      auth: PlatformAuthService;
      guard: AdAccountGuard;
      logger: Logger;
    },
  ) {}

  private async app(em: EntityManager, tenantId: string, platform: string) {
    const app = await this.deps.apps(em, tenantId, platform);
    if (!app) throw new AppError('PLATFORM_APP_NOT_CONFIGURED', `No ${platform} app is configured for this tenant`);
    return app;
  }

  /**
   * Proves the account is reachable (with the supplied token, else one of the caller's active
   * connections that can see it) and makes the caller its validated owner.
   */
  async activate(em: EntityManager, caller: Caller, platform: Platform, rawId: string, accessToken?: string): Promise<AdAccountView> {
    const adapter = this.deps.platforms.get(platform);
    const accountId = this.deps.guard.normalize(platform, rawId);
    const existing = await em.findOne(AdAccount, { tenantId: caller.tenantId, platform, platformAccountId: accountId });
    if (existing?.ownerId && existing.ownerId !== caller.userId) throw this.ownedByOther(rawId);
    const app = await this.app(em, caller.tenantId, platform);
    let connection: Connection;
    let found;
    if (accessToken) {
      const inspected = adapter.oauth.inspect ? await adapter.oauth.inspect(app, accessToken) : undefined;
      const grant: TokenGrant = { accessToken, expiresAt: inspected?.expiresAt ?? null, scopes: inspected?.scopes ?? [], platformUserId: inspected?.platformUserId };
      // Prove the account is reachable before anything is stored.
      found = await adapter.operations.fetchAccount({ app, token: accessToken, platformAccountId: accountId, managerId: existing?.managerId });
      connection = await this.deps.store.saveGrant(em, { ...caller, platform, kind: 'token', app, grant });
    } else {
      connection = await this.pickConnection(em, caller, platform, accountId);
      const link = await em.getConnection().execute<{ manager_id: string | null }[]>(
        'select manager_id from connection_accounts where connection_id = ? and platform_account_id = ?',
        [connection.id, accountId],
      );
      const managerId = link[0]?.manager_id ?? existing?.managerId ?? null;
      found = await adapter.operations.fetchAccount({ app, token: await this.deps.auth.tokenSource(connection.id), platformAccountId: accountId, managerId });
      found = { ...found, managerId };
    }
    const wasActive = existing?.ownerId === caller.userId && !!existing.validatedAt && existing.status === 'active';
    // The claim and its event commit together.
    const { account } = await em.transactional(async (tx) => {
      const claimed = await this.deps.store.claim(tx, connection, found);
      if (claimed.account && !wasActive) emitEvent(tx, caller.tenantId, 'ad_account.activated', await this.eventData(tx, claimed.account, caller.userId));
      return claimed;
    });
    if (!account) throw this.ownedByOther(rawId);
    await this.deps.guard.invalidate(caller.tenantId, platform, [accountId]);
    return this.view(account, caller.userId);
  }

  /** The caller's active connection that discovered the account, else their newest active one. */
  private async pickConnection(em: EntityManager, caller: Caller, platform: string, accountId: string): Promise<Connection> {
    const rows = await em.getConnection().execute<{ id: string }[]>(
      `select c.id from connections c
       left join connection_accounts ca on ca.connection_id = c.id and ca.platform_account_id = ?
       where c.tenant_id = ? and c.external_user_id = ? and c.platform = ? and c.status = 'active'
       order by (ca.id is not null) desc, c.created_at desc limit 1`,
      [accountId, caller.tenantId, caller.userId, platform],
    );
    if (!rows[0]) {
      throw new AppError('CONNECTION_NOT_FOUND', `No active ${platform} connection for this user; connect the platform or pass an accessToken`);
    }
    return em.findOneOrFail(Connection, { id: rows[0].id });
  }

  async deactivate(em: EntityManager, caller: Caller, platform: Platform, rawId: string): Promise<AdAccountView> {
    const a = await this.ownAccount(em, caller, platform, rawId);
    const wasActive = a.status === 'active';
    a.status = 'deactivated';
    if (wasActive) emitEvent(em, caller.tenantId, 'ad_account.deactivated', await this.eventData(em, a, caller.userId));
    await em.flush();
    await this.deps.guard.invalidate(caller.tenantId, platform, [a.platformAccountId]);
    return this.view(a, caller.userId);
  }

  /** Removes the account from the caller: ownership and validation are dropped, the link deleted. */
  async removeAccount(em: EntityManager, caller: Caller, rawId: string, platform?: Platform): Promise<{ removed: AdAccountView }> {
    const candidates = (platform ? [platform] : [...PLATFORMS]).flatMap((p) => {
      const id = this.deps.platforms.get(p).operations.normalizeAccountId(rawId);
      return id ? [{ platform: p, id }] : [];
    });
    const owned = await em.find(AdAccount, {
      tenantId: caller.tenantId,
      ownerId: caller.userId,
      $or: [{ id: isUuid(rawId) ? rawId : undefined }, ...candidates.map((c) => ({ platform: c.platform, platformAccountId: c.id }))].filter(
        (w) => Object.values(w).every((v) => v !== undefined),
      ),
    });
    if (owned.length > 1) throw new AppError('VALIDATION_FAILED', 'The id matches accounts on several platforms; add ?platform=', { details: [{ path: 'query.platform', message: 'Required for this id' }] });
    const a = owned[0];
    if (!a) return this.removeDiscovered(em, caller, rawId, candidates);
    const view = this.view(a, caller.userId);
    if (a.connectionId) {
      await em.getConnection().execute('delete from connection_accounts where connection_id = ? and platform_account_id = ?', [a.connectionId, a.platformAccountId]);
    }
    const wasActive = a.status === 'active' && !!a.validatedAt;
    a.ownerId = null;
    a.validatedAt = null;
    a.connectionId = null;
    if (wasActive) emitEvent(em, caller.tenantId, 'ad_account.deactivated', { ...view, status: 'available', validatedAt: null, platform: a.platform, externalUserId: await externalIdOf(em, caller.userId) });
    await em.flush();
    await this.deps.guard.invalidate(caller.tenantId, a.platform, [a.platformAccountId]);
    return { removed: { ...view, status: 'available', validatedAt: null } };
  }

  /**
   * An account the caller's connections list (discovered) but the caller never activated: the link
   * is dropped, so it leaves GET /connections. The tenant's account row stays for other users.
   */
  private async removeDiscovered(em: EntityManager, caller: Caller, rawId: string, candidates: { platform: Platform; id: string }[]): Promise<{ removed: AdAccountView }> {
    const notFound = () => new AppError('AD_ACCOUNT_NOT_FOUND', `Ad account ${rawId} was not found among this user's accounts`);
    if (!candidates.length) throw notFound();
    const conns = await em.find(Connection, { tenantId: caller.tenantId, externalUserId: caller.userId, platform: { $in: [...new Set(candidates.map((c) => c.platform))] } });
    const links = (await this.deps.store.linkedAccounts(em, conns.map((c) => c.id))).filter((l) => {
      const platform = conns.find((c) => c.id === l.connectionId)!.platform;
      return candidates.some((c) => c.platform === platform && c.id === l.platformAccountId);
    });
    const platforms = new Set(links.map((l) => conns.find((c) => c.id === l.connectionId)!.platform));
    if (platforms.size > 1) throw new AppError('VALIDATION_FAILED', 'The id matches accounts on several platforms; add ?platform=', { details: [{ path: 'query.platform', message: 'Required for this id' }] });
    const link = links[0];
    if (!link) throw notFound();
    const platform = [...platforms][0]!;
    const a = await em.findOne(AdAccount, { tenantId: caller.tenantId, platform, platformAccountId: link.platformAccountId });
    for (const l of links) {
      await em.getConnection().execute('delete from connection_accounts where connection_id = ? and platform_account_id = ?', [l.connectionId, l.platformAccountId]);
    }
    const view: AdAccountView = a
      ? this.view(a, caller.userId)
      : { id: link.id, adAccountId: link.platformAccountId, name: link.name ?? null, currency: link.currency ?? null, timezone: link.timezone ?? null, managerId: link.managerId ?? null, connectionId: null, status: 'available', validatedAt: null };
    return { removed: view };
  }

  /** Revokes at the platform (best effort) and locally; the connection's accounts stop passing the guard. */
  async revoke(em: EntityManager, caller: Caller, connectionId: string): Promise<{ connectionId: string; status: 'revoked'; platformRevoked: boolean }> {
    const c = isUuid(connectionId) ? await em.findOne(Connection, { id: connectionId, tenantId: caller.tenantId, externalUserId: caller.userId }) : null;
    if (!c) throw new AppError('CONNECTION_NOT_FOUND', 'Connection not found');
    let platformRevoked = false;
    if (c.status !== 'revoked' && c.accessTokenEnc) {
      try {
        const app = await this.app(em, c.tenantId, c.platform);
        await this.deps.platforms.get(c.platform).oauth.revoke(app, {
          accessToken: this.deps.vault.decrypt(c.accessTokenEnc),
          refreshToken: c.refreshTokenEnc ? this.deps.vault.decrypt(c.refreshTokenEnc) : undefined,
        });
        platformRevoked = true;
      } catch (err) {
        this.deps.logger.warn({ connectionId, platform: c.platform, err: (err as Error).message }, 'platform revocation failed; revoking locally');
      }
    }
    const wasRevoked = c.status === 'revoked';
    c.status = 'revoked';
    c.accessTokenEnc = null;
    c.refreshTokenEnc = null;
    if (!wasRevoked) emitEvent(em, c.tenantId, 'connection.revoked', await connectionEventData(em, c));
    await em.flush();
    await this.invalidateConnection(em, c.tenantId, c.id);
    return { connectionId: c.id, status: 'revoked', platformRevoked };
  }

  /** Drops cached ownership of every account reached through the connection. */
  async invalidateConnection(em: EntityManager, tenantId: string, connectionId: string): Promise<void> {
    const rows = await em.getConnection().execute<{ platform: string; platform_account_id: string }[]>(
      'select platform, platform_account_id from ad_accounts where tenant_id = ? and connection_id = ?',
      [tenantId, connectionId],
    );
    const byPlatform = new Map<string, string[]>();
    for (const r of rows) byPlatform.set(r.platform, [...(byPlatform.get(r.platform) ?? []), r.platform_account_id]);
    for (const [p, ids] of byPlatform) await this.deps.guard.invalidate(tenantId, p, ids);
  }

  /**
   * One page of the caller's connections, newest first, in the gateway's cursor style. The cursor is
   * the last row's (created_at, id) as Postgres prints it, so rows created in the same millisecond
   * are neither skipped nor repeated.
   */
  async page(em: EntityManager, caller: Caller, q: { platform?: Platform; limit: number; cursor?: string }) {
    let after: { at: string; id: string } | undefined;
    if (q.cursor !== undefined) {
      const [at, id] = Buffer.from(q.cursor, 'base64url').toString('utf8').split('|');
      if (!at || !id || !isUuid(id) || Number.isNaN(Date.parse(at))) {
        throw new AppError('VALIDATION_FAILED', 'Invalid cursor', { details: [{ path: 'query.cursor', message: 'not a cursor from this endpoint' }] });
      }
      after = { at, id };
    }
    const rows = await em.getConnection().execute<{ id: string; at: string }[]>(
      `select id, created_at::text as at from connections
       where tenant_id = ? and external_user_id = ? ${q.platform ? 'and platform = ?' : ''} ${after ? 'and (created_at, id) < (?::timestamptz, ?::uuid)' : ''}
       order by created_at desc, id desc limit ?`,
      [caller.tenantId, caller.userId, ...(q.platform ? [q.platform] : []), ...(after ? [after.at, after.id] : []), q.limit + 1],
    );
    const page = rows.slice(0, q.limit);
    const items = await this.list(em, caller, q.platform, page.map((r) => r.id));
    const last = page[page.length - 1];
    return { items, nextCursor: rows.length > q.limit && last ? Buffer.from(`${last.at}|${last.id}`).toString('base64url') : null };
  }

  /**
   * The caller's connections with their accounts (all, or the given ids in that order); never a token.
   * A caller without `userId` is the tenant itself (the console): every user's, each account seen as its connection's owner sees it.
   */
  async list(em: EntityManager, caller: Caller | { tenantId: string; userId?: undefined }, platform?: Platform, ids?: string[]) {
    if (ids && !ids.length) return [];
    const found = await em.find(
      Connection,
      { tenantId: caller.tenantId, ...(caller.userId ? { externalUserId: caller.userId } : {}), ...(platform ? { platform } : {}), ...(ids ? { id: { $in: ids } } : {}) },
      { orderBy: { createdAt: 'desc' } },
    );
    const conns = ids ? ids.flatMap((id) => found.filter((c) => c.id === id)) : found;
    const links = await this.deps.store.linkedAccounts(em, conns.map((c) => c.id));
    const accounts = await em.find(AdAccount, { tenantId: caller.tenantId, platformAccountId: { $in: [...new Set(links.map((l) => l.platformAccountId))] } });
    const byKey = new Map(accounts.map((a) => [`${a.platform}|${a.platformAccountId}`, a]));
    return conns.map((c) => ({
      ...connectionFields(c),
      adAccounts: links
        .filter((l) => l.connectionId === c.id)
        .map((l) => {
          const a = byKey.get(`${c.platform}|${l.platformAccountId}`);
          return a ? this.view(a, caller.userId ?? c.externalUserId) : null;
        })
        .filter((v): v is AdAccountView => v !== null),
    }));
  }

  /** One item per platform: the caller's best connection (active first), or `connected: false`. */
  async status(em: EntityManager, caller: Caller, platform?: Platform) {
    const all = await this.list(em, caller, platform);
    const rank = { active: 0, expired: 1, error: 2, revoked: 3 } as Record<string, number>;
    return {
      items: (platform ? [platform] : [...PLATFORMS]).map((p) => {
        const best = all.filter((c) => c.platform === p).sort((a, b) => (rank[a.status] ?? 9) - (rank[b.status] ?? 9))[0];
        if (!best) return { platform: p, connected: false, status: null, connectionId: null, scopes: [], unavailableFeatures: [], adAccounts: [], expiresAt: null, lastRefreshedAt: null };
        return {
          platform: p,
          connected: best.status === 'active',
          status: best.status,
          connectionId: best.connectionId,
          scopes: best.scopes,
          unavailableFeatures: best.unavailableFeatures,
          adAccounts: best.adAccounts,
          expiresAt: best.expiresAt,
          lastRefreshedAt: best.lastRefreshedAt,
        };
      }),
    };
  }

  private async ownAccount(em: EntityManager, caller: Caller, platform: Platform, rawId: string): Promise<AdAccount> {
    const id = this.deps.guard.normalize(platform, rawId);
    const a = await em.findOne(AdAccount, { tenantId: caller.tenantId, platform, platformAccountId: id });
    if (!a) throw new AppError('AD_ACCOUNT_NOT_FOUND', `Ad account ${rawId} was not found`);
    if (a.ownerId !== caller.userId) {
      throw a.ownerId ? new AppError('AD_ACCOUNT_NOT_OWNED', `Ad account ${rawId} is not owned by this user`) : new AppError('AD_ACCOUNT_NOT_VALIDATED', `Ad account ${rawId} is not activated`);
    }
    return a;
  }

  private ownedByOther(rawId: string) {
    return new AppError('AD_ACCOUNT_OWNED_BY_OTHER', `Ad account ${rawId} is already owned by another user of this tenant`);
  }

  /** Webhook data: the account as the owner sees it, plus its platform and owner. */
  private async eventData(em: EntityManager, a: AdAccount, userId: string) {
    return { ...this.view(a, userId), platform: a.platform, externalUserId: await externalIdOf(em, userId) };
  }

  view(a: AdAccount, userId: string): AdAccountView {
    const mine = a.ownerId === userId;
    return {
      id: a.id,
      adAccountId: a.platformAccountId,
      name: a.name ?? null,
      currency: a.currency ?? null,
      timezone: a.timezone ?? null,
      managerId: a.managerId ?? null,
      connectionId: mine ? (a.connectionId ?? null) : null,
      status: !a.ownerId || !a.validatedAt ? 'available' : mine ? a.status : 'owned_by_other',
      validatedAt: mine && a.validatedAt ? a.validatedAt.toISOString() : null,
    };
  }
}


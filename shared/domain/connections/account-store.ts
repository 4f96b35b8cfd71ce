import { createHash, randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Vault } from '../../infra/crypto';
import { AdAccount, ConnectionAccount } from '../../persistence/entities/ad-account.entity';
import { Connection, type ConnectionKind } from '../../persistence/entities/connection.entity';
import type { DiscoveredAccount, PlatformApp, TokenGrant } from '../../platforms/core/types';
import type { Platform } from '../../platforms';
import { connectionEventData, emitEvent } from '../webhooks/events';

export const fingerprint = (token: string) => createHash('sha256').update(token).digest('hex');

/** Persistence steps shared by the OAuth callback and activation. */
export class AccountStore {
  constructor(private readonly vault: Vault) {}

  /**
   * Stores a grant as the user's connection: an OAuth grant replaces the user's previous OAuth
   * connection for the same platform user; a supplied token reuses the connection made with it.
   */
  async saveGrant(
    em: EntityManager,
    input: { tenantId: string; userId: string; platform: Platform; kind: ConnectionKind; app: PlatformApp; grant: TokenGrant },
  ): Promise<Connection> {
    const { tenantId, userId, platform, kind, grant } = input;
    const fp = kind === 'token' ? fingerprint(grant.accessToken) : null;
    const where =
      kind === 'token'
        ? { tenantId, externalUserId: userId, platform, kind, tokenFingerprint: fp }
        : { tenantId, externalUserId: userId, platform, kind, platformUserId: grant.platformUserId ?? null };
    let c = await em.findOne(Connection, where, { orderBy: { createdAt: 'desc' } });
    // A new connection, or a dead one brought back by a new grant: either way the tenant hears it is usable.
    const created = !c || c.status !== 'active';
    if (!c) {
      c = em.create(Connection, {
        id: randomUUID(),
        tenantId,
        externalUserId: userId,
        platform,
        kind,
        status: 'active',
        scopes: [],
        createdAt: new Date(),
        updatedAt: new Date(),
      });
    }
    c.status = 'active';
    c.accessTokenEnc = this.vault.encrypt(grant.accessToken);
    if (grant.refreshToken) c.refreshTokenEnc = this.vault.encrypt(grant.refreshToken);
    c.tokenFingerprint = fp;
    c.expiresAt = grant.expiresAt;
    c.scopes = grant.scopes;
    c.platformUserId = grant.platformUserId ?? c.platformUserId ?? null;
    c.appClientId = input.app.clientId;
    c.lastRefreshedAt = new Date();
    if (created) emitEvent(em, tenantId, 'connection.created', await connectionEventData(em, c));
    await em.flush();
    return c;
  }

  /** Records what the connection can reach, and makes each account known in the tenant. */
  async saveDiscovered(em: EntityManager, c: Connection, accounts: DiscoveredAccount[]): Promise<void> {
    for (const a of accounts) {
      await em.execute(
        `insert into connection_accounts (id, tenant_id, connection_id, platform_account_id, name, currency, timezone, manager_id)
         values (?, ?, ?, ?, ?, ?, ?, ?)
         on conflict (connection_id, platform_account_id) do update
         set name = excluded.name, currency = excluded.currency, timezone = excluded.timezone, manager_id = excluded.manager_id`,
        [randomUUID(), c.tenantId, c.id, a.platformAccountId, a.name, a.currency, a.timezone, a.managerId ?? null],
      );
      await em.execute(
        `insert into ad_accounts (id, tenant_id, platform, platform_account_id, connection_id, status, name, currency, timezone, manager_id)
         values (?, ?, ?, ?, ?, 'active', ?, ?, ?, ?)
         on conflict (tenant_id, platform, platform_account_id) do update
         set name = coalesce(excluded.name, ad_accounts.name), currency = coalesce(excluded.currency, ad_accounts.currency),
             timezone = coalesce(excluded.timezone, ad_accounts.timezone), updated_at = now()`,
        [randomUUID(), c.tenantId, c.platform, a.platformAccountId, c.id, a.name, a.currency, a.timezone, a.managerId ?? null],
      );
    }
  }

  /**
   * Marks the account validated and owned by the user, through this connection. Atomic: of two
   * users activating at once, exactly one wins; the other gets the current owner back.
   */
  async claim(em: EntityManager, c: Connection, a: DiscoveredAccount): Promise<{ account: AdAccount | null; ownerId: string | null }> {
    await this.saveDiscovered(em, c, [a]);
    const rows = await em.execute<{ id: string }[]>(
      `update ad_accounts set owner_id = ?, connection_id = ?, validated_at = now(), status = 'active',
         manager_id = ?, updated_at = now()
       where tenant_id = ? and platform = ? and platform_account_id = ? and (owner_id is null or owner_id = ?)
       returning id`,
      [c.externalUserId, c.id, a.managerId ?? null, c.tenantId, c.platform, a.platformAccountId, c.externalUserId],
    );
    const account = await em.findOne(AdAccount, { tenantId: c.tenantId, platform: c.platform, platformAccountId: a.platformAccountId }, { refresh: true });
    if (!rows.length) return { account: null, ownerId: account?.ownerId ?? null };
    return { account, ownerId: c.externalUserId };
  }

  linkedAccounts(em: EntityManager, connectionIds: string[]): Promise<ConnectionAccount[]> {
    if (!connectionIds.length) return Promise.resolve([]);
    return em.find(ConnectionAccount, { connectionId: { $in: connectionIds } }, { orderBy: { platformAccountId: 'asc' } });
  }
}

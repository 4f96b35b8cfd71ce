import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../errors/app-error';
import type { Logger } from '../../infra/logger';
import type { ConnectionService } from '../connections/connection.service';
import type { AdAccountGuard } from '../ad-accounts/guard.service';
import type { Revocations, RevokedSubject } from './revocations';

export interface DeletedUser {
  externalUserId: string;
  connectionsRevoked: number;
  revokedAtPlatform: number;
  adAccountsRemoved: number;
}

/**
 * Deleting an external user and closing a tenant. Connections are revoked at the platform first
 * (best effort, as `DELETE /connections/{id}` does), then every row that carries the party's
 * access goes in one transaction with its revocation record, and only then are the other replicas
 * told, so no replica refuses a party whose deletion did not commit.
 */
export class DeletionService {
  constructor(
    private readonly deps: { connections: ConnectionService; guard: AdAccountGuard; revocations: Revocations; logger: Logger },
  ) {}

  async deleteExternalUser(em: EntityManager, tenantId: string, externalId: string): Promise<DeletedUser> {
    const conn = em.getConnection();
    const [user] = (await conn.execute('select id from external_users where tenant_id = ? and external_id = ?', [tenantId, externalId])) as { id: string }[];
    if (!user) throw new AppError('NOT_FOUND', 'External user not found');
    const result = await this.removeUser(em, tenantId, user.id, externalId);
    return { externalUserId: externalId, ...result };
  }

  /** Closes the tenant: every external user deleted as above, its keys disabled, its users signed out. */
  async closeTenant(em: EntityManager, tenantId: string): Promise<{ tenantId: string; externalUsersDeleted: number; closedAt: string }> {
    const users = (await em.getConnection().execute('select id, external_id from external_users where tenant_id = ?', [tenantId])) as { id: string; external_id: string }[];
    for (const u of users) await this.removeUser(em, tenantId, u.id, u.external_id);
    const subject: RevokedSubject = { tenantId };
    const closedAt = new Date();
    await em.transactional(async (tx) => {
      const c = tx.getConnection();
      const trx = tx.getTransactionContext();
      await c.execute('update api_keys set expires_at = now() where tenant_id = ? and (expires_at is null or expires_at > now())', [tenantId], 'run', trx);
      await c.execute('delete from refresh_tokens where tenant_id = ?', [tenantId], 'run', trx);
      await c.execute('update tenant_users set token_version = token_version + 1, password_hash = ? where tenant_id = ?', ['!closed', tenantId], 'run', trx);
      await c.execute('update tenants set closed_at = ? where id = ?', [closedAt, tenantId], 'run', trx);
      await this.deps.revocations.revoke(tx as EntityManager, [subject]);
    });
    await this.deps.revocations.announce([subject]);
    return { tenantId, externalUsersDeleted: users.length, closedAt: closedAt.toISOString() };
  }

  private async removeUser(em: EntityManager, tenantId: string, userId: string, externalId: string) {
    const conn = em.getConnection();
    const connections = (await conn.execute('select id from connections where tenant_id = ? and external_user_id = ?', [tenantId, userId])) as { id: string }[];
    let revokedAtPlatform = 0;
    for (const c of connections) {
      const r = await this.deps.connections.revoke(em, { tenantId, userId }, c.id).catch((err: Error) => {
        this.deps.logger.warn({ connectionId: c.id, err: err.message }, 'connection revoke during user deletion failed; removed locally');
        return undefined;
      });
      if (r?.platformRevoked) revokedAtPlatform++;
    }
    const accounts = (await conn.execute('select platform, platform_account_id from ad_accounts where tenant_id = ? and owner_id = ?', [tenantId, userId])) as {
      platform: string;
      platform_account_id: string;
    }[];
    const subject: RevokedSubject = { tenantId, userId, externalId };
    await em.transactional(async (tx) => {
      const c = tx.getConnection();
      const trx = tx.getTransactionContext();
      await c.execute('delete from ad_accounts where tenant_id = ? and owner_id = ?', [tenantId, userId], 'run', trx);
      await c.execute("delete from refresh_tokens where tenant_id = ? and subject_type = 'external-user' and subject_id = ?", [tenantId, userId], 'run', trx);
      // Connections, their account links and pending OAuth states go with the user (on delete cascade).
      await c.execute('delete from external_users where tenant_id = ? and id = ?', [tenantId, userId], 'run', trx);
      await this.deps.revocations.revoke(tx as EntityManager, [subject]);
    });
    const byPlatform = new Map<string, string[]>();
    for (const a of accounts) byPlatform.set(a.platform, [...(byPlatform.get(a.platform) ?? []), a.platform_account_id]);
    for (const [p, ids] of byPlatform) await this.deps.guard.invalidate(tenantId, p, ids);
    await this.deps.revocations.announce([subject]);
    return { connectionsRevoked: connections.length, revokedAtPlatform, adAccountsRemoved: accounts.length };
  }
}

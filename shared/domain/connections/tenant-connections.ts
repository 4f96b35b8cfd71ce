import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../errors/app-error';
import { isUuid } from '../../infra/ids';
import type { Platform } from '../../platforms';
import type { ConnectionService } from './connection.service';
import type { ConnectionStatus } from '../../persistence/entities/connection.entity';

export type { ConnectionStatus };


export interface TenantConnectionQuery {
  /** Part of an external user's id (the tenant's own id for them) or of an ad account id. */
  search?: string;
  platform?: Platform;
  status?: ConnectionStatus;
  limit: number;
  offset: number;
}

const likeOf = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Every connection of a tenant, across its external users: what the tenant's own people look at
 * (the console). Each item is the connection view of `ConnectionService.list` plus whose it is.
 */
export class TenantConnections {
  constructor(private readonly connections: ConnectionService) {}

  async page(em: EntityManager, tenantId: string, q: TenantConnectionQuery) {
    const where = ['c.tenant_id = ?'];
    const params: unknown[] = [tenantId];
    const add = (sql: string, v: unknown) => {
      where.push(sql);
      params.push(v);
    };
    if (q.platform) add('c.platform = ?', q.platform);
    if (q.status) add('c.status = ?', q.status);
    if (q.search) {
      where.push(`(eu.external_id ilike ? or exists (select 1 from connection_accounts ca where ca.connection_id = c.id and ca.platform_account_id ilike ?))`);
      params.push(likeOf(q.search), likeOf(q.search));
    }
    const rows = await em.getConnection().execute<{ id: string; external_id: string }[]>(
      `select c.id, eu.external_id from connections c join external_users eu on eu.id = c.external_user_id
       where ${where.join(' and ')} order by c.created_at desc, c.id desc limit ? offset ?`,
      [...params, q.limit + 1, q.offset],
    );
    const page = rows.slice(0, q.limit);
    const owners = new Map(page.map((r) => [r.id, r.external_id]));
    const items = await this.connections.list(em, { tenantId }, undefined, page.map((r) => r.id));
    return { items: items.map((c) => ({ ...c, externalUserId: owners.get(c.connectionId) ?? '' })), more: rows.length > q.limit };
  }

  /** One connection of the tenant; another tenant's id (or no such id) is CONNECTION_NOT_FOUND. */
  async get(em: EntityManager, tenantId: string, connectionId: string) {
    const owner = await this.ownerOf(em, tenantId, connectionId);
    const [item] = await this.connections.list(em, { tenantId }, undefined, [connectionId]);
    if (!item) throw new AppError('CONNECTION_NOT_FOUND', 'Connection not found');
    return { ...item, externalUserId: owner.externalId };
  }

  /** Revokes as its owner would (the same revocation, events and cache drops). */
  async revoke(em: EntityManager, tenantId: string, connectionId: string) {
    const owner = await this.ownerOf(em, tenantId, connectionId);
    return this.connections.revoke(em, { tenantId, userId: owner.userId }, connectionId);
  }

  private async ownerOf(em: EntityManager, tenantId: string, connectionId: string): Promise<{ userId: string; externalId: string }> {
    const rows = isUuid(connectionId)
      ? await em.getConnection().execute<{ user_id: string; external_id: string }[]>(
          'select c.external_user_id as user_id, eu.external_id from connections c join external_users eu on eu.id = c.external_user_id where c.id = ? and c.tenant_id = ?',
          [connectionId, tenantId],
        )
      : [];
    if (!rows[0]) throw new AppError('CONNECTION_NOT_FOUND', 'Connection not found');
    return { userId: rows[0].user_id, externalId: rows[0].external_id };
  }
}

import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../errors/app-error';
import { Connection } from '../../persistence/entities/connection.entity';
import { displayNameOf, type Platform } from '../../platforms';

/** Whose connection: an external user of a tenant. */
export interface ConnectionOwner {
  tenantId: string;
  externalUserId: string;
}

/**
 * The owner's usable connection to `platform` (the one named by `connectionId` when given, else the
 * most recently updated): 404 CONNECTION_NOT_FOUND when there is none, 403 CONNECTION_REAUTH_REQUIRED
 * when none of them is active. For routes that name no ad account, so no guard picks the connection.
 */
export async function activeConnectionOf(em: EntityManager, owner: ConnectionOwner, platform: Platform, connectionId?: string): Promise<{ id: string }> {
  const name = displayNameOf(platform);
  const all = await em.find(
    Connection,
    { tenantId: owner.tenantId, externalUserId: owner.externalUserId, platform, ...(connectionId ? { id: connectionId } : {}) },
    { orderBy: { updatedAt: 'desc' } },
  );
  if (!all.length) throw new AppError('CONNECTION_NOT_FOUND', connectionId ? `${name} connection not found` : `This user has no ${name} connection`);
  const active = all.find((c) => c.status === 'active');
  if (!active) throw new AppError('CONNECTION_REAUTH_REQUIRED', `The ${name} connection must be re-authorized`);
  return { id: active.id };
}

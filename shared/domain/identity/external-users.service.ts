import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ExternalUser } from '../../persistence/entities/external-user.entity';
import type { IssuedTokens, TokenService } from './tokens.service';
import { TtlCache } from '../../infra/ttl-cache';

export interface ExternalUserRef {
  id: string;
  tenantId: string;
  externalId: string;
}

/** The tenant's own users, created on first use and unique by `externalId` within a tenant. */
export class ExternalUserService {
  /** (tenant, externalId) → row id never changes once created, so x-api-key calls resolve it from memory. */
  private readonly ids = new TtlCache<string, string>(10 * 60_000, 50_000);

  constructor(private readonly tokens: TokenService) {}

  /** POST /auth/token: the user is created on first use, then gets a fresh token family. */
  async issueTokens(
    em: EntityManager,
    tenantId: string,
    externalId: string,
    profile: { email?: string; name?: string } = {},
  ): Promise<IssuedTokens> {
    const user = await this.findOrCreate(() => em, tenantId, externalId, profile);
    return this.tokens.issue(em, { kind: 'external-user', tenantId, id: user.id, externalId });
  }

  async refresh(em: EntityManager, refreshToken: string): Promise<IssuedTokens> {
    return this.tokens.rotate(em, refreshToken, 'external-user', async (claims) => {
      const user = await this.get(em, claims.tid, claims.sub);
      return user ? { kind: 'external-user', tenantId: user.tenantId, id: user.id, externalId: user.externalId } : null;
    });
  }

  /** `emOf` is only called on a cache miss. */
  async findOrCreate(
    emOf: () => EntityManager,
    tenantId: string,
    externalId: string,
    profile: { email?: string; name?: string } = {},
  ): Promise<ExternalUserRef> {
    const cacheKey = `${tenantId}|${externalId}`;
    const known = profile.email === undefined && profile.name === undefined ? this.ids.get(cacheKey) : undefined;
    if (known) return { id: known, tenantId, externalId };
    const conn = emOf().getConnection();
    const select = async () =>
      ((await conn.execute('select id from external_users where tenant_id = ? and external_id = ?', [tenantId, externalId])) as { id: string }[])[0];
    // The hot path (x-api-key + externalUserId on every call) is one indexed read, no write.
    let row = await select();
    if (!row) {
      // Safe under concurrent first use from several replicas.
      await conn.execute(
        'insert into external_users (id, tenant_id, external_id, email, name) values (?, ?, ?, ?, ?) on conflict (tenant_id, external_id) do nothing',
        [randomUUID(), tenantId, externalId, profile.email ?? null, profile.name ?? null],
      );
      row = await select();
    } else if (profile.email !== undefined || profile.name !== undefined) {
      await conn.execute(
        'update external_users set email = coalesce(?, email), name = coalesce(?, name), updated_at = now() where tenant_id = ? and id = ?',
        [profile.email ?? null, profile.name ?? null, tenantId, row.id],
      );
    }
    this.ids.set(cacheKey, row!.id);
    return { id: row!.id, tenantId, externalId };
  }

  /** A deleted user's id must not be resolved from memory again. */
  forget(tenantId: string, externalId: string): void {
    this.ids.delete(`${tenantId}|${externalId}`);
  }

  async get(em: EntityManager, tenantId: string, id: string): Promise<ExternalUserRef | null> {
    const u = await em.findOne(ExternalUser, { id, tenant: tenantId });
    return u ? { id: u.id, tenantId, externalId: u.externalId } : null;
  }
}

import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { randomToken, safeEqual, sha256 } from '../../infra/crypto';
import { AppError } from '../../errors/app-error';
import { ApiKey } from '../../persistence/entities/api-key.entity';
import { TtlCache } from '../../infra/ttl-cache';

const KEY_SHAPE = /^aag_[A-Za-z0-9_-]{43}$/;
const PREFIX_LEN = 12; // `aag_` + 8 random characters

export interface NewApiKey {
  id: string;
  apiKey: string;
  prefix: string;
  createdAt: Date;
}

export interface ApiKeyView {
  id: string;
  prefix: string;
  maskedKey: string;
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
}

const mask = (k: ApiKey) => `${k.prefix}${'•'.repeat(8)}${k.last4}`;

/** Tenant API keys: 256-bit random, a visible prefix, stored as sha256, compared in constant time. */
export class ApiKeyService {
  /**
   * Verified keys by hash, so x-api-key calls skip Postgres when warm. An entry never outlives the
   * key's own expiry; a rotation is seen by other replicas within the cache TTL (seconds), which is
   * well inside the rotation grace period.
   */
  private readonly verified: TtlCache<string, { tenantId: string; apiKeyId: string }>;

  constructor(
    private readonly graceSeconds: number,
    cacheTtlMs = 10_000,
  ) {
    this.verified = new TtlCache(cacheTtlMs);
  }

  async create(em: EntityManager, tenantId: string): Promise<NewApiKey> {
    const apiKey = `aag_${randomToken(32)}`;
    const row = em.create(ApiKey, {
      id: randomUUID(),
      tenant: tenantId,
      prefix: apiKey.slice(0, PREFIX_LEN),
      last4: apiKey.slice(-4),
      keyHash: sha256(apiKey),
      createdAt: new Date(),
    });
    await em.flush();
    return { id: row.id, apiKey, prefix: row.prefix, createdAt: row.createdAt };
  }

  /**
   * Resolves a presented key to its tenant; unknown, malformed or rotated-out keys → 401. `emOf` is
   * only called on a cache miss, so a warm key forks no EntityManager.
   */
  async verify(emOf: () => EntityManager, presented: string): Promise<{ tenantId: string; apiKeyId: string }> {
    if (!KEY_SHAPE.test(presented)) throw new AppError('API_KEY_INVALID', 'The API key is not valid');
    const hash = sha256(presented);
    const cached = this.verified.get(hash);
    if (cached) return cached;
    const em = emOf();
    const candidates = await em.find(ApiKey, { prefix: presented.slice(0, PREFIX_LEN) }, { disableIdentityMap: true });
    const now = Date.now();
    for (const k of candidates) {
      if (!safeEqual(k.keyHash, hash)) continue;
      if (k.expiresAt && k.expiresAt.getTime() <= now) throw new AppError('API_KEY_INVALID', 'The API key has been rotated out');
      // Best effort, at most once a minute per key: the hot path must not write on every request.
      if (!k.lastUsedAt || now - k.lastUsedAt.getTime() > 60_000) {
        void em
          .fork()
          .nativeUpdate(ApiKey, { id: k.id, tenant: k.tenant.id }, { lastUsedAt: new Date(now) })
          .catch(() => undefined);
      }
      const found = { tenantId: k.tenant.id, apiKeyId: k.id };
      this.verified.set(hash, found, k.expiresAt?.getTime());
      return found;
    }
    throw new AppError('API_KEY_INVALID', 'The API key is not valid');
  }

  /** Forgets every verified key (a tenant was closed: its keys must be looked up again). */
  forgetVerified(): void {
    this.verified.clear();
  }

  /** Issues a new key; every key still current gets `expiresAt = now + grace` and then stops working. */
  async rotate(em: EntityManager, tenantId: string): Promise<NewApiKey & { previousKeyExpiresAt: Date }> {
    const previousKeyExpiresAt = new Date(Date.now() + this.graceSeconds * 1000);
    await em.nativeUpdate(ApiKey, { tenant: tenantId, expiresAt: null }, { expiresAt: previousKeyExpiresAt });
    // Cached entries carry no expiry for the old key yet; drop them so this replica sees the grace deadline.
    this.verified.clear();
    const created = await this.create(em, tenantId);
    return { ...created, previousKeyExpiresAt };
  }

  async list(em: EntityManager, tenantId: string): Promise<{ current: ApiKeyView | null; previous: ApiKeyView[] }> {
    const now = new Date();
    const rows = await em.find(
      ApiKey,
      { tenant: tenantId, $or: [{ expiresAt: null }, { expiresAt: { $gt: now } }] },
      { orderBy: { createdAt: 'desc' } },
    );
    const view = (k: ApiKey): ApiKeyView => ({
      id: k.id,
      prefix: k.prefix,
      maskedKey: mask(k),
      createdAt: k.createdAt,
      expiresAt: k.expiresAt ?? null,
      lastUsedAt: k.lastUsedAt ?? null,
    });
    const current = rows.find((k) => !k.expiresAt);
    return { current: current ? view(current) : null, previous: rows.filter((k) => k.expiresAt).map(view) };
  }
}

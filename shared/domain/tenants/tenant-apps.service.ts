import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Vault } from '../../infra/crypto';
import { AppError } from '../../errors/app-error';
import { ReplicatedCache, type InvalidationChannel } from '../cache/replicated-cache';
import { TenantApp } from '../../persistence/entities/tenant-app.entity';
import { PLATFORM_APPS, type AppPlatform } from './platform-apps';

export interface DecryptedApp {
  clientId: string;
  clientSecret: string;
  redirectUri?: string;
  /** The fields a platform marks `extra` (Google's developer token and manager id). */
  extras: Record<string, string>;
}

export type SecretView = { configured: true; last4: string };
export type TenantAppView = { platform: AppPlatform; configured: true; createdAt: Date; updatedAt: Date } & Record<
  string,
  string | SecretView | Date | boolean
>;

const last4 = (s: string) => (s.length > 8 ? s.slice(-4) : '');

/**
 * Per-tenant platform app credentials; secrets are vault ciphertext at rest and never returned.
 * Platform calls read the decrypted app on every job (Meta's appsecret_proof, Google's developer
 * token), so `getDecrypted` is served from memory once a channel is attached: every change made
 * here drops the entry on every replica, and an entry lives at most `ttlMs`.
 */
export class TenantAppService {
  /** Decrypted apps by `tenant|platform` (null: none configured), once a channel is attached. */
  private cache?: ReplicatedCache<DecryptedApp | null>;

  constructor(private readonly vault: Vault) {}

  useChannel(channel: InvalidationChannel, ttlMs: number): void {
    if (ttlMs > 0) this.cache = new ReplicatedCache({ namespace: 'apps|', ttlMs, channel, max: 10_000 });
  }

  /** After a committed change of the tenant's app for `platform`. */
  private async changed(tenantId: string, platform: string): Promise<void> {
    await this.cache?.invalidate([`${tenantId}|${platform}`]);
  }

  private view(app: TenantApp): TenantAppView {
    const meta = PLATFORM_APPS[app.platform as AppPlatform];
    const out: TenantAppView = { platform: meta.platform, configured: true, createdAt: app.createdAt, updatedAt: app.updatedAt };
    for (const f of meta.fields) {
      if (f.secret) {
        const enc = app.secrets[f.name];
        if (enc) out[f.name] = { configured: true, last4: last4(this.vault.decrypt(enc)) };
      } else if (app.fields[f.name] !== undefined) out[f.name] = app.fields[f.name]!;
    }
    return out;
  }

  private find(em: EntityManager, tenantId: string, platform: AppPlatform) {
    return em.findOne(TenantApp, { tenant: tenantId, platform });
  }

  private apply(app: TenantApp, platform: AppPlatform, values: Record<string, string | null | undefined>) {
    const fields = { ...app.fields };
    const secrets = { ...app.secrets };
    for (const f of PLATFORM_APPS[platform].fields) {
      const v = values[f.name];
      if (v === undefined) continue;
      const target = f.secret ? secrets : fields;
      if (v === null) delete target[f.name];
      else target[f.name] = f.secret ? this.vault.encrypt(v) : v;
    }
    for (const f of PLATFORM_APPS[platform].fields) {
      if (f.required && !(f.secret ? secrets : fields)[f.name]) {
        throw new AppError('VALIDATION_FAILED', `${f.name} is required for ${platform}`, {
          details: [{ path: `body.${f.name}`, message: 'Required' }],
        });
      }
    }
    app.fields = fields;
    app.secrets = secrets;
  }

  async get(em: EntityManager, tenantId: string, platform: AppPlatform): Promise<TenantAppView> {
    const app = await this.find(em, tenantId, platform);
    if (!app) throw new AppError('NOT_FOUND', `No ${platform} app is configured`);
    return this.view(app);
  }

  async create(em: EntityManager, tenantId: string, platform: AppPlatform, values: Record<string, string>): Promise<TenantAppView> {
    if (await this.find(em, tenantId, platform)) throw new AppError('ALREADY_EXISTS', `A ${platform} app is already configured; use PATCH`);
    const app = em.create(TenantApp, {
      id: randomUUID(),
      tenant: tenantId,
      platform,
      fields: {},
      secrets: {},
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    this.apply(app, platform, values);
    try {
      await em.flush();
    } catch (e) {
      if ((e as { code?: string }).code === '23505' || /unique/i.test(String((e as Error).message))) {
        throw new AppError('ALREADY_EXISTS', `A ${platform} app is already configured; use PATCH`);
      }
      throw e;
    }
    await this.changed(tenantId, platform);
    return this.view(app);
  }

  async update(
    em: EntityManager,
    tenantId: string,
    platform: AppPlatform,
    values: Record<string, string | null | undefined>,
  ): Promise<TenantAppView> {
    const app = await this.find(em, tenantId, platform);
    if (!app) throw new AppError('NOT_FOUND', `No ${platform} app is configured`);
    this.apply(app, platform, values);
    app.updatedAt = new Date();
    await em.flush();
    await this.changed(tenantId, platform);
    return this.view(app);
  }

  /**
   * Every active connection of the platform reads, writes and refreshes through the tenant's app,
   * whichever client id its grant was made with, so the app goes only once none is left; revoked,
   * expired and failed connections need a new consent anyway. The count and the delete are one
   * statement, so they see the same connections.
   */
  async remove(em: EntityManager, tenantId: string, platform: AppPlatform): Promise<void> {
    const rows = await em.getConnection().execute<{ deleted: number; active: number; present: boolean }[]>(
      `with active as (
         select count(*)::int as n from connections where tenant_id = ? and platform = ? and status = 'active'
       ), gone as (
         delete from tenant_apps where tenant_id = ? and platform = ? and (select n from active) = 0 returning 1
       )
       select (select count(*)::int from gone) as deleted, (select n from active) as active,
              exists (select 1 from tenant_apps where tenant_id = ? and platform = ?) as present`,
      [tenantId, platform, tenantId, platform, tenantId, platform],
    );
    const { deleted, active, present } = rows[0]!;
    if (deleted > 0) {
      await this.changed(tenantId, platform);
      return;
    }
    // Absent, or removed by a concurrent request between this statement's snapshot and its delete.
    if (!present || active === 0) throw new AppError('NOT_FOUND', `No ${platform} app is configured`);
    const label = PLATFORM_APPS[platform].label;
    throw new AppError(
      'PLATFORM_APP_IN_USE',
      `The ${label} app is still used by ${active} active connection${active === 1 ? '' : 's'}; revoke ${active === 1 ? 'it' : 'them'} first (DELETE /api/v1/connections/{connectionId}), then remove the app`,
      { details: [{ platform, activeConnections: active }] },
    );
  }

  /**
   * For OAuth and platform calls: the app's credentials in plain text (never log the result).
   * `em` as a function is called only when the cache misses.
   */
  async getDecrypted(emOrFork: EntityManager | (() => EntityManager), tenantId: string, platform: string): Promise<DecryptedApp | null> {
    const em = () => (typeof emOrFork === 'function' ? emOrFork() : emOrFork);
    const c = this.cache;
    if (!c) return this.load(em(), tenantId, platform);
    const key = `${tenantId}|${platform}`;
    const hit = c.get(key);
    if (hit !== undefined) return hit;
    const mark = c.mark();
    const app = await this.load(em(), tenantId, platform);
    c.set(key, app, mark);
    return app;
  }

  private async load(em: EntityManager, tenantId: string, platform: string): Promise<DecryptedApp | null> {
    const meta = PLATFORM_APPS[platform as AppPlatform];
    if (!meta) return null;
    const app = await this.find(em, tenantId, meta.platform);
    if (!app) return null;
    const secret = (name: string) => (app.secrets[name] ? this.vault.decrypt(app.secrets[name]!) : undefined);
    const clientId = app.fields[meta.clientIdField];
    const clientSecret = secret(meta.clientSecretField);
    if (!clientId || !clientSecret) return null;
    const extras: DecryptedApp['extras'] = {};
    for (const f of meta.fields) {
      if (!f.extra) continue;
      const stored = f.secret ? secret(f.name) : app.fields[f.name];
      if (stored) extras[f.name] = f.extra === true ? stored : f.extra(stored);
    }
    return { clientId, clientSecret, redirectUri: app.fields.redirectUri, extras };
  }
}

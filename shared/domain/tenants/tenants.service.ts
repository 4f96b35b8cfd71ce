import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../errors/app-error';
import { alreadyExistsOnConflict } from './unique-conflict';
import { Tenant, type TenantProfile, type TenantSettings } from '../../persistence/entities/tenant.entity';
import type { ApiKeyService } from '../identity/api-keys.service';
import type { IssuedTokens, TokenService } from '../identity/tokens.service';
import { subjectOf, userView, type TenantUserService, type TenantUserView } from './tenant-users.service';

export interface TenantView {
  id: string;
  name: string;
  settings: TenantSettings;
  createdAt: Date;
  updatedAt: Date;
}

const view = (t: Tenant): TenantView => ({ id: t.id, name: t.name, settings: t.settings, createdAt: t.createdAt, updatedAt: t.updatedAt });

const merge = <T extends object>(cur: T, patch: { [K in keyof T]?: T[K] | null }): T => {
  const out = { ...cur } as Record<string, unknown>;
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else if (v !== undefined) out[k] = v;
  }
  return out as T;
};

/** Sign-up and the tenant's own name, settings and business profile. */
export class TenantService {
  private readonly settingsListeners: Array<(tenantId: string) => Promise<void>> = [];

  constructor(
    private readonly users: TenantUserService,
    private readonly apiKeys: ApiKeyService,
    private readonly tokens: TokenService,
  ) {}

  /** Tenant + owner + first API key (returned once) + owner tokens, all or nothing. */
  async signUp(
    em: EntityManager,
    input: { email: string; password: string; name: string; tenantName: string },
  ): Promise<{ tenant: TenantView; user: TenantUserView; apiKey: string; tokens: IssuedTokens }> {
    return alreadyExistsOnConflict(() => em.transactional(async (tx) => {
      const tenant = tx.create(Tenant, {
        id: randomUUID(),
        name: input.tenantName,
        profile: {},
        settings: {},
        createdAt: new Date(),
        updatedAt: new Date(),
      });
      tx.persist(tenant);
      const user = await this.users.create(tx, tenant.id, { email: input.email, name: input.name, password: input.password, role: 'owner' });
      await tx.flush();
      const key = await this.apiKeys.create(tx, tenant.id);
      const tokens = await this.tokens.issue(tx, subjectOf(user));
      return { tenant: view(tenant), user: userView(user), apiKey: key.apiKey, tokens };
    }));
  }

  private async load(em: EntityManager, tenantId: string): Promise<Tenant> {
    const t = await em.findOne(Tenant, { id: tenantId });
    if (!t) throw new AppError('NOT_FOUND', 'Tenant not found');
    return t;
  }

  async get(em: EntityManager, tenantId: string): Promise<TenantView> {
    return view(await this.load(em, tenantId));
  }

  async update(em: EntityManager, tenantId: string, patch: { name?: string; settings?: { [K in keyof TenantSettings]?: TenantSettings[K] | null } }) {
    const t = await this.load(em, tenantId);
    if (patch.name !== undefined) t.name = patch.name;
    if (patch.settings) t.settings = merge(t.settings, patch.settings);
    t.updatedAt = new Date();
    await em.flush();
    if (patch.settings) await Promise.all(this.settingsListeners.map((l) => l(tenantId)));
    return view(t);
  }

  /** Told after a committed change of a tenant's settings, so in-process copies of them (guardrails) drop it on every replica. */
  onSettingsChanged(listener: (tenantId: string) => Promise<void>): void {
    this.settingsListeners.push(listener);
  }

  async getProfile(em: EntityManager, tenantId: string): Promise<TenantProfile & { tenantId: string }> {
    return { tenantId, ...(await this.load(em, tenantId)).profile };
  }

  async updateProfile(em: EntityManager, tenantId: string, patch: { [K in keyof TenantProfile]?: string | null }) {
    const t = await this.load(em, tenantId);
    t.profile = merge(t.profile, patch);
    t.updatedAt = new Date();
    await em.flush();
    return { tenantId, ...t.profile };
  }
}

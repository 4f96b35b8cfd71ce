import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../errors/app-error';
import { andThen, type MaybeAsync } from '../../infra/maybe-async';
import { missingScopes } from '../../platforms/core/scopes';
import type { AuthContext } from '../identity/auth-context';
import type { PlatformRegistry } from '../../platforms/core/registry';
import { displayNameOf, scopeModelOf } from '../../platforms';
import { GuardCache, type AccountSnapshot } from './guard-cache';

/** What a guarded platform route gets about its ad account (docs/architecture.md, Contracts). */
export interface GuardedAccount {
  id: string;
  tenantId: string;
  platform: string;
  platformAccountId: string;
  connectionId: string;
  ownerId: string;
  loginCustomerId?: string;
  /** Scopes the connection's grant holds (empty = not known). */
  grantedScopes: string[];
}

const SNAPSHOT_SQL = `select a.id, a.tenant_id, a.platform, a.platform_account_id, a.owner_id, a.validated_at, a.status,
  a.connection_id, a.manager_id, a.currency, c.status as connection_status, c.expires_at as connection_expires_at,
  (c.refresh_token_enc is not null) as has_refresh, c.scopes as connection_scopes
  from ad_accounts a left join connections c on c.id = a.connection_id and c.tenant_id = a.tenant_id
  where a.tenant_id = ? and a.platform = ? and a.platform_account_id = any(?::text[])`;

/**
 * Ownership check for every platform route (docs/api-conventions.md §3), in order: unknown → 404, another owner →
 * 403 AD_ACCOUNT_NOT_OWNED, not validated or deactivated → 403 AD_ACCOUNT_NOT_VALIDATED, dead
 * connection that cannot be refreshed → 403 CONNECTION_REAUTH_REQUIRED.
 */
export class AdAccountGuard {
  constructor(
    private readonly em: () => EntityManager,
    private readonly platforms: PlatformRegistry,
    readonly cache: GuardCache,
  ) {}

  normalize(platform: string, rawId: string): string {
    const id = this.platforms.get(platform).operations.normalizeAccountId(rawId);
    if (!id) {
      throw new AppError('VALIDATION_FAILED', `${rawId} is not a ${platform} ad account id`, {
        details: [{ path: 'adAccountId', message: 'not an ad account id for this platform' }],
      });
    }
    return id;
  }

  /** `op` names the operation the account is checked for, so its scopes are checked too. */
  async check(auth: AuthContext | undefined, platform: string, rawId: string, op?: GuardOp): Promise<GuardedAccount> {
    return this.checkNow(auth, platform, rawId, op);
  }

  /**
   * `check`, answered without a promise when the account's snapshot is cached (nearly every
   * request): the same decision, with no async step. Refusals are thrown either way.
   */
  checkNow(auth: AuthContext | undefined, platform: string, rawId: string, op?: GuardOp): MaybeAsync<GuardedAccount> {
    const user = externalUser(auth);
    const accountId = this.normalize(platform, rawId);
    return andThen(this.snapshotNow(user.tenantId, platform, accountId), (snap) => this.decide(user, platform, rawId, snap, op));
  }

  /**
   * `check` for each id of a list, in the list's order, each settled on its own. The snapshots
   * the cache lacks are read in one query, not one per id (a 50-account GAQL fan-out).
   */
  async checkMany(auth: AuthContext | undefined, platform: string, rawIds: readonly string[], op?: GuardOp): Promise<Checked[]> {
    const user = externalUser(auth);
    const ids = rawIds.map((raw): string | AppError => {
      try {
        return this.normalize(platform, raw);
      } catch (e) {
        return e as AppError;
      }
    });
    const snaps = await this.snapshots(
      user.tenantId,
      platform,
      ids.filter((id): id is string => typeof id === 'string'),
    );
    return rawIds.map((raw, i): Checked => {
      const id = ids[i]!;
      if (typeof id !== 'string') return { ok: false, error: id };
      try {
        return { ok: true, value: this.decide(user, platform, raw, snaps.get(id) ?? null, op) };
      } catch (error) {
        return { ok: false, error: error as AppError };
      }
    });
  }

  private decide(auth: ExternalUser, platform: string, rawId: string, snap: AccountSnapshot | null, op?: GuardOp): GuardedAccount {
    if (!snap) throw new AppError('AD_ACCOUNT_NOT_FOUND', `Ad account ${rawId} was not found`);
    if (snap.ownerId && snap.ownerId !== auth.userId) {
      throw new AppError('AD_ACCOUNT_NOT_OWNED', `Ad account ${rawId} is not owned by this user`);
    }
    if (!snap.ownerId || !snap.validated || snap.status !== 'active') {
      throw new AppError('AD_ACCOUNT_NOT_VALIDATED', `Ad account ${rawId} is not activated for this user`);
    }
    if (!snap.connectionId || !usable(snap)) {
      throw new AppError('CONNECTION_REAUTH_REQUIRED', `The ${platform} connection for ad account ${rawId} must be re-authorized`);
    }
    const guarded: GuardedAccount = {
      id: snap.id,
      tenantId: snap.tenantId,
      platform,
      platformAccountId: snap.platformAccountId,
      connectionId: snap.connectionId,
      ownerId: snap.ownerId,
      grantedScopes: snap.connectionScopes,
      ...(snap.managerId ? { loginCustomerId: snap.managerId } : {}),
    };
    if (op) this.requireScopes(platform, op.operationId, op.method, guarded);
    return guarded;
  }

  /**
   * 403 CONNECTION_SCOPE_MISSING before any platform call when the operation's feature needs a scope
   * the connection was not granted. Grants whose scopes are not known (a caller-supplied Google or
   * TikTok token) are left to the platform.
   */
  requireScopes(platform: string, operationId: string | undefined, method: string, account: Pick<GuardedAccount, 'grantedScopes'>): void {
    const model = scopeModelOf(platform);
    if (!model || !operationId || account.grantedScopes.length === 0) return;
    const feature = model.featureOf(operationId, method);
    const spec = feature ? model.features[feature] : undefined;
    if (!spec) return;
    const missing = missingScopes(spec, account.grantedScopes);
    if (!missing.length) return;
    throw new AppError('CONNECTION_SCOPE_MISSING', `The ${displayNameOf(platform)} connection was not granted ${missing.join(', ')}, which ${feature} needs`, {
      details: [
        {
          feature,
          missingScopes: missing,
          grantedScopes: account.grantedScopes,
          // Sending this and following the returned url asks the user for the missing scopes again.
          reconsent: { method: 'POST', path: `/api/v1/connections/${platform}/auth-url`, body: { scopes: [...new Set([...this.platforms.get(platform).descriptor.scopes, ...missing])] } },
        },
      ],
    });
  }

  /** The account's snapshot: from the cache as is, or loaded (a promise). */
  private snapshotNow(tenantId: string, platform: string, accountId: string): MaybeAsync<AccountSnapshot | null> {
    const cached = this.cache.get(GuardCache.key(tenantId, platform, accountId));
    if (cached !== undefined) return cached;
    return this.load(tenantId, platform, [accountId]).then((snaps) => snaps.get(accountId) ?? null);
  }

  /** Snapshots of several accounts of one tenant: cached ones from the cache, the others in one query. */
  private async snapshots(tenantId: string, platform: string, accountIds: readonly string[]): Promise<Map<string, AccountSnapshot | null>> {
    const out = new Map<string, AccountSnapshot | null>();
    const missing = new Set<string>();
    for (const id of accountIds) {
      const cached = this.cache.get(GuardCache.key(tenantId, platform, id));
      if (cached !== undefined) out.set(id, cached);
      else missing.add(id);
    }
    if (missing.size) for (const [id, snap] of await this.load(tenantId, platform, [...missing])) out.set(id, snap);
    return out;
  }

  /** Reads accounts the cache lacks in one query and caches each answer (an unknown account as null). */
  private async load(tenantId: string, platform: string, accountIds: readonly string[]): Promise<Map<string, AccountSnapshot | null>> {
    const rows = await this.em()
      .getConnection()
      .execute<Record<string, unknown>[]>(SNAPSHOT_SQL, [tenantId, platform, `{${accountIds.map((id) => JSON.stringify(id)).join(',')}}`]);
    const found = new Map(rows.map((r) => [String(r.platform_account_id), r]));
    const out = new Map<string, AccountSnapshot | null>();
    for (const id of accountIds) {
      const snap = this.toSnapshot(tenantId, platform, id, found.get(id));
      this.cache.set(GuardCache.key(tenantId, platform, id), snap);
      out.set(id, snap);
    }
    return out;
  }

  private toSnapshot(tenantId: string, platform: string, accountId: string, r: Record<string, unknown> | undefined): AccountSnapshot | null {
    return r
      ? {
          id: String(r.id),
          tenantId,
          platform,
          platformAccountId: accountId,
          ownerId: (r.owner_id as string | null) ?? null,
          validated: r.validated_at !== null,
          status: String(r.status),
          connectionId: (r.connection_id as string | null) ?? null,
          connectionStatus: (r.connection_status as string | null) ?? null,
          connectionExpiresAt: r.connection_expires_at ? new Date(r.connection_expires_at as string).getTime() : null,
          refreshable: Boolean(r.has_refresh) && Boolean(this.platforms.get(platform).oauth.refresh),
          managerId: (r.manager_id as string | null) ?? null,
          connectionScopes: Array.isArray(r.connection_scopes) ? (r.connection_scopes as unknown[]).map(String) : [],
          currency: (r.currency as string | null) ?? null,
        }
      : null;
  }

  /**
   * The account's currency, from the snapshot the guard just checked (read only when the cache lacks
   * it): as fresh as the rest of the snapshot, which is what the write was allowed on.
   */
  async currencyOf(account: { tenantId: string; platform: string; platformAccountId: string }): Promise<string | null> {
    return (await this.snapshotNow(account.tenantId, account.platform, account.platformAccountId))?.currency ?? null;
  }

  /** Drops cached ownership for these accounts on every replica. */
  invalidate(tenantId: string, platform: string, accountIds: string[]): Promise<void> {
    return this.cache.invalidate(accountIds.map((a) => GuardCache.key(tenantId, platform, a)));
  }
}

type GuardOp = { operationId: string; method: string };
type ExternalUser = Extract<AuthContext, { kind: 'external-user' }>;
/** One id's outcome in `checkMany`. */
export type Checked = { ok: true; value: GuardedAccount } | { ok: false; error: AppError };

function externalUser(auth: AuthContext | undefined): ExternalUser {
  if (auth?.kind !== 'external-user') throw new AppError('FORBIDDEN', 'Platform calls are made for an external user');
  return auth;
}

/** A connection the platform still accepts, or one an access-token refresh can bring back. */
function usable(s: AccountSnapshot): boolean {
  if (s.connectionStatus !== 'active') return false;
  return s.connectionExpiresAt === null || s.connectionExpiresAt > Date.now() || s.refreshable;
}

import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../../shared/domain/identity/auth-context';
import { activeConnectionOf } from '../../../shared/domain/connections/active-connection';
import type { PlatformCaller } from '../../../shared/platforms/core/caller';
import type { AppDeps } from '../../deps';

/**
 * The guard of `GET /google/gaql`, the one route that names a LIST of accounts (`adAccountId=1,2,3`):
 * `guardedRoute` guards the one account a request names, so this route guards inside its handler.
 * Every listed id must pass the guard (with the operation's scopes) before any platform call; the
 * first refused id in the caller's order decides the answer. The ids are checked together (one
 * query for those the guard cache lacks). Accounts on one connection share one caller's token
 * source, so a fan-out refused all at once causes one refresh.
 */
export async function guardedCallers(deps: AppDeps, auth: AuthContext, rawIds: readonly string[], operationId: string): Promise<PlatformCaller[]> {
  const checks = await deps.services.guard.checkMany(auth, 'google', rawIds, { operationId, method: 'GET' });
  const byConnection = new Map<string, PlatformCaller>();
  const accounts = checks.map((c) => {
    if (!c.ok) throw c.error;
    return c.value;
  });
  return accounts.map((a) => {
    const base = byConnection.get(a.connectionId);
    if (base) return base.forAccount({ platformAccountId: a.platformAccountId, loginCustomerId: a.loginCustomerId ?? null });
    const caller = deps.services.callerFor(a);
    byConnection.set(a.connectionId, caller);
    return caller;
  });
}

/** A caller for the user's active Google connection (no ad account named, so no guard applies). */
export async function connectionCaller(deps: AppDeps, em: EntityManager, auth: Extract<AuthContext, { kind: 'external-user' }>, connectionId?: string): Promise<PlatformCaller> {
  const active = await activeConnectionOf(em, { tenantId: auth.tenantId, externalUserId: auth.userId }, 'google', connectionId);
  return deps.services.callerFor({ tenantId: auth.tenantId, platform: 'google', connectionId: active.id });
}

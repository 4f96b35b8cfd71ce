import { createHash } from 'node:crypto';
import { ReplicatedCache, type InvalidationChannel } from '../../shared/domain/cache/replicated-cache';
import type { AuthContext } from '../../shared/domain/identity/auth-context';

type TenantUserAuth = Extract<AuthContext, { kind: 'tenant-user' }>;

/** A sign-in's refresh token as a key: its hash, so the cache holds no token. */
const keyOf = (refresh: string) => createHash('sha256').update(refresh).digest('base64url');

/**
 * The console's live sign-ins, so a page needs no PostgreSQL read to know who asks: by tenant user,
 * then by sign-in. Whatever ends or changes a user's sign-ins (sign-out, a password change, removal,
 * a new role) drops that user's entry on every replica through the shared invalidation channel;
 * an entry lives at most `ttlMs` in between. `ttlMs` 0 turns it off.
 */
export class ConsoleSessionCache {
  private readonly cache: ReplicatedCache<ReadonlyMap<string, TenantUserAuth>>;

  constructor(channel: InvalidationChannel, ttlMs: number) {
    this.cache = new ReplicatedCache({ namespace: 'console-user|', ttlMs, channel, max: 10_000 });
  }

  get(userId: string, refresh: string): TenantUserAuth | undefined {
    return this.cache.get(userId)?.get(keyOf(refresh));
  }

  /** Take before reading the database; `set` refuses what an invalidation made stale meanwhile. */
  mark(): number {
    return this.cache.mark();
  }

  set(auth: TenantUserAuth, refresh: string, mark: number): void {
    const sessions = new Map(this.cache.get(auth.tenantUserId) ?? []);
    sessions.set(keyOf(refresh), auth);
    this.cache.set(auth.tenantUserId, sessions, mark);
  }

  /** The user's sign-ins ended or changed: every replica reads them again. */
  async changed(userId: string): Promise<void> {
    await this.cache.invalidate([userId]);
  }
}

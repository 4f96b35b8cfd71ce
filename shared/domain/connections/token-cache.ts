import { ReplicatedCache, type InvalidationChannel } from '../cache/replicated-cache';

/** What a call needs about a connection, with its access token already decrypted. */
export interface CachedToken {
  token: string;
  tenantId: string;
  platform: string;
  appClientId: string | null;
  /** A refresh token is stored (Google). */
  refreshable: boolean;
}

/**
 * Decrypted access tokens per connection, in process, so a warm platform call reads no Postgres
 * row and decrypts nothing. An entry lives at most `ttlMs` and never past the point where the token
 * is due for refresh. Writes to a connection drop its entry on every replica.
 */
export class TokenCache {
  private readonly cache: ReplicatedCache<CachedToken>;

  constructor(private readonly opts: { ttlMs: number; leewayMs: number; channel: InvalidationChannel; max?: number }) {
    this.cache = new ReplicatedCache({ namespace: 'token|', ttlMs: opts.ttlMs, channel: opts.channel, max: opts.max });
  }

  /** Pass to `set` to detect an invalidation that happened while the row was being loaded. */
  mark(): number {
    return this.cache.mark();
  }

  get(connectionId: string): CachedToken | undefined {
    return this.cache.get(connectionId);
  }

  /** Keeps the token, unless an invalidation came in since `mark`; an older entry is dropped either way. */
  set(connectionId: string, value: CachedToken, expiresAt: Date | null | undefined, mark: number): void {
    this.cache.set(connectionId, value, mark, expiresAt ? expiresAt.getTime() - this.opts.leewayMs : undefined);
  }

  /** Drops the connections' tokens here at once and on the other replicas as the message arrives. */
  invalidate(connectionIds: string[]): Promise<void> {
    return this.cache.invalidate(connectionIds);
  }
}

import type { GuardCache } from '../ad-accounts/guard-cache';

/** What a call needs about a connection, with its access token already decrypted. */
export interface CachedToken {
  token: string;
  tenantId: string;
  platform: string;
  appClientId: string | null;
  /** A refresh token is stored (Google). */
  refreshable: boolean;
}

type Entry = { value: CachedToken; until: number };

/** Keys on the shared invalidation channel; guard keys start with a tenant uuid, so they never collide. */
const KEY = 'token|';

/**
 * Decrypted access tokens per connection, in process, so a warm platform call reads no Postgres
 * row and decrypts nothing. An entry lives at most `ttlMs` and never past the point where the token
 * is due for refresh. Writes to a connection drop its entry here and, through the guard cache's
 * Redis channel, on every other replica; a replica that lost that subscription drops everything
 * when it resubscribes.
 */
export class TokenCache {
  private readonly map = new Map<string, Entry>();
  /** Bumped by every invalidation: a load that started before one must not fill the cache after it. */
  private generation = 0;

  constructor(
    private readonly opts: { ttlMs: number; leewayMs: number; channel: GuardCache; max?: number },
  ) {
    if (opts.ttlMs > 0) {
      opts.channel.listen((keys) => {
        this.generation++;
        if (!keys) this.map.clear();
        else for (const k of keys) if (k.startsWith(KEY)) this.map.delete(k.slice(KEY.length));
      });
    }
  }

  /** Pass to `set` to detect an invalidation that happened while the row was being loaded. */
  mark(): number {
    return this.generation;
  }

  get(connectionId: string): CachedToken | undefined {
    const e = this.map.get(connectionId);
    if (!e) return undefined;
    if (e.until <= Date.now()) {
      this.map.delete(connectionId);
      return undefined;
    }
    return e.value;
  }

  /** Keeps the token, unless an invalidation came in since `mark`; an older entry is dropped either way. */
  set(connectionId: string, value: CachedToken, expiresAt: Date | null | undefined, mark: number): void {
    this.map.delete(connectionId);
    if (this.opts.ttlMs <= 0 || mark !== this.generation) return;
    const until = Math.min(Date.now() + this.opts.ttlMs, expiresAt ? expiresAt.getTime() - this.opts.leewayMs : Infinity);
    if (until <= Date.now()) return;
    this.map.set(connectionId, { value, until });
    if (this.map.size > (this.opts.max ?? 50_000)) this.map.delete(this.map.keys().next().value as string);
  }

  /** Drops the connections' tokens here at once and on the other replicas as the message arrives. */
  async invalidate(connectionIds: string[]): Promise<void> {
    if (!connectionIds.length || this.opts.ttlMs <= 0) return;
    this.generation++;
    for (const id of connectionIds) this.map.delete(id);
    await this.opts.channel.invalidate(connectionIds.map((id) => KEY + id));
  }
}

import type { RedisClient } from '../../infra/redis';
import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, isAppError } from '../../errors/app-error';
import type { Logger } from '../../infra/logger';
import type { Metrics } from '../../infra/metrics';
import type { Vault } from '../../infra/crypto';
import { Connection, type ConnectionStatus } from '../../persistence/entities/connection.entity';
import type { PlatformRegistry } from '../../platforms/core/registry';
import type { PlatformApp, TokenSource } from '../../platforms/core/types';
import type { CachedToken, TokenCache } from './token-cache';
import { connectionEventData, emitEvent } from '../webhooks/events';

/** `em` may be given as a function: the apps are cached, so a hit needs no entity manager (a fork per call showed in fan-out profiles). */
export type AppLookup = (em: EntityManager | (() => EntityManager), tenantId: string, platform: string) => Promise<PlatformApp | null>;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Deletes the lock only if this holder still owns it.
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/**
 * Hands out decrypted access tokens for stored connections, from the in-process token cache when
 * warm. Tokens near expiry are refreshed on demand under a Redis lock per connection, so
 * concurrent requests on any replica cause one refresh call; the others wait for the lock and read
 * the new token from Postgres.
 */
export class PlatformAuthService {
  private readonly inFlight = new Map<string, Promise<string>>();

  constructor(
    private readonly deps: {
      em: () => EntityManager;
      redis: RedisClient;
      prefix: string;
      vault: Vault;
      platforms: PlatformRegistry;
      apps: AppLookup;
      logger: Logger;
      leewayMs: number;
      tokens: TokenCache;
      onInvalid: (tenantId: string, connectionId: string) => Promise<void>;
      metrics?: Metrics;
    },
  ) {}

  private async load(connectionId: string): Promise<Connection> {
    const c = await this.deps.em().findOne(Connection, { id: connectionId }, { refresh: true });
    if (!c) throw new AppError('CONNECTION_NOT_FOUND', 'Connection not found');
    return c;
  }

  private reauth(c: Connection) {
    return new AppError('CONNECTION_REAUTH_REQUIRED', `The ${c.platform} connection must be re-authorized`);
  }

  async appFor(c: Pick<Connection, 'tenantId' | 'platform'>): Promise<PlatformApp> {
    const app = await this.deps.apps(this.deps.em, c.tenantId, c.platform);
    if (!app) throw new AppError('PLATFORM_APP_NOT_CONFIGURED', `No ${c.platform} app is configured for this tenant`);
    return app;
  }

  /**
   * A fresh decrypted access token for the connection (docs/architecture.md, Contracts). `_em` is accepted for the
   * contract; a private fork is used. `fresh` skips the cache (maintenance reads the row anyway).
   */
  async accessTokenFor(_em: EntityManager | undefined, connectionId: string, opts: { fresh?: boolean } = {}): Promise<string> {
    const hit = opts.fresh ? undefined : this.deps.tokens.get(connectionId);
    if (hit) return hit.token;
    const mark = this.deps.tokens.mark();
    const c = await this.load(connectionId);
    if (c.status !== 'active' || !c.accessTokenEnc) throw this.reauth(c);
    if (!this.needsRefresh(c)) return this.remember(c, this.deps.vault.decrypt(c.accessTokenEnc), mark);
    if (!c.refreshTokenEnc || !this.deps.platforms.get(c.platform).oauth.refresh) {
      // No way to refresh (Meta, TikTok): the token is dead once past its expiry.
      if (c.expiresAt && c.expiresAt.getTime() <= Date.now()) {
        await this.markInvalid(c.id, 'expired');
        throw this.reauth(c);
      }
      return this.deps.vault.decrypt(c.accessTokenEnc);
    }
    return this.refresh(connectionId, undefined);
  }

  private remember(c: Connection, token: string, mark: number): string {
    const value: CachedToken = { token, tenantId: c.tenantId, platform: c.platform, appClientId: c.appClientId ?? null, refreshable: !!c.refreshTokenEnc };
    this.deps.tokens.set(c.id, value, c.expiresAt, mark);
    return token;
  }

  /**
   * A token source for the http client: refreshes once on an auth failure, then marks the
   * connection. One source may serve many calls at once: each refresh names the token its call was
   * refused with, so calls refused together cause one refresh.
   */
  async tokenSource(connectionId: string): Promise<TokenSource> {
    let c: Pick<CachedToken, 'tenantId' | 'platform' | 'appClientId' | 'refreshable'> | undefined = this.deps.tokens.get(connectionId);
    if (!c) {
      const mark = this.deps.tokens.mark();
      const row = await this.load(connectionId);
      // Warms the cache, so the source's first get() needs no second read.
      if (row.status === 'active' && row.accessTokenEnc && !this.needsRefresh(row)) this.remember(row, this.deps.vault.decrypt(row.accessTokenEnc), mark);
      c = { tenantId: row.tenantId, platform: row.platform, appClientId: row.appClientId ?? null, refreshable: !!row.refreshTokenEnc };
    }
    let last: string | undefined;
    const known = c;
    let secret: Promise<string | undefined> | undefined;
    return {
      connectionId,
      appKey: c.appClientId ?? undefined,
      // A cached token (nearly every call) is answered without entering accessTokenFor's async path.
      get: () => {
        const hit = this.deps.tokens.get(connectionId);
        if (hit) return Promise.resolve((last = hit.token));
        return this.accessTokenFor(undefined, connectionId).then((t) => (last = t));
      },
      refresh:
        this.deps.platforms.get(c.platform).oauth.refresh && c.refreshable
          ? async (rejected?: string) => (last = await this.refresh(connectionId, rejected ?? last))
          : undefined,
      // Platforms whose calls carry an app-secret proof (Meta: an app with "Require App Secret" refuses
      // calls without appsecret_proof). Looked up once per source; the tenant app row is the one the connection was made with.
      appSecret:
        this.deps.platforms.get(known.platform).descriptor.appSecretProof
          ? () =>
              (secret ??= this.deps
                .apps(this.deps.em, known.tenantId, known.platform)
                .then((app) => (app && (!known.appClientId || app.clientId === known.appClientId) ? app.clientSecret : undefined))
                .catch(() => undefined))
          : undefined,
    };
  }

  private needsRefresh(c: Connection): boolean {
    return !!c.expiresAt && c.expiresAt.getTime() - this.deps.leewayMs <= Date.now();
  }

  /**
   * Refreshes unless someone else already did. `rejected` is the token the platform just refused:
   * if the stored token differs, another request refreshed meanwhile and that token is returned.
   * Concurrent refreshes of one connection in this process share one promise.
   */
  refresh(connectionId: string, rejected: string | undefined): Promise<string> {
    const running = this.inFlight.get(connectionId);
    if (running) return running;
    const p = this.refreshUnderLock(connectionId, rejected).finally(() => this.inFlight.delete(connectionId));
    this.inFlight.set(connectionId, p);
    return p;
  }

  private async refreshUnderLock(connectionId: string, rejected: string | undefined): Promise<string> {
    const lockKey = `${this.deps.prefix}:lock:refresh:${connectionId}`;
    const holder = randomBytes(12).toString('hex');
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const got = await this.deps.redis.set(lockKey, holder, 'PX', 15_000, 'NX');
      if (got === 'OK') {
        try {
          return await this.refreshNow(connectionId, rejected);
        } finally {
          await this.deps.redis.eval(RELEASE, 1, lockKey, holder).catch(() => undefined);
        }
      }
      await sleep(50 + Math.random() * 50);
      // Whoever held the lock may have refreshed already.
      const mark = this.deps.tokens.mark();
      const c = await this.load(connectionId);
      if (c.status !== 'active' || !c.accessTokenEnc) throw this.reauth(c);
      const token = this.deps.vault.decrypt(c.accessTokenEnc);
      if (!this.needsRefresh(c) && token !== rejected) return this.remember(c, token, mark);
    }
    throw new AppError('PLATFORM_UNAVAILABLE', 'Timed out waiting for a token refresh');
  }

  private async refreshNow(connectionId: string, rejected: string | undefined): Promise<string> {
    const mark = this.deps.tokens.mark();
    const c = await this.load(connectionId);
    if (c.status !== 'active' || !c.accessTokenEnc || !c.refreshTokenEnc) throw this.reauth(c);
    const current = this.deps.vault.decrypt(c.accessTokenEnc);
    // Refreshed meanwhile (here or on another replica): the caller retries with the stored token,
    // which this replica's cache may not know yet.
    if (!this.needsRefresh(c) && current !== rejected) return this.remember(c, current, mark);
    const adapter = this.deps.platforms.get(c.platform);
    const app = await this.appFor(c);
    try {
      const grant = await adapter.oauth.refresh!(app, this.deps.vault.decrypt(c.refreshTokenEnc));
      const em = this.deps.em();
      const fresh = await em.findOneOrFail(Connection, { id: connectionId });
      fresh.accessTokenEnc = this.deps.vault.encrypt(grant.accessToken);
      if (grant.refreshToken) fresh.refreshTokenEnc = this.deps.vault.encrypt(grant.refreshToken);
      fresh.expiresAt = grant.expiresAt;
      fresh.lastRefreshedAt = new Date();
      // The flush drops the old token on every replica (see createConnectionServices).
      await em.flush();
      this.deps.logger.info({ connectionId, platform: c.platform }, 'access token refreshed');
      this.deps.metrics?.tokenRefreshes.inc({ platform: c.platform, outcome: 'refreshed' });
      return this.remember(fresh, grant.accessToken, this.deps.tokens.mark());
    } catch (err) {
      const reauth = isAppError(err) && err.code === 'CONNECTION_REAUTH_REQUIRED';
      this.deps.metrics?.tokenRefreshes.inc({ platform: c.platform, outcome: reauth ? 'reauth_required' : 'failed' });
      if (reauth) {
        await this.markInvalid(connectionId, 'revoked');
      }
      throw err;
    }
  }

  /** Drops cached tokens here and on every replica; ORM writes to a connection do this by themselves. */
  forget(connectionIds: string[]): Promise<void> {
    return this.deps.tokens.invalidate(connectionIds);
  }

  /** Marks a connection the platform refused; its accounts stop passing the guard at once. */
  async markInvalid(connectionId: string, status: Exclude<ConnectionStatus, 'active'>): Promise<void> {
    const em = this.deps.em();
    const c = await em.findOne(Connection, { id: connectionId });
    if (!c || c.status === 'revoked' || c.status === status) return;
    c.status = status;
    emitEvent(em, c.tenantId, 'connection.reauth_required', await connectionEventData(em, c));
    await em.flush();
    this.deps.logger.warn({ connectionId, platform: c.platform, status }, 'connection marked by the platform');
    await this.deps.onInvalid(c.tenantId, connectionId);
  }
}

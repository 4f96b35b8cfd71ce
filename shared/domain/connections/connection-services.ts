import type { EntityManager } from '@mikro-orm/postgresql';
import { ChangeSetType, type FlushEventArgs } from '@mikro-orm/core';
import type { InfraDeps } from '../../infra/infra-deps';
import type { Vault } from '../../infra/crypto';
import { redisTarget } from '../../infra/redis';
import { OutboundLimiter } from '../../platforms/core/limiter';
import { callerFactory, type CallerFor } from '../../platforms/core/caller';
import type { PlatformRegistry } from '../../platforms/core/registry';
import type { PlatformApp } from '../../platforms/core/types';
import { createPlatformRegistry } from '../../platforms';
import { AdAccountGuard } from '../ad-accounts/guard.service';
import { GuardCache } from '../ad-accounts/guard-cache';
import { AccountStore } from './account-store';
import { ConnectionService } from './connection.service';
import { TenantConnections } from './tenant-connections';
import { OAuthFlowService } from './oauth-flow.service';
import { PlatformAuthService, type AppLookup } from './platform-auth.service';
import { TokenCache } from './token-cache';
import { Connection } from '../../persistence/entities/connection.entity';

/** Connections, the ad-account guard and the platform core, spread into Services. */
export interface ConnectionServices {
  platforms: PlatformRegistry;
  limiter: OutboundLimiter;
  platformAuth: PlatformAuthService;
  /** The one way to call a platform for an account or connection: reads, writes and imports. */
  callerFor: CallerFor;
  guard: AdAccountGuard;
  oauthFlow: OAuthFlowService;
  connections: ConnectionService;
  /** Every connection of a tenant across its external users (the console). */
  tenantConnections: TenantConnections;
  /** Opens what listens: the guard cache's and the limiter's subscriptions, the token-drop hook on flushes. */
  start(): void;
  /** Closes the limiter's and the guard cache's Redis connections and the HTTP pools. Idempotent. */
  close(): Promise<void>;
}

export function createConnectionServices(
  infra: InfraDeps,
  identity: { vault: Vault; tenantApps: { getDecrypted(em: EntityManager | (() => EntityManager), tenantId: string, platform: string): Promise<PlatformApp | null> } },
): ConnectionServices {
  const { config, logger, redis, orm } = infra;
  const em = () => orm.em.fork() as EntityManager;
  const apps: AppLookup = (e, tenantId, platform) => identity.tenantApps.getDecrypted(e, tenantId, platform);
  const limiter = new OutboundLimiter({
    redisUrl: redisTarget(config),
    redis,
    prefix: config.REDIS_PREFIX,
    logger,
    readDeadlineMs: config.READ_LIMIT_DEADLINE_MS,
    headroom: config.OUTBOUND_RATE_HEADROOM,
    writeSlotWaitMs: config.WRITE_SLOT_WAIT_MS,
    reservationGraceMs: config.WRITE_RESERVATION_GRACE_MS,
  });
  // The http client reports dead tokens to the auth service built after the registry (called only at request time).
  const platforms = createPlatformRegistry({
    config,
    http: {
      limiter,
      logger,
      metrics: infra.metrics,
      connectTimeoutMs: config.HTTP_CONNECT_TIMEOUT_MS,
      responseTimeoutMs: config.HTTP_RESPONSE_TIMEOUT_MS,
      maxRetries: config.HTTP_MAX_RETRIES,
      readDeadlineMs: config.READ_DEADLINE_MS,
      limitWaitMs: config.READ_LIMIT_DEADLINE_MS,
      onConnectionInvalid: (connectionId, status) => platformAuth.markInvalid(connectionId, status),
    },
  });
  const cache = new GuardCache({ redis, prefix: config.REDIS_PREFIX, ttlMs: config.GUARD_CACHE_TTL_MS, logger });
  const guard = new AdAccountGuard(em, platforms, cache);
  const store = new AccountStore(identity.vault);
  const leewayMs = config.TOKEN_REFRESH_LEEWAY_SECONDS * 1000;
  const tokens = new TokenCache({ ttlMs: config.TOKEN_CACHE_TTL_MS, leewayMs, channel: cache });
  const platformAuth: PlatformAuthService = new PlatformAuthService({
    em,
    redis,
    prefix: config.REDIS_PREFIX,
    vault: identity.vault,
    platforms,
    apps,
    logger,
    leewayMs,
    tokens,
    onInvalid: (tenantId, connectionId) => connections.invalidateConnection(em(), tenantId, connectionId),
    metrics: infra.metrics,
  });
  const callerFor = callerFactory(() => ({ adapter: (p) => platforms.get(p), tokenSource: (id) => platformAuth.tokenSource(id), appFor: (c) => platformAuth.appFor(c) }));
  const oauthFlow = new OAuthFlowService({ platforms, vault: identity.vault, apps, store, publicUrl: config.PUBLIC_URL, logger });
  const connections: ConnectionService = new ConnectionService({ platforms, vault: identity.vault, apps, store, auth: platformAuth, guard, logger });

  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    cache.start();
    limiter.start();
    // Every committed write to a connection (refresh, mark, revoke, a new grant, Meta extension) drops
    // its cached token here and on the other replicas, whichever code path made it.
    orm.em.getEventManager().registerSubscriber({
      afterFlush: async ({ uow }: FlushEventArgs) => {
        const ids = uow
          .getChangeSets()
          .filter((cs) => cs.rootName === Connection.meta.className && cs.type !== ChangeSetType.CREATE)
          .map((cs) => (cs.entity as Connection).id);
        await tokens.invalidate([...new Set(ids)]);
      },
    });
  };

  let closed: Promise<void> | undefined;
  // Extra Redis connections and HTTP pools; the owner of the process calls this before closing Redis.
  const close = () =>
    (closed ??= (async () => {
      cache.close();
      await Promise.all([limiter.close(), platforms.close()]);
    })());
  return { platforms, limiter, platformAuth, callerFor, guard, oauthFlow, connections, tenantConnections: new TenantConnections(connections), start, close };
}

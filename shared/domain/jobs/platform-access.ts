import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../errors/app-error';
import type { JobAccountSnapshot } from '../../persistence/entities/job.entity';
import type { PlatformApp, PlatformClient, PlatformRequest as CorePlatformRequest, TokenSource } from '../../platforms/core/types';

export type JobAccount = JobAccountSnapshot;

/** One platform call as the surfaces describe it; the token and limiter keys are filled in here. */
export interface PlatformRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  query?: Record<string, unknown>;
  body?: unknown;
  kind?: 'read' | 'write';
  /** True when the platform dedupes retries itself (TikTok request_id), so the client may retry a write. */
  idempotent?: boolean;
  /** Platform headers the surface adds (Google developer-token, login-customer-id). */
  headers?: Record<string, string>;
  /** A checkpointed create's send/answer hooks (createOnce). */
  wire?: CorePlatformRequest['wire'];
}

/** The tenant app a job's calls are made with, without its secret. */
export interface CallerApp {
  clientId: string;
  /** Google: developerToken, loginCustomerId (see googleHeaders). */
  extras: PlatformApp['extras'];
}

/**
 * Calls one platform on behalf of one ad account. The token comes from the connection's token
 * source on every call (so long imports survive a refresh), which also refreshes once when Google
 * refuses it and marks the connection when a platform says it is dead.
 */
export interface PlatformCaller {
  request<T = unknown>(req: PlatformRequest): Promise<T>;
  /** The tenant's app for the account's platform (read once per caller). */
  app(): Promise<CallerApp>;
}

/**
 * How jobs reach the platforms: through the platform core (adapter registry, token service), so
 * every job call passes the same outbound limiter, keyed by the tenant's app, as reads.
 */
export interface PlatformAccess {
  callerFor(em: EntityManager, account: JobAccount): PlatformCaller;
}

/** The slice of the platform core this pipeline needs (CONTRACTS.md). */
export interface PlatformCoreServices {
  platforms: { get(platform: string): { client: Pick<PlatformClient, 'request'> } };
  platformAuth: {
    tokenSource(connectionId: string): Promise<TokenSource>;
    appFor(c: { tenantId: string; platform: string }): Promise<PlatformApp>;
  };
}

/** Memoizes a lookup; a failure is not kept, so the next call tries again. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let p: Promise<T> | undefined;
  return () => {
    if (!p) {
      p = load();
      p.catch(() => (p = undefined));
    }
    return p;
  };
}

export function corePlatformAccess(services: () => PlatformCoreServices): PlatformAccess {
  return {
    callerFor(_em, account) {
      const core = () => {
        const s = services();
        if (!s.platforms || !s.platformAuth) throw new AppError('INTERNAL', 'Platform core is not configured');
        return s;
      };
      const source = once(() => core().platformAuth.tokenSource(account.connectionId));
      const app = once(async (): Promise<CallerApp> => {
        const a = await core().platformAuth.appFor({ tenantId: account.tenantId, platform: account.platform });
        return { clientId: a.clientId, extras: a.extras };
      });
      return {
        app,
        async request<T>(req: PlatformRequest): Promise<T> {
          const token = await source();
          return core()
            .platforms.get(account.platform)
            .client.request<T>({
              ...req,
              token,
              // The grant's app, else the tenant's current one: the platform budgets calls per app.
              appKey: token.appKey ?? (await app()).clientId,
              accountKey: account.platformAccountId,
              kind: req.kind ?? (req.method === 'GET' ? 'read' : 'write'),
            });
        },
      };
    },
  };
}

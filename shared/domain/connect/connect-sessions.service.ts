import { randomUUID } from 'node:crypto';
import { randomToken, safeEqual, sha256 } from '../../infra/crypto';
import { isUuid } from '../../infra/ids';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../errors/app-error';
import { ConnectSession } from '../../persistence/entities/connect-session.entity';
import type { PlatformRegistry } from '../../platforms/core/registry';
import type { PlatformApp } from '../../platforms/core/types';
import { PLATFORMS, displayNameOf, type Platform } from '../../platforms';
import type { ExternalUserService } from '../identity/external-users.service';
import type { AppLookup } from '../connections/platform-auth.service';
import { allowedOriginsOf, assertAllowedUrl } from '../tenants/allowed-origins';

/** How long a Connect link can be opened, and how long the browser that opened it can go on. */
const CONNECT_LINK_TTL_MS = 30 * 60_000;
/** The session the Connect pages work with (the service hands the row itself to its pages). */
export type { ConnectSession };

export const CONNECT_BROWSER_TTL_MINUTES = 30;
/** Link tokens are recognisable (log redaction, secret scanners): `cs_` + 32 random bytes. */
export const CONNECT_TOKEN_PREFIX = 'cs_';


export interface CreateConnectSessionInput {
  externalUserId: string;
  platforms?: Platform[];
  returnUrl?: string;
  locale?: string;
}

export type OpenedLink =
  | { kind: 'opened'; session: ConnectSession; cookie: string }
  | { kind: 'unknown' }
  | { kind: 'expired' | 'used'; session: ConnectSession };

export type ResumedSession = { kind: 'ok'; session: ConnectSession; secret: string } | { kind: 'none' } | { kind: 'expired'; session: ConnectSession };

/** The hosted Connect page's sessions: creation (tenant API), the link's single use, the browser binding. */
export class ConnectSessionService {
  constructor(private readonly deps: { apps: AppLookup; externalUsers: ExternalUserService; platforms: PlatformRegistry }) {}

  /** Platforms the tenant has a usable app for, with that app (for the authorize URL's origin). */
  async configured(em: EntityManager, tenantId: string): Promise<{ platform: Platform; app: PlatformApp }[]> {
    const out: { platform: Platform; app: PlatformApp }[] = [];
    for (const platform of PLATFORMS) {
      const app = await this.deps.apps(em, tenantId, platform);
      if (app) out.push({ platform, app });
    }
    return out;
  }

  async create(em: EntityManager, tenantId: string, input: CreateConnectSessionInput, base: string) {
    const configured = (await this.configured(em, tenantId)).map((c) => c.platform);
    const asked = input.platforms ? [...new Set(input.platforms)] : undefined;
    const missing = (asked ?? []).filter((p) => !configured.includes(p));
    if (missing.length) {
      throw new AppError('PLATFORM_APP_NOT_CONFIGURED', `No app is configured for ${missing.join(', ')}`, {
        details: missing.map((p) => ({ path: 'body.platforms', message: `${p} has no app configured for this tenant (POST /api/v1/tenant/apps/${p})` })),
      });
    }
    if (!(asked ?? configured).length) throw new AppError('PLATFORM_APP_NOT_CONFIGURED', 'No platform app is configured for this tenant');
    if (input.returnUrl) assertAllowedUrl(input.returnUrl, await allowedOriginsOf(em, tenantId, base), 'body.returnUrl');
    const user = await this.deps.externalUsers.findOrCreate(() => em, tenantId, input.externalUserId);
    const token = `${CONNECT_TOKEN_PREFIX}${randomToken(32)}`;
    const expiresAt = new Date(Date.now() + CONNECT_LINK_TTL_MS);
    em.create(ConnectSession, {
      id: randomUUID(),
      tenantId,
      externalUserId: user.id,
      tokenHash: sha256(token),
      platforms: asked ?? null,
      returnUrl: input.returnUrl ?? null,
      locale: input.locale ?? null,
      expiresAt,
      createdAt: new Date(),
    });
    await em.flush();
    return { token, url: `${base}/connect/${token}`, expiresAt: expiresAt.toISOString() };
  }

  /**
   * The link's one use: claimed atomically (two tabs opening it at once: one wins), bound to a new
   * browser secret. The cookie carries `<session id>.<secret>`; only the secret's hash is stored.
   */
  async open(em: EntityManager, token: string): Promise<OpenedLink> {
    if (!token.startsWith(CONNECT_TOKEN_PREFIX) || token.length > 100) return { kind: 'unknown' };
    const hash = sha256(token);
    const secret = randomToken(32);
    const claimed = await em.getConnection().execute<{ id: string }[]>(
      `update connect_sessions set used_at = now(), browser_secret_hash = ?, browser_expires_at = now() + interval '${CONNECT_BROWSER_TTL_MINUTES} minutes'
       where token_hash = ? and used_at is null and expires_at > now() returning id`,
      [sha256(secret), hash],
    );
    const session = await em.findOne(ConnectSession, { tokenHash: hash });
    if (!session) return { kind: 'unknown' };
    if (!claimed.length) return { kind: session.usedAt ? 'used' : 'expired', session };
    return { kind: 'opened', session, cookie: `${session.id}.${secret}` };
  }

  /** The session a browser's cookie names, if the cookie's secret is the one bound to it and still valid. */
  async resume(em: EntityManager, cookie: string | undefined): Promise<ResumedSession> {
    const [id, secret, extra] = (cookie ?? '').split('.');
    if (!id || !secret || extra !== undefined || !isUuid(id) || secret.length > 100) return { kind: 'none' };
    const session = await em.findOne(ConnectSession, { id });
    if (!session?.browserSecretHash || !safeEqual(session.browserSecretHash, sha256(secret))) return { kind: 'none' };
    if (!session.browserExpiresAt || session.browserExpiresAt.getTime() <= Date.now()) return { kind: 'expired', session };
    return { kind: 'ok', session, secret };
  }

  /** The platforms this session offers: configured by the tenant and, when the session names some, among them. */
  async offered(em: EntityManager, session: ConnectSession) {
    const configured = await this.configured(em, session.tenantId);
    return configured
      .filter((c) => !session.platforms || session.platforms.includes(c.platform))
      .map((c) => {
        const adapter = this.deps.platforms.get(c.platform);
        // Only the origin is kept: the page's CSP must let the form continue to the platform's dialog.
        const authorizeOrigin = new URL(adapter.oauth.authorizeUrl({ app: c.app, redirectUri: 'https://gateway.invalid/', state: 'x', scopes: [] })).origin;
        return { platform: c.platform, name: displayNameOf(c.platform), authorizeOrigin };
      });
  }

  /** The allowed origins of the session's tenant (returnUrl, framing, postMessage targets). */
  origins(em: EntityManager, session: ConnectSession, base: string): Promise<string[]> {
    return allowedOriginsOf(em, session.tenantId, base);
  }
}

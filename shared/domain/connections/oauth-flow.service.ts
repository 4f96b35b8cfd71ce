import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, isAppError } from '../../errors/app-error';
import type { Logger } from '../../infra/logger';
import type { Vault } from '../../infra/crypto';
import { OAuthState } from '../../persistence/entities/oauth-state.entity';
import { Connection } from '../../persistence/entities/connection.entity';
import type { PlatformRegistry } from '../../platforms/core/registry';
import type { Platform } from '../../platforms';
import type { AccountStore } from './account-store';
import type { AppLookup } from './platform-auth.service';
import { allowedOriginsOf, assertAllowedUrl } from '../tenants/allowed-origins';
import { gatewayBase } from '../../infra/public-url';

export const STATE_TTL_MS = 10 * 60_000;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const b64url = (b: Buffer) => b.toString('base64url');

export interface CallbackOutcome {
  /** Where to send the browser; absent = answer with JSON. */
  redirectUri?: string | null;
  status: 'success' | 'error';
  connectionId?: string;
  code?: string;
  message?: string;
  platform: string;
  adAccounts?: number;
}

/** Authorize URL and callback (docs/api-conventions.md §5). */
export class OAuthFlowService {
  constructor(
    private readonly deps: {
      platforms: PlatformRegistry;
      vault: Vault;
      apps: AppLookup;
      store: AccountStore;
      publicUrl: string;
      logger: Logger;
    },
  ) {}

  /**
   * The gateway URL the platform redirects to. PUBLIC_URL normally; when the process listens on an
   * ephemeral port (PORT=0: tests, sandbox) the address the caller used is the only usable one.
   */
  callbackUri(platform: string, requestBase?: string): string {
    return `${gatewayBase(this.deps.publicUrl, requestBase)}/api/v1/connections/${platform}/callback`;
  }

  async authUrl(em: EntityManager, input: { tenantId: string; userId: string; platform: Platform; redirectUri?: string; scopes?: string[]; requestBase?: string }) {
    const adapter = this.deps.platforms.get(input.platform);
    const app = await this.deps.apps(em, input.tenantId, input.platform);
    if (!app) throw new AppError('PLATFORM_APP_NOT_CONFIGURED', `No ${input.platform} app is configured for this tenant`);
    if (input.redirectUri) {
      const own = new URL(this.callbackUri(input.platform, input.requestBase)).origin;
      assertAllowedUrl(input.redirectUri, await allowedOriginsOf(em, input.tenantId, own), 'body.redirectUri');
    }
    const state = b64url(randomBytes(32));
    const verifier = adapter.oauth.usesPkce ? b64url(randomBytes(48)) : undefined;
    const challenge = verifier ? b64url(createHash('sha256').update(verifier).digest()) : undefined;
    const expiresAt = new Date(Date.now() + STATE_TTL_MS);
    const callbackUri = this.callbackUri(input.platform, input.requestBase);
    const scopes = input.scopes ?? [];
    em.create(OAuthState, {
      id: randomUUID(),
      tenantId: input.tenantId,
      externalUserId: input.userId,
      platform: input.platform,
      stateHash: sha256(state),
      codeVerifierEnc: verifier ? this.deps.vault.encrypt(verifier) : null,
      callbackUri,
      redirectUri: input.redirectUri ?? app.redirectUri ?? null,
      scopes,
      expiresAt,
      createdAt: new Date(),
    });
    await em.flush();
    const rerequest = await this.lacksScopes(em, input, scopes.length ? scopes : adapter.descriptor.scopes);
    const url = adapter.oauth.authorizeUrl({ app, redirectUri: callbackUri, state, scopes, codeChallenge: challenge, rerequest });
    return { url, state, expiresAt: expiresAt.toISOString() };
  }

  /** A re-consent: an earlier OAuth grant of this user on this platform lacks some of the scopes asked for now. */
  private async lacksScopes(em: EntityManager, input: { tenantId: string; userId: string; platform: Platform }, scopes: readonly string[]): Promise<boolean> {
    const earlier = await em.find(Connection, { tenantId: input.tenantId, externalUserId: input.userId, platform: input.platform, kind: 'oauth' }, { fields: ['scopes'] });
    return earlier.some((c) => scopes.some((s) => !c.scopes.includes(s)));
  }

  /** Never throws for platform or state problems: every outcome is reported to the redirect URI. */
  async callback(em: EntityManager, platform: Platform, query: Record<string, unknown>): Promise<CallbackOutcome> {
    const adapter = this.deps.platforms.get(platform);
    const cb = adapter.oauth.readCallback(query);
    if (!cb.state) throw new AppError('VALIDATION_FAILED', 'The callback has no state', { details: [{ path: 'query.state', message: 'Required' }] });
    const row = await em.findOne(OAuthState, { stateHash: sha256(cb.state), platform });
    if (!row) throw new AppError('VALIDATION_FAILED', 'Unknown OAuth state', { details: [{ path: 'query.state', message: 'unknown or foreign state' }] });
    const base = { redirectUri: row.redirectUri, platform };
    // Claim the state atomically: a second callback with the same state loses even if concurrent.
    const claimed = await em.getConnection().execute<{ id: string }[]>(
      'update oauth_states set used_at = now() where id = ? and used_at is null and expires_at > now() returning id',
      [row.id],
    );
    if (!claimed.length) {
      const code = row.usedAt ? 'STATE_REUSED' : 'STATE_EXPIRED';
      return { ...base, status: 'error', code, message: code === 'STATE_REUSED' ? 'This authorization was already used' : 'The authorization expired; start again' };
    }
    if (cb.error) {
      const denied = /denied|cancel/i.test(cb.error);
      return { ...base, status: 'error', code: denied ? 'ACCESS_DENIED' : 'PLATFORM_REJECTED', message: cb.errorDescription ?? cb.error };
    }
    if (!cb.code) return { ...base, status: 'error', code: 'MISSING_CODE', message: 'The platform sent no authorization code' };
    try {
      const app = await this.deps.apps(em, row.tenantId, platform);
      if (!app) throw new AppError('PLATFORM_APP_NOT_CONFIGURED', `No ${platform} app is configured for this tenant`);
      const grant = await adapter.oauth.exchangeCode({
        app,
        code: cb.code,
        redirectUri: row.callbackUri,
        codeVerifier: row.codeVerifierEnc ? this.deps.vault.decrypt(row.codeVerifierEnc) : undefined,
      });
      const connection = await this.deps.store.saveGrant(em, { tenantId: row.tenantId, userId: row.externalUserId, platform, kind: 'oauth', app, grant });
      const accounts = await adapter.operations.discoverAccounts({ app, token: grant.accessToken, grant });
      await this.deps.store.saveDiscovered(em, connection, accounts);
      return { ...base, status: 'success', connectionId: connection.id, adAccounts: accounts.length };
    } catch (err) {
      const e = isAppError(err) ? err : undefined;
      if (!e) this.deps.logger.error({ err, platform }, 'oauth callback failed');
      return { ...base, status: 'error', code: e?.code ?? 'INTERNAL', message: e?.message ?? 'The connection could not be completed' };
    }
  }
}

import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, isAppError } from '../../errors/app-error';
import type { ConnectSession } from '../../persistence/entities/connect-session.entity';
import { Connection } from '../../persistence/entities/connection.entity';
import { isPlatform } from '../../platforms';
import type { AdAccountView, Caller, ConnectionService } from '../connections/connection.service';
import type { OAuthFlowService } from '../connections/oauth-flow.service';
import type { ExternalUserService } from '../identity/external-users.service';
import type { ConnectSessionService } from './connect-sessions.service';
import { isUuid } from '../../infra/ids';

/** Where the platform's OAuth callback sends the browser back to, below the gateway's base URL. */
const CONNECT_RETURN_PATH = '/connect/return';


export interface ActivationFailure {
  adAccountId: string;
  name: string | null;
  code: string;
}

/** The steps of the Connect page after the link was opened: platform, OAuth, accounts, activation. */
export class ConnectFlowService {
  constructor(
    private readonly deps: { sessions: ConnectSessionService; oauthFlow: OAuthFlowService; connections: ConnectionService; externalUsers: ExternalUserService },
  ) {}

  private caller(session: ConnectSession): Caller {
    return { tenantId: session.tenantId, userId: session.externalUserId };
  }

  /** Starts the platform's OAuth for the session's user; answers the authorize URL to send the browser to. */
  async start(em: EntityManager, session: ConnectSession, platform: string, base: string): Promise<string> {
    const offered = await this.deps.sessions.offered(em, session);
    if (!isPlatform(platform) || !offered.some((o) => o.platform === platform)) {
      throw new AppError('VALIDATION_FAILED', 'This platform is not offered here', { details: [{ path: 'body.platform', message: 'not offered by this session' }] });
    }
    const { url } = await this.deps.oauthFlow.authUrl(em, { ...this.caller(session), platform, redirectUri: `${base}${CONNECT_RETURN_PATH}`, requestBase: base });
    session.platform = platform;
    session.connectionId = null;
    session.completedAt = null;
    await em.flush();
    return url;
  }

  /**
   * The OAuth callback's verdict. Its URL can be typed by anyone, so a success only counts for an
   * active connection of this session's user on the platform chosen here.
   */
  async returned(em: EntityManager, session: ConnectSession, q: { status: string; platform: string; connectionId: string; code: string }): Promise<{ ok: true } | { ok: false; code: string }> {
    if (q.status !== 'success') return { ok: false, code: q.code || 'PLATFORM_REJECTED' };
    if (!session.platform || q.platform !== session.platform || !isUuid(q.connectionId)) return { ok: false, code: 'CONNECTION_NOT_FOUND' };
    const c = await em.findOne(Connection, { id: q.connectionId, tenantId: session.tenantId, externalUserId: session.externalUserId, platform: session.platform, status: 'active' });
    if (!c) return { ok: false, code: 'CONNECTION_NOT_FOUND' };
    session.connectionId = c.id;
    session.completedAt = null;
    await em.flush();
    return { ok: true };
  }

  /** The ad accounts the session's connection discovered, as its user sees them (active, available, owned by another). */
  async accounts(em: EntityManager, session: ConnectSession): Promise<AdAccountView[]> {
    if (!session.connectionId || !session.platform || !isPlatform(session.platform)) return [];
    const [item] = await this.deps.connections.list(em, this.caller(session), session.platform, [session.connectionId]);
    return item?.adAccounts ?? [];
  }

  /**
   * Activates the chosen accounts, one by one, through the session's connection. Only accounts the
   * connection discovered count; the ones already active are left as they are.
   */
  async activate(em: EntityManager, session: ConnectSession, chosen: string[]): Promise<{ activated: AdAccountView[]; failed: ActivationFailure[] }> {
    const listed = await this.accounts(em, session);
    const platform = session.platform;
    if (!platform || !isPlatform(platform)) throw new AppError('CONNECTION_NOT_FOUND', 'No platform was connected in this session');
    const activated: AdAccountView[] = [];
    const failed: ActivationFailure[] = [];
    for (const a of listed.filter((l) => chosen.includes(l.adAccountId) && l.status !== 'active')) {
      try {
        // A fork per account: a refusal in one activation leaves nothing behind in the next one's unit of work.
        activated.push(await this.deps.connections.activate(em.fork(), this.caller(session), platform, a.adAccountId));
      } catch (err) {
        if (!isAppError(err)) throw err;
        failed.push({ adAccountId: a.adAccountId, name: a.name, code: err.code });
      }
    }
    if (!failed.length) {
      session.completedAt = new Date();
      await em.flush();
    }
    return { activated, failed };
  }

  /** What the success page reports: the connection and every account of it now active for the user. */
  async summary(em: EntityManager, session: ConnectSession) {
    const user = await this.deps.externalUsers.get(em, session.tenantId, session.externalUserId);
    const active = (await this.accounts(em, session)).filter((a) => a.status === 'active');
    return { platform: session.platform ?? '', connectionId: session.connectionId ?? '', externalUserId: user?.externalId ?? '', adAccounts: active };
  }
}

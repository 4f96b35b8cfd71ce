import type { ConnectionServices } from '../connections/connection-services';
import type { IdentityServices } from '../identity/identity-services';
import { ConnectFlowService } from './connect-flow.service';
import { ConnectSessionService } from './connect-sessions.service';

/** The hosted Connect page's use cases. */
export interface ConnectServices {
  sessions: ConnectSessionService;
  flow: ConnectFlowService;
}

export function createConnectServices(identity: IdentityServices, connections: ConnectionServices): ConnectServices {
  const sessions = new ConnectSessionService({
    apps: (em, tenantId, platform) => identity.tenantApps.getDecrypted(em, tenantId, platform),
    externalUsers: identity.externalUsers,
    platforms: connections.platforms,
  });
  const flow = new ConnectFlowService({ sessions, oauthFlow: connections.oauthFlow, connections: connections.connections, externalUsers: identity.externalUsers });
  return { sessions, flow };
}

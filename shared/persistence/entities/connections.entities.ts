export { OAuthState } from './oauth-state.entity';
export { Connection } from './connection.entity';
export { AdAccount, ConnectionAccount } from './ad-account.entity';
export { ConnectSession } from './connect-session.entity';

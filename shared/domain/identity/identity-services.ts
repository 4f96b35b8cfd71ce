import type { InfraDeps } from '../../infra/infra-deps';
import { Vault } from '../../infra/crypto';
import { createMailer, type Mailer } from '../../infra/mailer';
import { TokenService } from './tokens.service';
import { ApiKeyService } from './api-keys.service';
import { ExternalUserService } from './external-users.service';
import { Authenticator } from './authenticator';
import { TenantUserService } from '../tenants/tenant-users.service';
import { TenantService } from '../tenants/tenants.service';
import { InvitationService } from '../tenants/invitations.service';
import { TenantAppService } from '../tenants/tenant-apps.service';

/** Identity and tenancy services (issue 4), spread into the process-wide Services container. */
export interface IdentityServices {
  vault: Vault;
  mailer: Mailer;
  tokens: TokenService;
  apiKeys: ApiKeyService;
  externalUsers: ExternalUserService;
  authenticator: Authenticator;
  tenants: TenantService;
  tenantUsers: TenantUserService;
  invitations: InvitationService;
  tenantApps: TenantAppService;
}

export function createIdentityServices(infra: InfraDeps): IdentityServices {
  const { config, logger } = infra;
  const vault = new Vault(config.ENCRYPTION_KEYS);
  const mailer = createMailer(config.SMTP_URL, config.MAIL_FROM);
  const tokens = new TokenService(config);
  const apiKeys = new ApiKeyService(config.API_KEY_GRACE_SECONDS, config.API_KEY_CACHE_TTL_MS);
  const externalUsers = new ExternalUserService(tokens);
  const tenantUsers = new TenantUserService(config, tokens, mailer, logger);
  return {
    vault,
    mailer,
    tokens,
    apiKeys,
    externalUsers,
    authenticator: new Authenticator(tokens, apiKeys, externalUsers),
    tenants: new TenantService(tenantUsers, apiKeys, tokens),
    tenantUsers,
    invitations: new InvitationService(config, tenantUsers, tokens, mailer, logger),
    tenantApps: new TenantAppService(vault),
  };
}

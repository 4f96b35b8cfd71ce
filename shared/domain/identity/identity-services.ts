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
import { Revocations } from './revocations';

/** Identity and tenancy services, spread into the process-wide Services container. */
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
  revocations: Revocations;
}

export function createIdentityServices(infra: InfraDeps): IdentityServices {
  const { config, logger } = infra;
  const vault = new Vault(config.ENCRYPTION_KEYS);
  const mailer = createMailer(config.SMTP_URL, config.MAIL_FROM);
  const tokens = new TokenService(config);
  const apiKeys = new ApiKeyService(config.API_KEY_GRACE_SECONDS, config.API_KEY_CACHE_TTL_MS);
  const externalUsers = new ExternalUserService(tokens);
  const tenantUsers = new TenantUserService(config, tokens, mailer, logger);
  // Kept while any token issued before the revocation may still verify.
  const retainSeconds = Math.max(config.ACCESS_TOKEN_TTL_SECONDS, config.TENANT_TOKEN_TTL_SECONDS, config.REFRESH_TOKEN_TTL_SECONDS) + 60;
  const revocations = new Revocations({ orm: infra.orm, redis: infra.redis, prefix: config.REDIS_PREFIX, logger, retainSeconds });
  revocations.onRevoked((s) => {
    if (s.externalId) externalUsers.forget(s.tenantId, s.externalId);
    if (!s.userId) apiKeys.forgetVerified();
  });
  return {
    vault,
    mailer,
    tokens,
    apiKeys,
    externalUsers,
    authenticator: new Authenticator(tokens, apiKeys, externalUsers, revocations),
    tenants: new TenantService(tenantUsers, apiKeys, tokens),
    tenantUsers,
    invitations: new InvitationService(config, tenantUsers, tokens, mailer, logger),
    tenantApps: new TenantAppService(vault),
    revocations,
  };
}

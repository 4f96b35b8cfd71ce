export { Tenant } from './tenant.entity';
export { TenantUser } from './tenant-user.entity';
export { Invitation } from './invitation.entity';
export { ApiKey } from './api-key.entity';
export { TenantApp } from './tenant-app.entity';
export { ExternalUser } from './external-user.entity';
export { RefreshToken } from './refresh-token.entity';
export { PasswordReset } from './password-reset.entity';

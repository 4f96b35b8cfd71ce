import type { AuthContext, TenantRole } from '../../../shared/domain/identity/auth-context';
import { AppError } from '../../../shared/errors/app-error';

/**
 * The tenant the caller administers. With `roles`, a tenant user must hold one of them; the tenant's
 * API key acts for the tenant itself and may do everything except what needs a person (`userOnly`).
 */
export function tenantOf(auth: AuthContext, roles?: TenantRole[], opts: { userOnly?: boolean } = {}): string {
  if (auth.kind === 'tenant-api-key') {
    if (opts.userOnly) throw new AppError('FORBIDDEN', 'This needs a tenant user token, not an API key');
    return auth.tenantId;
  }
  if (auth.kind !== 'tenant-user') throw new AppError('UNAUTHENTICATED', 'A tenant credential is required');
  if (roles && !roles.includes(auth.role)) {
    throw new AppError('FORBIDDEN', `This needs the ${roles.join(' or ')} role`);
  }
  return auth.tenantId;
}

export const userOf = (auth: AuthContext): string => {
  if (auth.kind !== 'tenant-user') throw new AppError('FORBIDDEN', 'This needs a tenant user token, not an API key');
  return auth.tenantUserId;
};

export const ADMINS: TenantRole[] = ['owner', 'admin'];
export const OWNER: TenantRole[] = ['owner'];

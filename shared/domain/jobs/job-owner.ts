import { AppError } from '../../errors/app-error';
import type { AuthContext } from '../identity/auth-context';

/** The tenant and the principal that owns (and alone may read) the jobs a caller creates. */
export function jobOwner(auth: AuthContext | undefined): { tenantId: string; ownerKey: string } {
  switch (auth?.kind) {
    case 'external-user':
      return { tenantId: auth.tenantId, ownerKey: `eu:${auth.userId}` };
    case 'tenant-api-key':
      return { tenantId: auth.tenantId, ownerKey: `key:${auth.apiKeyId}` };
    case 'tenant-user':
      return { tenantId: auth.tenantId, ownerKey: `tu:${auth.tenantUserId}` };
    default:
      throw new AppError('FORBIDDEN', 'Jobs belong to a tenant caller');
  }
}

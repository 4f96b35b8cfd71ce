import { AppError } from '../../../shared/errors/app-error';
import type { AuthContext } from '../../../shared/domain/identity/auth-context';
import type { Caller } from '../../../shared/domain/connections/connection.service';

/** Connections belong to an external user; other credential kinds cannot own one. */
export function callerOf(auth: AuthContext): Caller {
  if (auth.kind !== 'external-user') throw new AppError('FORBIDDEN', 'Connections belong to an external user');
  return { tenantId: auth.tenantId, userId: auth.userId };
}

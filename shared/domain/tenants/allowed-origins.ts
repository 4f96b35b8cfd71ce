import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../errors/app-error';
import { Tenant } from '../../persistence/entities/tenant.entity';

/** `https://app.example.com` or `http://localhost:5173`: scheme, host and port only, as browsers send it. */
export function isOrigin(value: string): boolean {
  try {
    const u = new URL(value);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.origin === value;
  } catch {
    return false;
  }
}

/**
 * The origins a tenant's users may be sent back to (OAuth redirectUri, Connect returnUrl) and that may
 * embed the Connect page: the tenant's `allowedOrigins` setting plus the gateway's own origin (its
 * connection-result page), so with an empty list only the gateway itself.
 */
export async function allowedOriginsOf(em: EntityManager, tenantId: string, gatewayUrl: string): Promise<string[]> {
  const tenant = await em.findOne(Tenant, { id: tenantId });
  const list = tenant?.settings.allowedOrigins ?? [];
  const own = new URL(gatewayUrl).origin;
  return list.includes(own) ? list : [...list, own];
}

/** Throws 400 VALIDATION_FAILED naming `path` unless the URL's origin is allowed. */
export function assertAllowedUrl(url: string, allowed: string[], path: string): void {
  let origin: string | undefined;
  try {
    origin = new URL(url).origin;
  } catch {
    origin = undefined;
  }
  if (!origin || !allowed.includes(origin)) {
    throw new AppError('VALIDATION_FAILED', `${path.split('.').pop()} must be on one of the tenant's allowed origins`, {
      details: [{ path, message: `origin ${origin ?? '(invalid)'} is not in the tenant's allowedOrigins (${allowed.join(', ')})` }],
    });
  }
}

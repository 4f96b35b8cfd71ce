import type { TenantRole } from '../../persistence/entities/tenant-role';

export type { TenantRole };

/** Who is calling, as established by the authenticate middleware. */
export type AuthContext =
  | {
      kind: 'external-user';
      tenantId: string;
      /** Primary key of the ExternalUser row. */
      userId: string;
      /** The tenant's own id for the user (externalUserId / teamId). */
      externalId: string;
      via: 'bearer' | 'query-token' | 'api-key' | 'team';
    }
  | { kind: 'tenant-user'; tenantId: string; tenantUserId: string; role: TenantRole }
  | { kind: 'tenant-api-key'; tenantId: string; apiKeyId: string }
  | { kind: 'operator' };

/**
 * How a route authenticates:
 * - `external`: Bearer access token, `?token=`, or x-api-key + externalUserId (docs/api-conventions.md §3)
 * - `external-or-key`: as `external`, or x-api-key alone for the tenant itself (jobs it created)
 * - `team`: x-api-key only; the `teamId` path parameter names the external user
 * - `api-key`: x-api-key only, no user (e.g. POST /auth/token)
 * - `external-refresh` / `team-refresh`: an external user's refresh token
 * - `tenant`: a tenant user's access token, or x-api-key (tenant administration)
 * - `tenant-refresh`: a tenant user's refresh token
 * - `tenant-or-external`: as `tenant` (a tenant user's token, or x-api-key alone), or as `external` (the audit trail)
 * - `none`: public
 */
export type AuthMode =
  | 'none'
  | 'external'
  | 'external-or-key'
  | 'team'
  | 'api-key'
  | 'external-refresh'
  | 'team-refresh'
  | 'tenant'
  | 'tenant-refresh'
  | 'tenant-or-external';

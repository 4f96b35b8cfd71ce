import { EntitySchema } from '@mikro-orm/core';
import type { TenantRole } from './tenant-role';
import { Tenant } from './tenant.entity';

export interface TenantUser {
  id: string;
  tenant: Tenant;
  /** Lower-cased; unique across the service because login is by email alone. */
  email: string;
  name: string;
  role: TenantRole;
  passwordHash: string;
  /** Bumped on password change/reset; tenant-user tokens carrying an older value stop working. */
  tokenVersion: number;
  createdAt: Date;
  updatedAt: Date;
}

export const TenantUser = new EntitySchema<TenantUser>({
  name: 'TenantUser',
  tableName: 'tenant_users',
  properties: {
    id: { type: 'uuid', primary: true },
    tenant: { kind: 'm:1', entity: () => Tenant },
    email: { type: 'string' },
    name: { type: 'string' },
    role: { type: 'string' },
    passwordHash: { type: 'string', hidden: true },
    tokenVersion: { type: 'integer', default: 0 },
    createdAt: { type: 'Date', columnType: 'timestamptz', onCreate: () => new Date() },
    updatedAt: { type: 'Date', columnType: 'timestamptz', onCreate: () => new Date(), onUpdate: () => new Date() },
  },
});

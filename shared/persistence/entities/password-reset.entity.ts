import { EntitySchema } from '@mikro-orm/core';
import { Tenant } from './tenant.entity';
import { TenantUser } from './tenant-user.entity';

export interface PasswordReset {
  id: string;
  tenant: Tenant;
  user: TenantUser;
  tokenHash: string;
  expiresAt: Date;
  usedAt?: Date | null;
  createdAt: Date;
}

export const PasswordReset = new EntitySchema<PasswordReset>({
  name: 'PasswordReset',
  tableName: 'password_resets',
  properties: {
    id: { type: 'uuid', primary: true },
    tenant: { kind: 'm:1', entity: () => Tenant },
    user: { kind: 'm:1', entity: () => TenantUser, fieldName: 'tenant_user_id' },
    tokenHash: { type: 'string', hidden: true },
    expiresAt: { type: 'Date', columnType: 'timestamptz' },
    usedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    createdAt: { type: 'Date', columnType: 'timestamptz', onCreate: () => new Date() },
  },
});

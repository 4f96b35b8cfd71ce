import { EntitySchema } from '@mikro-orm/core';
import type { TenantRole } from './tenant-role';
import { Tenant } from './tenant.entity';

export interface Invitation {
  id: string;
  tenant: Tenant;
  email: string;
  role: TenantRole;
  tokenHash: string;
  invitedBy?: string | null;
  expiresAt: Date;
  acceptedAt?: Date | null;
  revokedAt?: Date | null;
  createdAt: Date;
}

export const Invitation = new EntitySchema<Invitation>({
  name: 'Invitation',
  tableName: 'invitations',
  properties: {
    id: { type: 'uuid', primary: true },
    tenant: { kind: 'm:1', entity: () => Tenant },
    email: { type: 'string' },
    role: { type: 'string' },
    tokenHash: { type: 'string', hidden: true },
    invitedBy: { type: 'uuid', nullable: true },
    expiresAt: { type: 'Date', columnType: 'timestamptz' },
    acceptedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    revokedAt: { type: 'Date', columnType: 'timestamptz', nullable: true },
    createdAt: { type: 'Date', columnType: 'timestamptz', onCreate: () => new Date() },
  },
});

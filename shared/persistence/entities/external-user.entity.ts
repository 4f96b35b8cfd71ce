import { EntitySchema } from '@mikro-orm/core';
import { Tenant } from './tenant.entity';

export interface ExternalUser {
  id: string;
  tenant: Tenant;
  /** The tenant's own id for its user (externalUserId / teamId); unique per tenant. */
  externalId: string;
  email?: string | null;
  name?: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export const ExternalUser = new EntitySchema<ExternalUser>({
  name: 'ExternalUser',
  tableName: 'external_users',
  properties: {
    id: { type: 'uuid', primary: true },
    tenant: { kind: 'm:1', entity: () => Tenant },
    externalId: { type: 'string' },
    email: { type: 'string', nullable: true },
    name: { type: 'string', nullable: true },
    createdAt: { type: 'Date', columnType: 'timestamptz', onCreate: () => new Date() },
    updatedAt: { type: 'Date', columnType: 'timestamptz', onCreate: () => new Date(), onUpdate: () => new Date() },
  },
});
